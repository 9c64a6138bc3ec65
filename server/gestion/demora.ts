// "Demorada" (producto §15): an application waiting on staff (Recibida, En revisión, Corregida —
// ESPERAN_AL_PERSONAL) for more than PLAZO_REVISION_DIAS working days in its status. One
// definition for the inbox's mark, its "Para hoy → Demoradas" filter and the Tablero's count:
// the working days become one instant (inicioDelPlazo, server/correcciones/plazo.ts) compared
// with the stored `estado_desde`, so SQL answers it through the index (estado, estado_desde) of
// migration 012 and no row's working days are counted one by one.
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { ESPERAN_AL_PERSONAL, type Estado } from '../../domain/index.js';
import type { Database } from '../db/esquema.js';
import { inicioDelPlazo } from '../correcciones/plazo.js';

/**
 * The instant before which an application that entered its status then is Demorada at `ahora`
 * (more than `dias` working days since, diasHabilesEntre > dias).
 */
export const inicioDeLaDemora = (ahora: Date, dias: number): string => inicioDelPlazo(ahora, dias);

/**
 * The rows of `solicitudes` that are Demorada at `ahora` with a deadline of `dias` working days
 * (config.plazoRevisionDias). For a query on `solicitudes` without an alias.
 */
export function condicionDemorada(
  eb: ExpressionBuilder<Database, 'solicitudes'>,
  ahora: Date,
  dias: number,
): Expression<SqlBool> {
  return eb.and([
    eb('estado', 'in', ESPERAN_AL_PERSONAL),
    eb('estado_desde', '<', inicioDeLaDemora(ahora, dias)),
  ]);
}

/**
 * The same question of a row already read (the inbox's page): the same comparison of instants
 * (both ISO 8601 in UTC, so the strings compare as the instants do), so a row marked on the page
 * is exactly a row the filter finds. `inicio` is inicioDeLaDemora, computed once per page.
 */
export const esDemorada = (fila: { estado: string; estado_desde: string }, inicio: string): boolean =>
  (ESPERAN_AL_PERSONAL as readonly string[]).includes(fila.estado as Estado) && fila.estado_desde < inicio;
