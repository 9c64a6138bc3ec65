// "Para hoy" (producto §15, "Tablero"): what each option of the inbox's select asks of an
// application, defined once here for the inbox's filter and its CSV (./bandeja.ts), the mark
// "Plazo vencido" on the inbox's rows, and the Tablero's counts (./tablero.ts). Each is a SQL
// condition on `solicitudes` read through an index; none is an answer stored on the row, since
// they change with the clock, not with a write. Decision 123 says why these definitions.
// - Nuevas sin asignar: Recibida and nobody holds it.
// - Corregidas: Corregida (the applicant answered; it waits on staff).
// - Demoradas: ./demora.ts (Recibida, En revisión or Corregida for more than PLAZO_REVISION_DIAS
//   working days), the same condition as the inbox's mark "Demorada".
// - Plazo vencido: Observada, and its newest correction link unused past its deadline
//   (producto §11). Opening a link marks any older unused one used (../correcciones/crear.ts), so
//   an application has at most one unused link, its newest: Plazo vencido is an unused link past
//   its deadline. Observada is a small part of the table, walked by its status's index (which
//   holds the id), each row asking the partial index of unused links (migration 015).
// - Vence en 30 días: a document whose "Vigencia hasta" is between today and 30 days from today
//   (producto §11, ./vigencias.ts), read from the index on the end dates (Vencimiento below).
// - Vencidas: a document whose "Vigencia hasta" is before today, in an application that is not
//   Rechazada — as the end-date reminders leave rejected ones out (../tareas/recordatorios.ts):
//   nobody chases a rejected applicant's policy. (Deleting an application's personal data deletes
//   its documents and their end dates with them, producto §13.) An application has a lapsed
//   document when its earliest end date (`vigencia_minima`, ./vigencias.ts) is before today: a
//   range of the index solicitudes_vencidas (migration 015), which holds the status and the
//   inbox's order, so neither the count nor a page reads a row.
// - Recredencializaciones and Recredencialización vencida (producto §17): defined with the
//   re-credentialing links, ../recredencializacion/bandeja.ts.
// - Sin confirmar (producto §17): defined with the re-attestation links, ../confirmacion/bandeja.ts.
import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { VENCE_PRONTO } from '../../domain/index.js';
import type { ParaHoy } from '../../domain/para-hoy.js';
import type { Database, Db } from '../db/esquema.js';
import { diaArgentino } from '../correcciones/plazo.js';
import type { FiltroConsulta } from './bandeja.js';
import { condicionDemorada } from './demora.js';
import { ventanaVencePronto } from './vigencias.js';
import {
  condicionRecredencializacionPendiente,
  condicionRecredencializacionVencida,
} from '../recredencializacion/bandeja.js';
import { condicionSinConfirmar } from '../confirmacion/bandeja.js';

type Eb = ExpressionBuilder<Database, 'solicitudes'>;

/**
 * "Vence en 30 días" as one query reads it: the window of end dates (fixed once per query, so a
 * page and its count agree), and whether the matching documents are few enough to read from the
 * index on vigente_hasta and look their applications up by id (`porConjunto`). When they are
 * many, walking the inbox's index newest first and asking each row finds a page sooner. Measured
 * at 100,000 applications of real width (median of a page with its count): 1,000 in the window,
 * by the set 5 ms SQLite / 34 ms PostgreSQL (by the walk, tens); 50,000 in the window, by the
 * set ~0.5 s on both, by the walk 35–170 ms. The cut is roughly where the two cross. A count
 * reads the set whatever its size (the walk would ask every row): the inbox's when it has no term
 * (./bandeja.ts contarHasta), the Tablero's from the index alone (contarParaHoy).
 */
export interface Vencimiento {
  desde: string;
  hasta: string;
  porConjunto: boolean;
  /**
   * PostgreSQL reads the set as an array and looks each id up in the primary key: asked as a
   * semi-join, its planner hashes the whole key (34 ms against 15 at 6,500 in the window).
   */
  comoArreglo?: boolean;
}

/** Up to this many documents in the window, the set is read first (see Vencimiento). */
const TOPE_CONJUNTO_VENCE = 5000;

/** Whether a filter asks for "Vence en 30 días": `hoy=vence30`, or `vence=30` of older addresses. */
export const pideVencePronto = (filtro: Pick<FiltroConsulta, 'vence' | 'hoy'>): boolean =>
  filtro.vence === VENCE_PRONTO || filtro.hoy === 'vence30';

/** The filter's Vencimiento, or null when the filter does not ask for it. */
export async function vencimientoDe(
  db: Db,
  filtro: FiltroConsulta,
  ahora = new Date(),
): Promise<Vencimiento | null> {
  if (!pideVencePronto(filtro)) return null;
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
  return {
    desde,
    hasta,
    porConjunto: Number(fila.n) <= TOPE_CONJUNTO_VENCE,
    comoArreglo: db.getExecutor().adapter instanceof PostgresAdapter,
  };
}

/** "Vence en 30 días" of a row of `solicitudes` (no alias), read as `v` says. */
export function condicionDeVencimiento(eb: Eb, v: Vencimiento): Expression<SqlBool> {
  if (v.porConjunto && v.comoArreglo) {
    const enVentana = eb
      .selectFrom('solicitud_documentos as sd')
      .select('sd.solicitud_id')
      .where('sd.vigente_hasta', '>=', v.desde)
      .where('sd.vigente_hasta', '<=', v.hasta);
    return sql<SqlBool>`${sql.ref('id')} = any(array(${enVentana}))`;
  }
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

/** "Plazo vencido" at `ahoraMs`: Observada, its newest correction link unused and past its deadline. */
export function condicionPlazoVencido(eb: Eb, ahoraMs: number): Expression<SqlBool> {
  return eb.and([
    eb('estado', '=', 'observada'),
    eb.exists(
      eb
        .selectFrom('correcciones as c')
        .select(sql.lit(1).as('uno'))
        .whereRef('c.solicitud_id', '=', 'solicitudes.id')
        .where('c.usada_en', 'is', null)
        .where('c.vence_ms', '<', ahoraMs),
    ),
  ]);
}

/** Which of `ids` are "Plazo vencido" at `ahoraMs`: the inbox's mark on the rows of its page. */
export async function plazosVencidos(db: Db, ids: readonly string[], ahoraMs: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const filas = await db
    .selectFrom('solicitudes')
    .select('id')
    .where('id', 'in', ids)
    .where((eb) => condicionPlazoVencido(eb, ahoraMs))
    .execute();
  return new Set(filas.map((f) => f.id));
}

/** "Vencidas" on `hoy` (YYYY-MM-DD, Argentine): an end date before it, and not Rechazada. */
function condicionVencidas(eb: Eb, hoy: string): Expression<SqlBool> {
  return eb.and([eb('vigencia_minima', '<', hoy), eb('estado', '<>', 'rechazada')]);
}

/** The instant and the settings an option is asked with (one query, one of each). */
export interface MomentoParaHoy {
  ahora: Date;
  /** config.plazoRevisionDias (PLAZO_REVISION_DIAS), for "Demoradas". */
  plazoRevisionDias: number;
  /** "Vence en 30 días" as this query reads it (vencimientoDe); null: today's window, row by row. */
  vencimiento: Vencimiento | null;
}

/**
 * How many applications option `opcion` finds: the Tablero's count, exact. "Vence en 30 días"
 * counts the applications named by the documents of its window, read from the index on the end
 * dates alone — the same applications its condition finds, since every link names one (a foreign
 * key); any other option counts the rows its condition keeps.
 */
export async function contarParaHoy(db: Db, opcion: ParaHoy, m: MomentoParaHoy): Promise<number> {
  if (opcion === 'vence30') {
    const { desde, hasta } = m.vencimiento ?? ventanaVencePronto(m.ahora);
    const fila = await db
      .selectFrom('solicitud_documentos')
      .select((eb) => eb.fn.count('solicitud_id').distinct().as('n'))
      .where('vigente_hasta', '>=', desde)
      .where('vigente_hasta', '<=', hasta)
      .executeTakeFirstOrThrow();
    return Number(fila.n);
  }
  const fila = await db
    .selectFrom('solicitudes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => condicionParaHoy(eb, opcion, m))
    .executeTakeFirstOrThrow();
  return Number(fila.n);
}

/** What option `opcion` of "Para hoy" asks of a row of `solicitudes` (no alias). */
export function condicionParaHoy(eb: Eb, opcion: ParaHoy, m: MomentoParaHoy): Expression<SqlBool> {
  switch (opcion) {
    case 'nuevas':
      return eb.and([eb('estado', '=', 'recibida'), eb('responsable_id', 'is', null)]);
    case 'corregidas':
      return eb('estado', '=', 'corregida');
    case 'demoradas':
      return condicionDemorada(eb, m.ahora, m.plazoRevisionDias);
    case 'plazo_vencido':
      return condicionPlazoVencido(eb, m.ahora.getTime());
    case 'vence30':
      return condicionDeVencimiento(
        eb,
        m.vencimiento ?? { ...ventanaVencePronto(m.ahora), porConjunto: false },
      );
    case 'vencidas':
      return condicionVencidas(eb, diaArgentino(m.ahora));
    case 'recredencializaciones':
      return condicionRecredencializacionPendiente(eb);
    case 'recredencializacion_vencida':
      return condicionRecredencializacionVencida(eb, m.ahora.getTime());
    case 'sin_confirmar':
      return condicionSinConfirmar(eb, m.ahora.getTime());
  }
}
