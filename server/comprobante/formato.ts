// How the receipt writes dates and sizes: as Argentina does (es-AR), in Argentina's time whatever
// the server's zone, so the receipt, the e-mail and the verification page agree.
import { ZONA_ARGENTINA } from '../../domain/index.js';

const fechaHora = new Intl.DateTimeFormat('es-AR', {
  timeZone: ZONA_ARGENTINA,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const entero = new Intl.NumberFormat('es-AR');
const decimal = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

/** An instant (ISO 8601) as "25/11/2026 14:05", Argentina's time. */
export function fechaHoraArgentina(iso: string): string {
  const partes = Object.fromEntries(fechaHora.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${partes.day}/${partes.month}/${partes.year} ${partes.hour}:${partes.minute}`;
}

/** "1,2 MB", "845,3 kB", "512 B" (decimal units, like the back-office). */
export function tamanioLegible(bytes: number): string {
  if (bytes < 1000) return `${entero.format(bytes)} B`;
  // 999.960 B rounds to "1000 kB": that one is written in MB.
  if (Math.round(bytes / 100) < 10_000) return `${decimal.format(bytes / 1000)} kB`;
  return `${decimal.format(bytes / 1_000_000)} MB`;
}

/** "1,2 MB (1.234.567 bytes)": the human size and the exact one. */
export const tamanioConBytes = (bytes: number): string =>
  `${tamanioLegible(bytes)} (${entero.format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'})`;
