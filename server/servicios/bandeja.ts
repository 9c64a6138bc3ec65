// The inbox (producto §9): applications newest first, filtered by status and by a search over
// number, DNI, matrícula and name (solicitudes.busqueda, servicios/busqueda.ts), 25 a page, the
// matches counted up to CONTEO_MAXIMO. The CSV export reads the same filter in keyset batches.
//
// How it stays fast at 100,000 rows (migration 004's indexes):
// - Every query filters and orders on columns held by one index — solicitudes_bandeja
//   (creada_en, numero, busqueda, estado) or, with a status, solicitudes_bandeja_estado
//   (estado, creada_en, numero, busqueda) — so both engines walk it newest first without a sort,
//   test the LIKE on the index entry and never read the wide rows (datos_socio) of the rows they
//   skip (PostgreSQL reads the table only to check visibility on pages autovacuum has not marked
//   all-visible yet). On PostgreSQL the trigram index (pg_trgm), where it exists, answers a rare
//   term directly; the planner chooses.
// - The page first finds its 25 numbers from the index alone (limit/offset over the index), and
//   only then reads those 25 rows: a deep page costs a walk of the index, not of the table.
// - The count is a capped subquery (CONTEO_MAXIMO + 1 rows at most), and it is skipped when the
//   page already tells the total: a page with fewer than 25 rows is the last one. A rare term (a
//   DNI, a number, a surname nobody else has) then costs one walk of the index instead of two.
// - There is no separate "fast path" for numbers, DNIs or matrículas: each is a substring of the
//   search key like any other term, so every term finds exactly what the LIKE finds, on both
//   engines (an index on dni or numero would miss a partial DNI, or a matrícula that contains it).
import {
  PostgresAdapter,
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import {
  CONTEO_MAXIMO,
  FILAS_POR_PAGINA,
  type Estado,
  type FilaBandeja,
  type FiltroBandeja,
  type PaginaBandeja,
} from '../../domain/index.js';
import type { Database, Db } from '../db/esquema.js';
import { terminoDeBusqueda } from './busqueda.js';

export type FiltroConsulta = Pick<FiltroBandeja, 'q' | 'estado'>;

type Eb = ExpressionBuilder<Database, 'solicitudes'>;

/** Whether a filter has a search term (after normalising: spaces alone are no search). */
export const tieneBusqueda = (filtro: FiltroConsulta): boolean => terminoDeBusqueda(filtro.q) !== '';

/** What the filter asks of a row (TRUE when nothing). */
export function condicionDelFiltro(eb: Eb, filtro: FiltroConsulta): Expression<SqlBool> {
  const partes: Expression<SqlBool>[] = [];
  if (filtro.estado) partes.push(eb('estado', '=', filtro.estado));
  const termino = terminoDeBusqueda(filtro.q);
  // The key and the term are both lower case without accents (normalizar), so LIKE compares the
  // same bytes on both engines: case-sensitive on PostgreSQL, and on SQLite only ASCII would be
  // folded, which both sides already are.
  if (termino) partes.push(sql<SqlBool>`${sql.ref('busqueda')} like ${`%${termino}%`} escape '\\'`);
  return eb.and(partes);
}

/** Matches of `filtro`, counted up to `tope` (the count stops reading there). */
export async function contarHasta(db: Db, filtro: FiltroConsulta, tope: number): Promise<number> {
  const fila = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('solicitudes')
        .select(sql.lit(1).as('uno'))
        .where((eb) => condicionDelFiltro(eb, filtro))
        .limit(tope)
        .as('coincidencias'),
    )
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(fila.n);
}

export async function paginaBandeja(db: Db, filtro: FiltroBandeja): Promise<PaginaBandeja> {
  const salteadas = (filtro.pagina - 1) * FILAS_POR_PAGINA;
  const numeros = db
    .selectFrom('solicitudes')
    .select('numero')
    .where((eb) => condicionDelFiltro(eb, filtro))
    .orderBy('creada_en', 'desc')
    .orderBy('numero', 'desc')
    .limit(FILAS_POR_PAGINA)
    .offset(salteadas);
  const filas = await db
    .selectFrom('solicitudes')
    .select(['numero', 'creada_en', 'apellidoynombre', 'dni', 'matricula', 'estado'])
    .where('numero', 'in', numeros)
    .orderBy('creada_en', 'desc')
    .orderBy('numero', 'desc')
    .execute();
  // A page that is not full is the last one: it tells the total (unless it is empty past page 1,
  // where the matches could be anywhere before it).
  const n =
    filas.length < FILAS_POR_PAGINA && (filas.length > 0 || salteadas === 0)
      ? salteadas + filas.length
      : await contarHasta(db, filtro, CONTEO_MAXIMO + 1);
  return {
    filas: filas.map((f): FilaBandeja => ({
      numero: f.numero,
      creadaEn: f.creada_en,
      apellidoynombre: f.apellidoynombre,
      dni: f.dni,
      matricula: f.matricula,
      estado: f.estado as Estado,
    })),
    pagina: filtro.pagina,
    porPagina: FILAS_POR_PAGINA,
    total: Math.min(n, CONTEO_MAXIMO),
    totalExacto: n <= CONTEO_MAXIMO,
  };
}

/** Where a keyset walk stands: the last row read (newest first). */
export interface Cursor {
  creadaEn: string;
  numero: string;
}

/** Rows strictly older than `cursor` in the inbox's order, or from `cursor` itself when `incluido`. */
function despuesDe(eb: Eb, cursor: Cursor, incluido: boolean): Expression<SqlBool> {
  // `creada_en <= x` first: an index range on both engines; the OR settles the ties.
  return eb.and([
    eb('creada_en', '<=', cursor.creadaEn),
    eb.or([eb('creada_en', '<', cursor.creadaEn), eb('numero', incluido ? '<=' : '<', cursor.numero)]),
  ]);
}

/** The newest match of `filtro`: where an export starts, so rows sent meanwhile stay out of it. */
export async function primeraDelFiltro(db: Db, filtro: FiltroConsulta): Promise<Cursor | null> {
  const fila = await db
    .selectFrom('solicitudes')
    .select(['creada_en', 'numero'])
    .where((eb) => condicionDelFiltro(eb, filtro))
    .orderBy('creada_en', 'desc')
    .orderBy('numero', 'desc')
    .limit(1)
    .executeTakeFirst();
  return fila ? { creadaEn: fila.creada_en, numero: fila.numero } : null;
}

/** Matches of `filtro` from `inicio` on (the export's row count), without a cap. */
export async function contarDesde(db: Db, filtro: FiltroConsulta, inicio: Cursor): Promise<number> {
  const fila = await db
    .selectFrom('solicitudes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => eb.and([condicionDelFiltro(eb, filtro), despuesDe(eb, inicio, true)]))
    .executeTakeFirstOrThrow();
  return Number(fila.n);
}

export interface FilaExportable {
  numero: string;
  creada_en: string;
  apellidoynombre: string;
  dni: string;
  matricula: string;
  estado: string;
  email: string;
  codArea: unknown;
  telefono: unknown;
}

/**
 * One key of datos_socio, read by the database: the export does not fetch (and parse) the whole
 * JSON of 100,000 applications for two short fields — less to transfer, and much less garbage in
 * the server's memory while it streams.
 */
function campoDeDatosSocio(db: Db, clave: 'codArea' | 'telefono'): RawBuilder<unknown> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql`(${sql.ref('datos_socio')}::json ->> ${sql.lit(clave)})`
    : sql`json_extract(${sql.ref('datos_socio')}, ${sql.lit(`$.${clave}`)})`;
}

/**
 * The matches of `filtro` from `inicio` on, newest first, `tamanio` rows at a time: each batch
 * is one query that starts where the last one ended (keyset), so memory holds one batch whatever
 * the number of rows, and no query skips rows with an offset.
 */
export async function* lotesDelFiltro(
  db: Db,
  filtro: FiltroConsulta,
  inicio: Cursor,
  tamanio = 1000,
): AsyncGenerator<FilaExportable[]> {
  let cursor = inicio;
  let incluido = true;
  for (;;) {
    const desde = cursor;
    const conInicio = incluido;
    const lote = await db
      .selectFrom('solicitudes')
      .select([
        'numero',
        'creada_en',
        'apellidoynombre',
        'dni',
        'matricula',
        'estado',
        'email',
        campoDeDatosSocio(db, 'codArea').as('codArea'),
        campoDeDatosSocio(db, 'telefono').as('telefono'),
      ])
      .where((eb) => eb.and([condicionDelFiltro(eb, filtro), despuesDe(eb, desde, conInicio)]))
      .orderBy('creada_en', 'desc')
      .orderBy('numero', 'desc')
      .limit(tamanio)
      .execute();
    if (lote.length > 0) yield lote;
    if (lote.length < tamanio) return;
    const ultima = lote.at(-1)!;
    cursor = { creadaEn: ultima.creada_en, numero: ultima.numero };
    incluido = false;
  }
}
