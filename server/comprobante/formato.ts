// How the receipt writes sizes, as Argentina does (es-AR); its dates are domain/fecha-hora.ts's.

const entero = new Intl.NumberFormat('es-AR');
const decimal = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

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
