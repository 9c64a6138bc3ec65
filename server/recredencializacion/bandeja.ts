// Re-credentialing in the inbox (producto §17), defined once for the options of "Para hoy"
// (../gestion/para-hoy.ts: the filter, its CSV and the Tablero's counts) and the marks of the
// inbox's rows (../gestion/bandeja.ts). Both are read from the small sets the partial indexes of
// migration 020 hold, never stored on the application's row: they change with the clock.
// - "Recredencialización": sent through a re-credentialing link (its link's nueva_solicitud_id).
//   As an option of "Para hoy", those still waiting on staff (Recibida, En revisión, Corregida).
// - "Recredencialización vencida": Aprobada, and its newest link unused past its last day.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { ESPERAN_AL_PERSONAL } from '../../domain/estados.js';
import type { Database, Db } from '../db/esquema.js';

type Eb = ExpressionBuilder<Database, 'solicitudes'>;

const enviadasConEnlace = (eb: Eb) =>
  eb
    .selectFrom('recredencializaciones as r')
    .select('r.nueva_solicitud_id')
    .where('r.nueva_solicitud_id', 'is not', null)
    .$narrowType<{ nueva_solicitud_id: string }>();

const conEnlaceVencido = (eb: Eb, ahoraMs: number) =>
  eb
    .selectFrom('recredencializaciones as r')
    .select('r.solicitud_id')
    .where('r.usada_en', 'is', null)
    .where('r.vence_ms', '<', ahoraMs)
    .where((e) =>
      e.not(
        e.exists(
          e
            .selectFrom('recredencializaciones as posterior')
            .select(sql.lit(1).as('uno'))
            .whereRef('posterior.solicitud_id', '=', 'r.solicitud_id')
            .whereRef('posterior.ciclo', '>', 'r.ciclo'),
        ),
      ),
    );

/** A row of `solicitudes` (no alias) sent through a re-credentialing link. */
export const condicionRecredencializacion = (eb: Eb): Expression<SqlBool> =>
  eb('id', 'in', enviadasConEnlace(eb));

/** "Para hoy"'s "Recredencializaciones": sent through a link and waiting on staff. */
export const condicionRecredencializacionPendiente = (eb: Eb): Expression<SqlBool> =>
  eb.and([eb('estado', 'in', ESPERAN_AL_PERSONAL), condicionRecredencializacion(eb)]);

/** "Recredencialización vencida" at `ahoraMs`. */
export const condicionRecredencializacionVencida = (eb: Eb, ahoraMs: number): Expression<SqlBool> =>
  eb.and([eb('estado', '=', 'aprobada'), eb('id', 'in', conEnlaceVencido(eb, ahoraMs))]);

/** Which of `ids` carry each mark at `ahoraMs`: the inbox's marks on the rows of its page. */
export async function marcasDeRecredencializacion(
  db: Db,
  ids: readonly string[],
  ahoraMs: number,
): Promise<{ recredencializacion: Set<string>; vencida: Set<string> }> {
  if (ids.length === 0) return { recredencializacion: new Set(), vencida: new Set() };
  const [nuevas, vencidas] = await Promise.all([
    db
      .selectFrom('solicitudes')
      .select('id')
      .where('id', 'in', ids)
      .where((eb) => condicionRecredencializacion(eb))
      .execute(),
    db
      .selectFrom('solicitudes')
      .select('id')
      .where('id', 'in', ids)
      .where((eb) => condicionRecredencializacionVencida(eb, ahoraMs))
      .execute(),
  ]);
  return {
    recredencializacion: new Set(nuevas.map((f) => f.id)),
    vencida: new Set(vencidas.map((f) => f.id)),
  };
}
