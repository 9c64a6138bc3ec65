// The birth-date rules of producto §3. Dates travel as ISO `YYYY-MM-DD` strings; the applicant
// types DD/MM/YYYY (separators `/`, `.` or `-`). No time zones: a birth date is a calendar day.

export const FECHA_MINIMA = '1900-01-01';

const dos = (n: number) => String(n).padStart(2, '0');

export function isoDeFecha(anio: number, mes: number, dia: number): string {
  return `${String(anio).padStart(4, '0')}-${dos(mes)}-${dos(dia)}`;
}

/** Today's calendar date, in the applicant's own clock, as ISO. */
export function hoyIso(ahora: Date = new Date()): string {
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

/**
 * Parses what the applicant typed into an ISO date, or null when it is not a real calendar
 * date. Range rules (not in the future, not before 1900) are checked by `validarFechaNac`.
 */
export function parsearFecha(texto: string, hoy: string = hoyIso()): string | null {
  const m = /^\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{2,4})\s*$/.exec(texto);
  if (!m) return null;
  const dia = Number(m[1]);
  const mes = Number(m[2]);
  let anio = expandirAnio(m[3]!, Number(hoy.slice(0, 4)));
  // "In the future" is judged on the whole date: 31/12/26 typed in November 2026 is 1926.
  if (m[3]!.length === 2 && anio >= 2000 && isoDeFecha(anio, mes, dia) > hoy) anio -= 100;
  return existe(anio, mes, dia) ? isoDeFecha(anio, mes, dia) : null;
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

export type ErrorFecha = 'formato' | 'futura' | 'anterior1900';

/** Range check of an ISO date; ISO strings compare correctly as text. */
export function validarFechaNac(iso: string, hoy: string = hoyIso()): ErrorFecha | null {
  if (!esIsoValido(iso)) return 'formato';
  if (iso > hoy) return 'futura';
  if (iso < FECHA_MINIMA) return 'anterior1900';
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
