// The association's registry of physicians: is this DNI + matrícula a member? The routes that ask
// spend a budget of look-ups per client (solicitud/rutas/limite-del-padron.ts).
import type { Db } from '../db/esquema.js';

export const CIRCUNSCRIPCION_ROSARIO = 1;

/** Always the same indexed query, whatever the input, so found and not found cost the same. */
export async function estaEnPadron(
  db: Db,
  dni: string,
  matricula: string,
  circunscripcion: number,
): Promise<boolean> {
  const fila = await db
    .selectFrom('padron')
    .select('dni')
    .where('dni', '=', dni)
    .where('matricula', '=', matricula.trim())
    .where('circunscripcion', '=', circunscripcion)
    .executeTakeFirst();
  return fila !== undefined;
}
