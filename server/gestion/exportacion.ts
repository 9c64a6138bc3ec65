// "Exportar CSV" of the inbox (producto §9, producto §15): the applications of a search (the
// inbox's current filter) or of a selection of numbers, one row each, with every field of
// producto §3, the status, Responsable, last change and each document's Vigencia (./filas-csv.ts),
// in the back-office's CSV format (./formato-csv.ts). A search is walked in keyset batches
// (./bandeja.ts), a selection read by number, so memory holds one batch whatever the count.
// The file is named `solicitudes-<what>-<AAAA-MM-DD>.csv`: the status filter, `busqueda`,
// `seleccion` or `todas`.
import type { Stringifier } from 'csv-stringify';
import { partesArgentinas } from '../../domain/fecha-hora.js';
import { TEXTOS_SELECCION } from '../../domain/seleccion.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio } from '../errores.js';
import {
  contarDesde,
  lotesDelFiltro,
  primeraDelFiltro,
  tieneBusqueda,
  type Cursor,
  type FiltroConsulta,
} from './bandeja.js';
import { COLUMNAS_CSV, leerParaCsv, registrosCsv } from './filas-csv.js';
import { csvEnStream } from './formato-csv.js';

// The format's pieces, for those that import them from here (the audit log's CSV, tests).
export { csvEnStream, fechaArgentina, neutralizar } from './formato-csv.js';
export { COLUMNAS_CSV } from './filas-csv.js';

/**
 * What a file holds, as its name says it (producto §15): a selection, the status filter alone,
 * any other search (a term, "Para hoy" or `vence=30`, a Responsable, or those with a status), or
 * all.
 */
export function queExporta(filtro: FiltroConsulta | null): string {
  if (filtro === null) return 'seleccion';
  // Every filter of the inbox but Estado makes a search: a new one belongs here too.
  const busqueda =
    tieneBusqueda(filtro) ||
    Boolean(filtro.vence || filtro.hoy || filtro.propuesta) ||
    filtro.responsableId !== undefined;
  if (busqueda) return 'busqueda';
  return filtro.estado || 'todas';
}

/** `solicitudes-<what>-<AAAA-MM-DD>.csv`, today in Argentina. */
export function nombreDelCsv(que: string, ahora = new Date()): string {
  const p = partesArgentinas(ahora);
  return `solicitudes-${que}-${p.year}-${p.month}-${p.day}.csv`;
}

export interface Exportacion {
  /** Rows the file will have (the audit's count). */
  filas: number;
  /** Where it starts: the newest match when it was asked for (null: no rows). */
  inicio: Cursor | null;
}

/**
 * Fixes what an export will hold before a byte is sent: from the newest match now, so the audit
 * row can say how many rows it has (applications sent while it streams are not in it).
 */
export async function prepararExportacion(db: Db, filtro: FiltroConsulta): Promise<Exportacion> {
  const inicio = await primeraDelFiltro(db, filtro);
  return { inicio, filas: inicio ? await contarDesde(db, filtro, inicio) : 0 };
}

/**
 * Rows a query reads: a search's keyset batch, or a selection's numbers. Measured at 100,000 rows
 * on PostgreSQL, 250 grew the server's memory less than 1,000 (./filas-csv.ts).
 */
const FILAS_POR_LOTE = 250;

/** The CSV of `exportacion` as a stream; `alFallar` hears a failure after the answer started. */
export function csvDeLaExportacion(
  db: Db,
  filtro: FiltroConsulta,
  exportacion: Exportacion,
  alFallar: (error: Error) => void,
  tamanioDeLote = FILAS_POR_LOTE,
): Stringifier {
  async function* registros() {
    if (!exportacion.inicio) return;
    for await (const lote of lotesDelFiltro(db, filtro, exportacion.inicio, tamanioDeLote)) {
      yield* registrosCsv(db, lote);
    }
  }
  return csvEnStream(COLUMNAS_CSV, registros(), alFallar);
}

/**
 * A selection's numbers in the inbox's order (newest first), each once; 404 naming the first one
 * that does not exist.
 */
export async function prepararSeleccion(db: Db, numeros: readonly string[]): Promise<string[]> {
  const unicos = [...new Set(numeros)];
  const filas = await db
    .selectFrom('solicitudes')
    .select('numero')
    .where('numero', 'in', unicos)
    .orderBy('creada_en', 'desc')
    .orderBy('numero', 'desc')
    .execute();
  if (filas.length !== unicos.length) {
    const hay = new Set(filas.map((f) => f.numero));
    const falta = unicos.find((n) => !hay.has(n))!;
    throw new ErrorDeDominio(
      'no_encontrado',
      CODIGOS.NO_ENCONTRADO,
      TEXTOS_SELECCION.solicitudInexistente(falta),
    );
  }
  return filas.map((f) => f.numero);
}

/** The CSV of a prepared selection (prepararSeleccion), FILAS_POR_LOTE rows read at a time. */
export function csvDeLaSeleccion(
  db: Db,
  numeros: readonly string[],
  alFallar: (error: Error) => void,
): Stringifier {
  async function* registros() {
    for (let i = 0; i < numeros.length; i += FILAS_POR_LOTE)
      yield* registrosCsv(db, await leerParaCsv(db, numeros.slice(i, i + FILAS_POR_LOTE)));
  }
  return csvEnStream(COLUMNAS_CSV, registros(), alFallar);
}
