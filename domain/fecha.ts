// The birth-date rules of producto §3. Dates travel as ISO `YYYY-MM-DD` strings; the applicant
// types DD/MM/YYYY (separators `/`, `.` or `-`, or none: 8 digits). No time zones: a birth date is a calendar day.

export const FECHA_MINIMA = '1900-01-01';

/** The months as Spanish writes them, January first: e-mails word dates with them, and the reading of documents finds them. */
export const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

const dos = (n: number) => String(n).padStart(2, '0');

function isoDeFecha(anio: number, mes: number, dia: number): string {
  return `${String(anio).padStart(4, '0')}-${dos(mes)}-${dos(dia)}`;
}

/** Today's calendar date, in the applicant's own clock, as ISO. */
function hoyIso(ahora: Date = new Date()): string {
  return isoDeFecha(ahora.getFullYear(), ahora.getMonth() + 1, ahora.getDate());
}

function existe(anio: number, mes: number, dia: number): boolean {
  if (mes < 1 || mes > 12 || dia < 1) return false;
  const diasDelMes = new Date(Date.UTC(anio, mes, 0)).getUTCDate();
  return dia <= diasDelMes;
}

/**
 * Decided: a 2-digit year means 20YY unless that is in the future, then 19YY; a 3-digit year
 * means 2000+n (the source's rule). This is the year-level half; `parsearFecha` also moves a
 * 2-digit year whose whole date would be after today to 19YY.
 */
export function expandirAnio(texto: string, anioActual: number): number {
  const n = Number(texto);
  if (texto.length === 2) return 2000 + n > anioActual ? 1900 + n : 2000 + n;
  if (texto.length === 3) return 2000 + n;
  return n;
}

/** A date typed with separators (`/`, `.` or `-`), or its 8 digits alone (`15031980`: producto §12). */
const CON_SEPARADORES = /^\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{2,4})\s*$/;
const OCHO_DIGITOS = /^\s*(\d{2})(\d{2})(\d{4})\s*$/;

/**
 * Day, month and year of a text in the right format, whether or not that day exists; null when
 * the format is wrong. The year is already expanded (2 and 3 digits, producto §3).
 */
function partesDeFecha(texto: string, hoy: string): { anio: number; mes: number; dia: number } | null {
  const m = CON_SEPARADORES.exec(texto) ?? OCHO_DIGITOS.exec(texto);
  if (!m) return null;
  const dia = Number(m[1]);
  const mes = Number(m[2]);
  let anio = expandirAnio(m[3]!, Number(hoy.slice(0, 4)));
  // "In the future" is judged on the whole date: 31/12/26 typed in November 2026 is 1926.
  if (m[3]!.length === 2 && anio >= 2000 && isoDeFecha(anio, mes, dia) > hoy) anio -= 100;
  return { anio, mes, dia };
}

/**
 * Parses what the applicant typed into an ISO date, or null when it is not a real calendar
 * date. Range rules (not in the future, not before 1900) are checked by `validarFechaNac`.
 */
export function parsearFecha(texto: string, hoy: string = hoyIso()): string | null {
  const p = partesDeFecha(texto, hoy);
  return p && existe(p.anio, p.mes, p.dia) ? isoDeFecha(p.anio, p.mes, p.dia) : null;
}

/** ISO → DD/MM/YYYY, as shown in the field. */
export function formatearFecha(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

export function esIsoValido(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return !!m && existe(Number(m[1]), Number(m[2]), Number(m[3]));
}

export type ErrorFecha = 'formato' | 'inexistente' | 'futura' | 'anterior1900';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The rule of a birth date: an ISO date (what the form keeps once the text parses, and what the
 * API receives) within range; else what was typed — in the right format but a day that does not
 * exist ("31/02/1980", "1980-02-31") is 'inexistente' (producto §12), anything else 'formato'
 * (a real date typed is kept as ISO by the form, so its text never reaches this rule there).
 * ISO strings compare correctly as text.
 */
export function validarFechaNac(valor: string, hoy: string = hoyIso()): ErrorFecha | null {
  if (!esIsoValido(valor)) {
    const p = partesDeFecha(valor, hoy);
    return ISO.test(valor) || (p && !existe(p.anio, p.mes, p.dia)) ? 'inexistente' : 'formato';
  }
  if (valor > hoy) return 'futura';
  if (valor < FECHA_MINIMA) return 'anterior1900';
  return null;
}

/** ISO → a local Date at midnight (for the calendar widget). */
export function fechaLocal(iso: string): Date | null {
  if (!esIsoValido(iso)) return null;
  const [a, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(a, m - 1, d);
}

export function isoDeFechaLocal(fecha: Date): string {
  return isoDeFecha(fecha.getFullYear(), fecha.getMonth() + 1, fecha.getDate());
}
