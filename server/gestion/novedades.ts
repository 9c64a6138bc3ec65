// "Novedades" (producto §16): the badge of the menu's "Solicitudes" — how many applications arrived
// or were corrected since this person last opened the inbox (`personal.novedades_desde`; null: since
// the account was made), each application once. Opening the inbox moves that time to now.
//
// Read from indexes, whatever the size of the table: the arrivals are a range of an index that
// starts with creada_en (migration 004), counted from the index alone; the corrections are a range
// of the partial index historial_corregidas (migration 016), a few rows, each looked up by id only
// to leave out an application already counted as an arrival. The two counts add up to the
// applications of their union, without reading the arrivals' ids.
import { sql } from 'kysely';
import type { Db } from '../db/esquema.js';

/** Since when account `personalId` has novedades (ISO); null when there is no such account. */
export async function novedadesDesde(db: Db, personalId: string): Promise<string | null> {
  const cuenta = await db
    .selectFrom('personal')
    .select(['novedades_desde', 'creado_en'])
    .where('id', '=', personalId)
    .executeTakeFirst();
  return cuenta ? (cuenta.novedades_desde ?? cuenta.creado_en) : null;
}

/** The applications that arrived or were corrected after `desde` (ISO), each once. */
export async function contarNovedades(db: Db, desde: string): Promise<number> {
  const [llegadas, corregidas] = await Promise.all([
    db
      .selectFrom('solicitudes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('creada_en', '>', desde)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('historial as h')
      .innerJoin('solicitudes as s', 's.id', 'h.solicitud_id')
      .select((eb) => eb.fn.count('h.solicitud_id').distinct().as('n'))
      // A literal, not a parameter: only then may the planners (SQLite's, and PostgreSQL's with a
      // generic plan) use the partial index, whose condition is this very term.
      .where('h.hacia', '=', sql.lit('corregida'))
      .where('h.en', '>', desde)
      // Arrived after `desde`: already among the arrivals.
      .where('s.creada_en', '<=', desde)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(llegadas.n) + Number(corregidas.n);
}

/** GET /api/gestion/novedades: the count of account `personalId` (0 for an account that is gone). */
export async function cantidadDeNovedades(db: Db, personalId: string): Promise<number> {
  const desde = await novedadesDesde(db, personalId);
  return desde === null ? 0 : contarNovedades(db, desde);
}

/** POST /api/gestion/novedades/vistas: the person opened the inbox; novedades start again from `ahora`. */
export async function marcarNovedadesVistas(
  db: Db,
  personalId: string,
  ahora: Date = new Date(),
): Promise<void> {
  await db
    .updateTable('personal')
    .set({ novedades_desde: ahora.toISOString() })
    .where('id', '=', personalId)
    .execute();
}
