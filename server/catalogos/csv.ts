// Reading the catalogue CSV files (decision 073) with csv-parse: RFC 4180 quoting, an optional
// UTF-8 BOM, CRLF, LF or CR line ends, rows of any length (the import reports them), empty lines
// skipped. Each row keeps the line it starts on, for the import's report. The catalogues are a
// few thousand rows at most, so the whole text is parsed at once.
import { CsvError, parse } from 'csv-parse/sync';

export interface FilaCsv {
  /** 1-based line number where the row starts in the file (the header is line 1). */
  linea: number;
  valores: string[];
}

/** The file cannot be imported as it is; the message, in Spanish, says why and where. */
export class ErrorDeFormato extends Error {}

export function leerCsv(texto: string): { encabezado: string[]; filas: FilaCsv[] } {
  // One kind of line end: csv-parse counts a CRLF inside quotes as two lines, and the names in
  // the catalogues collapse any whitespace anyway.
  const normal = texto.replace(/\r\n?/g, '\n');
  const leidas: FilaCsv[] = [];
  // The line where the last whole row ended: an unclosed quote opens in the next row.
  let ultimaLeida = 0;
  try {
    parse(normal, {
      bom: true,
      record_delimiter: '\n',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      on_record: (valores, { lines }) => {
        ultimaLeida = lines;
        // `lines` is where the row ends; a quoted value may span several.
        const saltos = valores.reduce((n, valor) => n + (valor.match(/\n/g)?.length ?? 0), 0);
        leidas.push({ linea: lines - saltos, valores });
        return null; // kept here, with its line
      },
    });
  } catch (error) {
    if (error instanceof CsvError) throw new ErrorDeFormato(mensajeDe(error, normal, ultimaLeida));
    throw error;
  }
  const [primera, ...filas] = leidas;
  return { encabezado: (primera?.valores ?? []).map((v) => v.trim()), filas };
}

function mensajeDe(error: CsvError, texto: string, ultimaLeida: number): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    // Empty lines are skipped: the row starts at the first line with something on it.
    const lineas = texto.split('\n');
    let desde = ultimaLeida + 1;
    while (desde < lineas.length && lineas[desde - 1] === '') desde++;
    return (
      `La línea ${desde} abre comillas que no se cierran: un valor que empieza con " debe terminar ` +
      'con otra " (una comilla dentro del valor se escribe "").'
    );
  }
  const linea = typeof error.lines === 'number' ? error.lines : ultimaLeida + 1;
  return `El archivo no es un CSV válido cerca de la línea ${linea}.`;
}
