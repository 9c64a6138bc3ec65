// Dates and numbers as Argentina writes them (es-AR), in the browser's local time.
import { formatoAlUsarlo } from '../../domain/fecha-hora.js';

const fechaHora = formatoAlUsarlo({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // The 24-hour clock Argentina writes (the locale data alone gives "10:53 a. m." in some browsers).
  hourCycle: 'h23',
});
const numero = new Intl.NumberFormat('es-AR');

/** An instant of the API (ISO 8601) as "15/03/2025, 14:05". */
export const fechaYHora = (iso: string): string => {
  const fecha = new Date(iso);
  return Number.isNaN(fecha.getTime()) ? iso : fechaHora().format(fecha);
};

/** A calendar date "1980-03-15" as "15/03/1980" (no time zone involved). */
export const fechaCalendario = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};

export const entero = (n: number): string => numero.format(n);

/** "1–25 de 1.234", or "… de más de 10.000" when the server stopped counting. */
export function rango(desde: number, hasta: number, total: number, exacto = true): string {
  return `${entero(desde)}–${entero(hasta)} de ${exacto ? '' : 'más de '}${entero(total)}`;
}

/** A size in bytes, for a document's line: "12,5 kB". */
export function tamanio(bytes: number): string {
  if (bytes < 1000) return `${entero(bytes)} B`;
  const kb = bytes / 1000;
  if (kb < 1000) return `${new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 }).format(kb)} kB`;
  return `${new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 }).format(kb / 1000)} MB`;
}
