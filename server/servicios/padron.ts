// The association's registry of physicians: is this DNI + matrícula a member? Both routes that ask
// (the DNI check and solicitud/crear) spend one budget of look-ups per client, counted in the
// database (DNI_CHECK_MAX per DNI_CHECK_WINDOW_MINUTES).
import type { Config } from '../config.js';
import type { Db } from '../db/esquema.js';
import { limitePorCliente } from '../plugins/limites.js';
import { CLAVES } from './contadores.js';

export const limiteDelPadron = (config: Config) =>
  limitePorCliente(CLAVES.padron, config.dniCheckMax, config.dniCheckWindowMinutes * 60_000);

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
