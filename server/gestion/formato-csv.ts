// The back-office's CSV files (producto §9: the inbox's export, producto §15: the audit log's):
// UTF-8 with BOM, ";" as separator (what a spreadsheet set to Spanish expects), a header row,
// dates in Argentine time, and every cell that a spreadsheet would take for a formula
// neutralised. Records are streamed through csv-stringify, so memory does not grow with rows.
import { Readable, pipeline } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import { partesArgentinas } from '../../domain/fecha-hora.js';

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

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @) or that hides one behind a tab or a
 * carriage return gets a leading apostrophe: shown as text, never evaluated (OWASP, CSV injection).
 */
export const neutralizar = (celda: string): string => (/^[=+\-@\t\r]/.test(celda) ? `'${celda}` : celda);

/** Records (cells already neutralised) as a CSV stream; `alFallar` hears a failure after the answer started. */
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
