// Whom an applicant's message is written to, read when it is sent: the application's number and
// name, or null once its data were deleted (producto §13) — nobody to write to, as if the
// application were gone. One read for every applicant message (./mensajes.ts and the messages of
// producto §17 beside it).
import type { Db } from '../db/esquema.js';

export const destinatarioVigente = (db: Db, solicitudId: string) =>
  db
    .selectFrom('solicitudes')
    .select(['numero', 'apellidoynombre'])
    .where('id', '=', solicitudId)
    .where('suprimida_en', 'is', null)
    .executeTakeFirst();
