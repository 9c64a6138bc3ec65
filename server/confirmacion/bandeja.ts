// "Sin confirmar" in the inbox (producto §17): an approved application whose newest re-attestation
// link went unanswered past its last day. Defined once for the option of "Para hoy"
// (../gestion/para-hoy.ts: the filter, its CSV and the Tablero's count) and the mark on the inbox's
// rows (../gestion/bandeja.ts); read from the partial index of unanswered links (migration 019),
// never stored on the application's row: it changes with the clock. It holds until the next
// year's link is sent (a newer link, answered or not yet due, is what counts then).
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, Db } from '../db/esquema.js';

type Eb = ExpressionBuilder<Database, 'solicitudes'>;

const conEnlaceSinResponder = (eb: Eb, ahoraMs: number) =>
  eb
    .selectFrom('confirmaciones as c')
    .select('c.solicitud_id')
    .where('c.respondida_en', 'is', null)
    .where('c.vence_ms', '<', ahoraMs)
    .where((e) =>
      e.not(
        e.exists(
          e
            .selectFrom('confirmaciones as posterior')
            .select(sql.lit(1).as('uno'))
            .whereRef('posterior.solicitud_id', '=', 'c.solicitud_id')
            .whereRef('posterior.aniversario', '>', 'c.aniversario'),
        ),
      ),
    );

/** "Sin confirmar" at `ahoraMs`, of a row of `solicitudes` (no alias). */
export const condicionSinConfirmar = (eb: Eb, ahoraMs: number): Expression<SqlBool> =>
  eb.and([eb('estado', '=', 'aprobada'), eb('id', 'in', conEnlaceSinResponder(eb, ahoraMs))]);

/** Which of `ids` are "Sin confirmar" at `ahoraMs`: the inbox's mark on the rows of its page. */
export async function sinConfirmar(db: Db, ids: readonly string[], ahoraMs: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const filas = await db
    .selectFrom('solicitudes')
    .select('id')
    .where('id', 'in', ids)
    .where((eb) => condicionSinConfirmar(eb, ahoraMs))
    .execute();
  return new Set(filas.map((f) => f.id));
}
