// "The newest approved application of its DNI" (producto §17): the one the yearly re-attestation
// and the re-credentialing count from — once a re-credentialing is approved, the older approval
// asks nothing more. One condition for both tasks (server/confirmacion/apertura.ts,
// server/recredencializacion/apertura.ts), over a query of `solicitudes as s`.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../db/esquema.js';

export const esLaUltimaAprobadaDeSuDni = (
  eb: ExpressionBuilder<Database & { s: Database['solicitudes'] }, 's'>,
) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('solicitudes as o')
        .select(sql.lit(1).as('uno'))
        .whereRef('o.dni', '=', 's.dni')
        .whereRef('o.id', '<>', 's.id')
        .where('o.estado', '=', 'aprobada')
        .where('o.suprimida_en', 'is', null)
        .whereRef('o.resuelta_en', '>', 's.resuelta_en'),
    ),
  );
