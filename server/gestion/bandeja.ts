// The inbox (producto §9): applications newest first — or in the order the page asks for
// (producto §15, ./orden-bandeja.ts) —, filtered by status and by a search over number, DNI,
// matrícula and name (solicitudes.busqueda, gestion/busqueda.ts), 25 a page, the matches counted up
// to CONTEO_MAXIMO, each row with its waiting times in working days and the mark "Demorada"
// (./demora.ts). The CSV export reads the same filter in keyset batches, newest first.
//
// How it stays fast at 100,000 rows (migration 004's indexes):
// - Every query filters and orders on columns held by one index — solicitudes_bandeja
//   (creada_en, numero, busqueda, estado) or, with a status, solicitudes_bandeja_estado
//   (estado, creada_en, numero, busqueda, and the holder since migration 014); each other order
//   its own (./orden-bandeja.ts) — so both engines walk it in the page's order without a sort,
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
// - "Para hoy" (producto §15) — among its options "Vence en 30 días" (producto §11, also as the
//   older `vence=30`) and "Plazo vencido" — is ./para-hoy.ts's condition for its option, which
//   also says how each is read through an index; the mark "Plazo vencido" on the page's rows is
//   the same condition, asked of the page's rows only.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  CONTEO_MAXIMO,
  FILAS_POR_PAGINA,
  PLAZO_REVISION_DIAS_PREDETERMINADO,
  VENCE_PRONTO,
  ordenDeLaBandeja,
  type Estado,
  type FilaBandeja,
  type FiltroBandeja,
  type PaginaBandeja,
} from '../../domain/index.js';
import { CON_PROPUESTA } from '../../domain/propuestas.js';
import type { Database, Db } from '../db/esquema.js';
import { filasPropias } from '../db/filas-propias.js';
import { terminosDeBusqueda } from './busqueda.js';
import { COLUMNAS_RESPONSABLE, responsableDeFila } from './columnas-responsable.js';
import { conDniRepetido } from './dni-repetido.js';
import { esDemorada, inicioDeLaDemora } from './demora.js';
import { columnaDelFiltro, numerosEnOrden, type ColumnaSinIndice } from './orden-bandeja.js';
import { diasHabilesEntre } from '../correcciones/plazo.js';
import { ventanaVencePronto } from './vigencias.js';
import { columnasCsv, type FilaLeidaCsv } from './filas-csv.js';
import { marcasDeRecredencializacion } from '../recredencializacion/bandeja.js';
import { sinConfirmar } from '../confirmacion/bandeja.js';
import {
  condicionDeVencimiento,
  condicionParaHoy,
  contarParaHoy,
  pideVencePronto,
  plazosVencidos,
  vencimientoDe,
  type Vencimiento,
} from './para-hoy.js';

// "Vence en 30 días" moved to ./para-hoy.ts with the other options of "Para hoy".
export { vencimientoDe, type Vencimiento } from './para-hoy.js';

export type FiltroConsulta = Pick<FiltroBandeja, 'q' | 'estado' | 'vence' | 'hoy' | 'propuesta'> & {
  /**
   * "Responsable" (producto §15) as ./asignacion.ts resolves it: an account's id, null for "Sin
   * asignar"; absent: everyone's. It walks solicitudes_bandeja_responsable (migration 010).
   */
  responsableId?: string | null;
  /**
   * What "Para hoy" (`hoy`, ./para-hoy.ts) is asked with: the instant (absent: now) and
   * config.plazoRevisionDias for "Demoradas" (absent: PLAZO_REVISION_DIAS' default).
   */
  ahora?: Date;
  plazoRevisionDias?: number;
};

type Eb = ExpressionBuilder<Database, 'solicitudes'>;

/** Whether a filter has a search term (after normalising: spaces alone are no search). */
export const tieneBusqueda = (filtro: FiltroConsulta): boolean => terminosDeBusqueda(filtro.q).length > 0;

/**
 * What the filter asks of a row (TRUE when nothing). `vencimiento` is the filter's own
 * (vencimientoDe); without it "Vence en 30 días" is asked row by row, with today's window.
 * `sinIndice`: the columns a sorted page must not look up by index (./orden-bandeja.ts).
 */
function condicionDelFiltro(
  eb: Eb,
  filtro: FiltroConsulta,
  vencimiento?: Vencimiento | null,
  sinIndice?: ReadonlySet<ColumnaSinIndice>,
): Expression<SqlBool> {
  const partes: Expression<SqlBool>[] = [];
  if (filtro.estado) partes.push(eb(columnaDelFiltro('estado', sinIndice), '=', filtro.estado));
  if (filtro.responsableId !== undefined) {
    const responsable = columnaDelFiltro('responsable_id', sinIndice);
    partes.push(
      filtro.responsableId === null
        ? eb(responsable, 'is', null)
        : eb(responsable, '=', filtro.responsableId),
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
  // "Con propuesta" (producto §15): the partial index solicitudes_con_propuesta (migration 013)
  // holds only these, in the inbox's order.
  if (filtro.propuesta === CON_PROPUESTA) partes.push(eb('propuesta_id', 'is not', null));
  if (filtro.hoy) {
    partes.push(
      condicionParaHoy(eb, filtro.hoy, {
        ahora: filtro.ahora ?? new Date(),
        plazoRevisionDias: filtro.plazoRevisionDias ?? PLAZO_REVISION_DIAS_PREDETERMINADO,
        vencimiento: vencimiento ?? null,
      }),
    );
  }
  return eb.and(partes);
}

/** Whether the filter is "Vence en 30 días" alone (no term, status, holder or other option). */
const soloVencePronto = (f: FiltroConsulta): boolean =>
  pideVencePronto(f) &&
  !tieneBusqueda(f) &&
  !f.estado &&
  f.responsableId === undefined &&
  f.propuesta !== CON_PROPUESTA &&
  (!f.hoy || f.hoy === 'vence30');

/** Matches of `filtro`, counted up to `tope` (the count stops reading there). */
export async function contarHasta(
  db: Db,
  filtro: FiltroConsulta,
  tope: number,
  vencimiento?: Vencimiento | null,
): Promise<number> {
  const leido = vencimiento === undefined ? await vencimientoDe(db, filtro) : vencimiento;
  // "Vence en 30 días" and nothing else: the applications its window's documents name, counted
  // from the index on the end dates alone, as the Tablero counts them (./para-hoy.ts
  // contarParaHoy) — not each one looked up (28 ms at 6,500 on PostgreSQL).
  if (leido && soloVencePronto(filtro)) {
    const n = await contarParaHoy(db, 'vence30', {
      ahora: filtro.ahora ?? new Date(),
      plazoRevisionDias: filtro.plazoRevisionDias ?? PLAZO_REVISION_DIAS_PREDETERMINADO,
      vencimiento: leido,
    });
    return Math.min(n, tope);
  }
  // Without a term, "Vence en 30 días" is counted from its set, however large: walking the inbox
  // (what finds a page sooner) would ask every row. A term is tested on the walked index entry.
  const v = leido && !tieneBusqueda(filtro) ? { ...leido, porConjunto: true } : leido;
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

export async function paginaBandeja(
  db: Db,
  consulta: FiltroBandeja & FiltroConsulta,
): Promise<PaginaBandeja> {
  // One clock for the filter ("Para hoy") and the page's days and marks (producto §15).
  const ahora = consulta.ahora ?? new Date();
  const filtro = { ...consulta, ahora };
  const plazoRevisionDias = filtro.plazoRevisionDias ?? PLAZO_REVISION_DIAS_PREDETERMINADO;
  const salteadas = (filtro.pagina - 1) * FILAS_POR_PAGINA;
  const v = await vencimientoDe(db, filtro);
  const numeros = await numerosEnOrden(
    db,
    ordenDeLaBandeja(filtro),
    {
      condicion: (eb, sinIndice) => condicionDelFiltro(eb, filtro, v, sinIndice),
      estado: filtro.estado,
      ...(filtro.responsableId === undefined ? {} : { responsableId: filtro.responsableId }),
      pocas: filtro.propuesta === CON_PROPUESTA,
    },
    salteadas,
    FILAS_POR_PAGINA,
  );
  const leidas =
    numeros.length === 0
      ? []
      : await db
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
            's.estado_desde',
            's.ultimo_cambio_en',
            ...COLUMNAS_RESPONSABLE,
          ])
          .where('s.numero', 'in', numeros)
          .execute();
  // The page's order is the numbers' (./orden-bandeja.ts).
  const lugar = new Map(numeros.map((n, i) => [n, i]));
  const filas = leidas.sort((a, b) => lugar.get(a.numero)! - lugar.get(b.numero)!);
  // A page that is not full is the last one: it tells the total (unless it is empty past page 1,
  // where the matches could be anywhere before it).
  const n =
    filas.length < FILAS_POR_PAGINA && (filas.length > 0 || salteadas === 0)
      ? salteadas + filas.length
      : await contarHasta(db, filtro, CONTEO_MAXIMO + 1, v);
  const [vencidos, repetidos, recredencializacion, sinConfirmarAun] = await Promise.all([
    plazosVencidos(
      db,
      filas.filter((f) => f.estado === 'observada').map((f) => f.id),
      ahora.getTime(),
    ),
    conDniRepetido(db, filas),
    marcasDeRecredencializacion(
      db,
      filas.map((f) => f.id),
      ahora.getTime(),
    ),
    sinConfirmar(
      db,
      filas.filter((f) => f.estado === 'aprobada').map((f) => f.id),
      ahora.getTime(),
    ),
  ]);
  const inicioDemora = inicioDeLaDemora(ahora, plazoRevisionDias);
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
      ultimoCambioEn: f.ultimo_cambio_en,
      diasUltimoCambio: diasHabilesEntre(new Date(f.ultimo_cambio_en), ahora),
      estadoDesde: f.estado_desde,
      diasEnEstado: diasHabilesEntre(new Date(f.estado_desde), ahora),
      demorada: esDemorada(f, inicioDemora),
      ...(recredencializacion.recredencializacion.has(f.id) ? { recredencializacion: true as const } : {}),
      ...(recredencializacion.vencida.has(f.id) ? { recredencializacionVencida: true as const } : {}),
      ...(sinConfirmarAun.has(f.id) ? { sinConfirmar: true as const } : {}),
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

/** A row of the CSV export: what ./filas-csv.ts reads of an application (columnasCsv). */
export type FilaExportable = FilaLeidaCsv;

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
    const lote = filasPropias(
      await db
        .selectFrom('solicitudes')
        .select(columnasCsv)
        .where((eb) => eb.and([condicionDelFiltro(eb, filtro, v), despuesDe(eb, desde, conInicio)]))
        .orderBy('creada_en', 'desc')
        .orderBy('numero', 'desc')
        .limit(tamanio)
        .execute(),
    );
    // Read before yielding: the consumer takes the rows out of the batch (./filas-csv.ts registrosCsv).
    const ultima = lote.at(-1);
    const completo = lote.length === tamanio;
    if (ultima) yield lote;
    if (!completo || !ultima) return;
    cursor = { creadaEn: ultima.creada_en, numero: ultima.numero };
    incluido = false;
  }
}
