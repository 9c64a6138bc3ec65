// The inbox (producto §9): applications newest first, filtered by status and by a search over
// number, DNI, matrícula and name (solicitudes.busqueda, gestion/busqueda.ts), 25 a page, the
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
// - "Vence en 30 días" (producto §11) reads the index on solicitud_documentos (vigente_hasta,
//   solicitud_id): a capped count of the window first, then either the few applications of that
//   set by id, or, when the window holds many, the inbox's walk asking each row (Vencimiento).
// - "Plazo vencido" is computed for the page's observed rows only, from their correction links
//   (one query on correcciones_solicitud), never stored: it changes with the clock, not with a
//   write.
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
  VENCE_PRONTO,
  type Estado,
  type FilaBandeja,
  type FiltroBandeja,
  type PaginaBandeja,
} from '../../domain/index.js';
import type { Database, Db } from '../db/esquema.js';
import { terminosDeBusqueda } from './busqueda.js';
import { COLUMNAS_RESPONSABLE, responsableDeFila } from './columnas-responsable.js';
import { conDniRepetido } from './dni-repetido.js';
import { ventanaVencePronto } from './vigencias.js';

export type FiltroConsulta = Pick<FiltroBandeja, 'q' | 'estado' | 'vence'> & {
  /**
   * "Responsable" (producto §15) as ./asignacion.ts resolves it: an account's id, null for "Sin
   * asignar"; absent: everyone's. It walks solicitudes_bandeja_responsable (migration 010).
   */
  responsableId?: string | null;
};

type Eb = ExpressionBuilder<Database, 'solicitudes'>;

/** Whether a filter has a search term (after normalising: spaces alone are no search). */
export const tieneBusqueda = (filtro: FiltroConsulta): boolean => terminosDeBusqueda(filtro.q).length > 0;

/**
 * "Vence en 30 días" as one query reads it: the window of end dates (fixed once per query, so a
 * page and its count agree), and whether the matching documents are few enough to read from the
 * index on vigente_hasta and look their applications up by id (`porConjunto`). When they are
 * many, walking the inbox's index newest first and asking each row finds a page sooner. Measured
 * at 100,000 applications of real width (median of a page with its count): 1,000 in the window,
 * by the set 5 ms SQLite / 34 ms PostgreSQL (by the walk, tens); 50,000 in the window, by the
 * set ~0.5 s on both, by the walk 35–170 ms. The cut is roughly where the two cross.
 */
export interface Vencimiento {
  desde: string;
  hasta: string;
  porConjunto: boolean;
}

/** Up to this many documents in the window, the set is read first (see Vencimiento). */
const TOPE_CONJUNTO_VENCE = 5000;

/** The filter's Vencimiento, or null when the filter does not ask for it. */
export async function vencimientoDe(
  db: Db,
  filtro: FiltroConsulta,
  ahora = new Date(),
): Promise<Vencimiento | null> {
  if (filtro.vence !== VENCE_PRONTO) return null;
  const { desde, hasta } = ventanaVencePronto(ahora);
  // A capped count of a range of solicitud_documentos_vigencia: it never reads past the cap.
  const fila = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('solicitud_documentos')
        .select('solicitud_id')
        .where('vigente_hasta', '>=', desde)
        .where('vigente_hasta', '<=', hasta)
        .limit(TOPE_CONJUNTO_VENCE + 1)
        .as('en_ventana'),
    )
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { desde, hasta, porConjunto: Number(fila.n) <= TOPE_CONJUNTO_VENCE };
}

function condicionDeVencimiento(eb: Eb, v: Vencimiento): Expression<SqlBool> {
  if (v.porConjunto) {
    // The GROUP BY keeps the set a set: PostgreSQL then reads it first and looks each id up,
    // instead of turning the IN into a per-row lookup while walking the whole inbox.
    return eb(
      'id',
      'in',
      eb
        .selectFrom('solicitud_documentos as sd')
        .select('sd.solicitud_id')
        .where('sd.vigente_hasta', '>=', v.desde)
        .where('sd.vigente_hasta', '<=', v.hasta)
        .groupBy('sd.solicitud_id'),
    );
  }
  return eb.exists(
    eb
      .selectFrom('solicitud_documentos as sd')
      .select(sql.lit(1).as('uno'))
      .whereRef('sd.solicitud_id', '=', 'solicitudes.id')
      .where('sd.vigente_hasta', '>=', v.desde)
      .where('sd.vigente_hasta', '<=', v.hasta),
  );
}

/**
 * What the filter asks of a row (TRUE when nothing). `vencimiento` is the filter's own
 * (vencimientoDe); without it "Vence en 30 días" is asked row by row, with today's window.
 */
function condicionDelFiltro(
  eb: Eb,
  filtro: FiltroConsulta,
  vencimiento?: Vencimiento | null,
): Expression<SqlBool> {
  const partes: Expression<SqlBool>[] = [];
  if (filtro.estado) partes.push(eb('estado', '=', filtro.estado));
  if (filtro.responsableId !== undefined) {
    partes.push(
      filtro.responsableId === null
        ? eb('responsable_id', 'is', null)
        : eb('responsable_id', '=', filtro.responsableId),
    );
  }
  // The key and the words are both lower case without accents (normalizar), so LIKE compares the
  // same bytes on both engines: case-sensitive on PostgreSQL, and on SQLite only ASCII would be
  // folded, which both sides already are. One LIKE per word: every word, in any order.
  for (const termino of terminosDeBusqueda(filtro.q))
    partes.push(sql<SqlBool>`${sql.ref('busqueda')} like ${`%${termino}%`} escape '\\'`);
  if (filtro.vence === VENCE_PRONTO) {
    partes.push(
      condicionDeVencimiento(eb, vencimiento ?? { ...ventanaVencePronto(new Date()), porConjunto: false }),
    );
  }
  return eb.and(partes);
}

/**
 * Which of `ids` (applications in observada) have their newest correction link unused and past
 * its deadline at `ahoraMs` — "Plazo vencido" (producto §11).
 */
async function plazosVencidos(db: Db, ids: readonly string[], ahoraMs: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const enlaces = await db
    .selectFrom('correcciones')
    .select(['solicitud_id', 'creada_en', 'vence_ms', 'usada_en'])
    .where('solicitud_id', 'in', ids)
    .orderBy('creada_en', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const vencidos = new Set<string>();
  const vistos = new Set<string>();
  for (const e of enlaces) {
    if (vistos.has(e.solicitud_id)) continue; // an older link: the newest one decides
    vistos.add(e.solicitud_id);
    if (e.usada_en === null && Number(e.vence_ms) < ahoraMs) vencidos.add(e.solicitud_id);
  }
  return vencidos;
}

/** Matches of `filtro`, counted up to `tope` (the count stops reading there). */
export async function contarHasta(
  db: Db,
  filtro: FiltroConsulta,
  tope: number,
  vencimiento?: Vencimiento | null,
): Promise<number> {
  const v = vencimiento === undefined ? await vencimientoDe(db, filtro) : vencimiento;
  const fila = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('solicitudes')
        .select(sql.lit(1).as('uno'))
        .where((eb) => condicionDelFiltro(eb, filtro, v))
        .limit(tope)
        .as('coincidencias'),
    )
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(fila.n);
}

export async function paginaBandeja(db: Db, filtro: FiltroBandeja & FiltroConsulta): Promise<PaginaBandeja> {
  const salteadas = (filtro.pagina - 1) * FILAS_POR_PAGINA;
  const v = await vencimientoDe(db, filtro);
  const numeros = db
    .selectFrom('solicitudes')
    .select('numero')
    .where((eb) => condicionDelFiltro(eb, filtro, v))
    .orderBy('creada_en', 'desc')
    .orderBy('numero', 'desc')
    .limit(FILAS_POR_PAGINA)
    .offset(salteadas);
  const filas = await db
    .selectFrom('solicitudes as s')
    .leftJoin('personal as p', 'p.id', 's.responsable_id')
    .select([
      's.id',
      's.numero',
      's.creada_en',
      's.apellidoynombre',
      's.dni',
      's.matricula',
      's.estado',
      ...COLUMNAS_RESPONSABLE,
    ])
    .where('s.numero', 'in', numeros)
    .orderBy('s.creada_en', 'desc')
    .orderBy('s.numero', 'desc')
    .execute();
  // A page that is not full is the last one: it tells the total (unless it is empty past page 1,
  // where the matches could be anywhere before it).
  const n =
    filas.length < FILAS_POR_PAGINA && (filas.length > 0 || salteadas === 0)
      ? salteadas + filas.length
      : await contarHasta(db, filtro, CONTEO_MAXIMO + 1, v);
  const [vencidos, repetidos] = await Promise.all([
    plazosVencidos(
      db,
      filas.filter((f) => f.estado === 'observada').map((f) => f.id),
      Date.now(),
    ),
    conDniRepetido(db, filas),
  ]);
  return {
    filas: filas.map((f): FilaBandeja => ({
      numero: f.numero,
      creadaEn: f.creada_en,
      apellidoynombre: f.apellidoynombre,
      dni: f.dni,
      matricula: f.matricula,
      estado: f.estado as Estado,
      plazoVencido: vencidos.has(f.id),
      responsable: responsableDeFila(f),
      dniRepetido: repetidos.has(f.id),
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
  const v = await vencimientoDe(db, filtro);
  const fila = await db
    .selectFrom('solicitudes')
    .select(['creada_en', 'numero'])
    .where((eb) => condicionDelFiltro(eb, filtro, v))
    .orderBy('creada_en', 'desc')
    .orderBy('numero', 'desc')
    .limit(1)
    .executeTakeFirst();
  return fila ? { creadaEn: fila.creada_en, numero: fila.numero } : null;
}

/** Matches of `filtro` from `inicio` on (the export's row count), without a cap. */
export async function contarDesde(db: Db, filtro: FiltroConsulta, inicio: Cursor): Promise<number> {
  const v = await vencimientoDe(db, filtro);
  const fila = await db
    .selectFrom('solicitudes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => eb.and([condicionDelFiltro(eb, filtro, v), despuesDe(eb, inicio, true)]))
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
  const v = await vencimientoDe(db, filtro);
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
      .where((eb) => eb.and([condicionDelFiltro(eb, filtro, v), despuesDe(eb, desde, conInicio)]))
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
