// A deletion of the person's data (producto §13, server/datos-personales/supresion.ts) takes the
// application's verifications at the source with it (producto §17): their notes may quote the
// person and their evidence files show the person's documents. The rows go in the deletion's
// transaction; the evidence objects are removed from the store after its commit, with the
// documents' (one left behind is an orphan the draft sweep removes).
import type { Db } from '../db/esquema.js';

/** Deletes application `solicitudId`'s verifications in `trx`; answers the store names of their evidence. */
export async function suprimirVerificaciones(trx: Db, solicitudId: string): Promise<string[]> {
  const filas = await trx
    .deleteFrom('verificaciones')
    .where('solicitud_id', '=', solicitudId)
    .returning('evidencia_archivo')
    .execute();
  return filas.map((f) => f.evidencia_archivo).filter((a): a is string => a !== null);
}
