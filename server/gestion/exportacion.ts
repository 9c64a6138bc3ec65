// "Exportar CSV" (producto §9): the applications of the inbox's current filter, one row each,
// for a spreadsheet — UTF-8 with BOM, ";" as separator (what a spreadsheet set to Spanish
// expects), a header row, dates in Argentine time, and every cell that a spreadsheet would take
// for a formula neutralised. Rows are read in keyset batches (gestion/bandeja.ts) and streamed
// through csv-stringify, so memory does not grow with the number of rows.
import { Readable, pipeline } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import { CAMPOS, enOrden, type CampoDe } from '../../domain/campos.js';
import { partesArgentinas } from '../../domain/fecha-hora.js';
import { ESTADOS, esEstado } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import {
  contarDesde,
  lotesDelFiltro,
  primeraDelFiltro,
  type Cursor,
  type FilaExportable,
  type FiltroConsulta,
} from './bandeja.js';

/** The fields that are columns, in their order (domain/campos.ts). */
const CLAVES_CSV = enOrden('csv');
/** The header row: each column's label. */
export const COLUMNAS_CSV: readonly string[] = CLAVES_CSV.map((clave) => CAMPOS[clave].etiqueta);

const MINUTO_MS = 60_000;
const DIA_MS = 86_400_000;

/** Minutes Argentine time is ahead of UTC at `ms` (negative: -180), from the time zone database. */
function desfasaje(ms: number): number {
  const p = partesArgentinas(new Date(ms));
  const comoUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
  );
  return Math.round((comoUtc - Math.floor(ms / MINUTO_MS) * MINUTO_MS) / MINUTO_MS);
}

// Formatting through Intl costs ~15 µs a date, a second and a half for 100,000 rows: the offset
// of each UTC day is asked once, and kept when it is the same at both ends of the day (a day
// with a change of offset asks for each date).
const desfasajesPorDia = new Map<number, number | null>();

function desfasajeEn(ms: number): number {
  const dia = Math.floor(ms / DIA_MS);
  let fijo = desfasajesPorDia.get(dia);
  if (fijo === undefined) {
    const inicio = desfasaje(dia * DIA_MS);
    fijo = inicio === desfasaje((dia + 1) * DIA_MS - MINUTO_MS) ? inicio : null;
    if (desfasajesPorDia.size > 10_000) desfasajesPorDia.clear();
    desfasajesPorDia.set(dia, fijo);
  }
  return fijo ?? desfasaje(ms);
}

const dos = (n: number) => String(n).padStart(2, '0');

/** `dd/mm/aaaa hh:mm` in Argentine time. */
export function fechaArgentina(iso: string): string {
  const ms = Date.parse(iso);
  const local = new Date(ms + desfasajeEn(ms) * MINUTO_MS);
  return (
    `${dos(local.getUTCDate())}/${dos(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ` +
    `${dos(local.getUTCHours())}:${dos(local.getUTCMinutes())}`
  );
}

/** The file name: "solicitudes-" and the date of today in Argentina (AAAA-MM-DD), ".csv". */
export function nombreDelCsv(ahora = new Date()): string {
  const p = partesArgentinas(ahora);
  return `solicitudes-${p.year}-${p.month}-${p.day}.csv`;
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @) or that hides one behind a tab or a
 * carriage return gets a leading apostrophe: shown as text, never evaluated (OWASP, CSV injection).
 */
export const neutralizar = (celda: string): string => (/^[=+\-@\t\r]/.test(celda) ? `'${celda}` : celda);

/** "341 4123456": código de área and teléfono as the applicant typed them. */
const telefonoDe = (f: FilaExportable): string =>
  [f.codArea, f.telefono]
    .filter((x) => (typeof x === 'string' && x !== '') || typeof x === 'number')
    .map(String)
    .join(' ');

/** Each column's cell. */
const CELDAS: { readonly [C in CampoDe<'csv'>]: (f: FilaExportable) => string } = {
  numero: (f) => f.numero,
  creadaEn: (f) => fechaArgentina(f.creada_en),
  apellidoynombre: (f) => f.apellidoynombre,
  dni: (f) => f.dni,
  matricula: (f) => f.matricula,
  estado: (f) => (esEstado(f.estado) ? ESTADOS[f.estado] : f.estado),
  email: (f) => f.email,
  telefono: telefonoDe,
};

function filaCsv(f: FilaExportable): string[] {
  return CLAVES_CSV.map((clave) => neutralizar(CELDAS[clave](f)));
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

/** The CSV of `exportacion` as a stream; `alFallar` hears a failure after the answer started. */
export function csvDeLaExportacion(
  db: Db,
  filtro: FiltroConsulta,
  exportacion: Exportacion,
  alFallar: (error: Error) => void,
  tamanioDeLote = 1000,
): Stringifier {
  async function* registros() {
    if (!exportacion.inicio) return;
    for await (const lote of lotesDelFiltro(db, filtro, exportacion.inicio, tamanioDeLote)) {
      for (const fila of lote) yield filaCsv(fila);
    }
  }
  return csvEnStream(COLUMNAS_CSV, registros(), alFallar);
}

/** Records (cells already neutralised) as this CSV's stream; also the audit log's (auditoria/). */
export function csvEnStream(
  columnas: readonly string[],
  registros: AsyncIterable<string[]>,
  alFallar: (error: Error) => void,
): Stringifier {
  const csv = stringify({
    delimiter: ';',
    bom: true,
    header: true,
    columns: [...columnas],
    record_delimiter: 'windows',
    // csv-stringify quotes a field holding the whole record delimiter (CRLF), not a lone CR or
    // LF, which a spreadsheet would still read as a new line.
    quoted_match: /[\r\n]/,
  });
  // If the reader goes away, the answer's stream is destroyed and the pipeline stops the
  // generator (no more batches are read).
  pipeline(Readable.from(registros), csv, (error) => {
    if (
      error &&
      error.name !== 'AbortError' &&
      (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE'
    )
      alFallar(error);
  });
  return csv;
}
