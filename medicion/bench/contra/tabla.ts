// The comparison's table: one row per measure with the other commit's figure, main's, and the
// ratio main / other, printed aligned on the console and written as its own section of
// docs/quality.md, replaced by the next comparison (whatever commit it was against).
import type { Maquina } from '../comun/maquina.js';

export interface Comparacion {
  medida: string;
  otro: string;
  main: string;
  /** main / other; NaN when either side has no figure. */
  cociente: number;
  /** The per-round ratios behind `cociente`, when it is their median. */
  rondas?: number[];
}

/** main / other, or NaN when the quotient means nothing (a missing, zero or infinite side). */
export function cociente(main: number, otro: number): number {
  if (!Number.isFinite(main) || !Number.isFinite(otro) || otro === 0) return Number.NaN;
  return main / otro;
}

export function formatoCociente(c: number, rondas?: readonly number[]): string {
  if (!Number.isFinite(c)) return 'n/a';
  const detalle =
    rondas && rondas.length > 1
      ? ` (rounds ${rondas.map((r) => (Number.isFinite(r) ? r.toFixed(2) : 'n/a')).join(', ')})`
      : '';
  return `${c.toFixed(2)}×${detalle}`;
}

const COLUMNAS = (otro: string) => ['Measure', `Other (${otro})`, 'Main', 'Ratio main/other'];
const celdas = (f: Comparacion) => [f.medida, f.otro, f.main, formatoCociente(f.cociente, f.rondas)];

/** The table as plain text, columns padded to their widest cell. */
export function tablaConsola(filas: readonly Comparacion[], otro: string): string {
  const todas = [COLUMNAS(otro), ...filas.map(celdas)];
  const anchos = COLUMNAS(otro).map((_, i) => Math.max(...todas.map((c) => c[i]!.length)));
  const linea = (c: string[]) =>
    c
      .map((t, i) => t.padEnd(anchos[i]!))
      .join('  ')
      .trimEnd();
  return [linea(todas[0]!), anchos.map((a) => '-'.repeat(a)).join('  '), ...todas.slice(1).map(linea)].join(
    '\n',
  );
}

export const MARCA_CONTRA = 'contra';

/** Ratio above 1 means main is faster, or heavier: which way is better depends on the row. */
export const LECTURA =
  'Ratio = main / other, taken in the same run on the same machine, alternating round by round, so ' +
  "the host's load cancels out: above 1.00× is better for applications/s, MiB/s and Lighthouse " +
  'scores; below 1.00× is better for latencies, blocking time and JS size.';

export interface DatosSeccion {
  corto: string;
  asunto: string;
  /** What "main" was: HEAD and how many tracked files differed from it. */
  main: string;
  /** Whether the SPA of each side was built (Lighthouse and JS size only). */
  construido: boolean;
  orden: string;
  filas: readonly Comparacion[];
  notas: readonly string[];
  maquina: Maquina;
  cargaFinal: string;
  duracionS: number;
}

const escapar = (t: string) => t.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function seccionContra(d: DatosSeccion): string {
  const m = d.maquina;
  return [
    `<!-- calidad:${MARCA_CONTRA} -->`,
    `## Side by side against ${d.corto} — ${m.fecha}`,
    '',
    `Written by \`${d.orden}\`: main is ${d.main}; the other side is ${d.corto} ("${escapar(d.asunto)}"), ` +
      `run from its own git worktree with its own dependencies${d.construido ? ', SPA build' : ''} and server. ` +
      'Both sides get one environment: per-client limits lifted, MAIL_POLL_SECONDS=0, DOCUMENT_STORE=disco, ' +
      'a fresh DATA_DIR or PostgreSQL database each. ' +
      `Machine: ${m.cpu}, ${m.nucleos} cores, ${m.ramGiB} GiB RAM, Node ${m.node}, ${m.so}, ` +
      `load average ${m.carga} at start and ${d.cargaFinal} at the end. Took ${Math.round(d.duracionS)} s.`,
    '',
    LECTURA,
    '',
    `| Measure | Other commit (${d.corto}) | Main | Ratio main/other |`,
    '|---|---|---|---|',
    ...d.filas.map((f) => `| ${celdas(f).map(escapar).join(' | ')} |`),
    ...(d.notas.length ? ['', ...d.notas.map((n) => `- ${escapar(n)}`)] : []),
    `<!-- /calidad:${MARCA_CONTRA} -->`,
  ].join('\n');
}

/** Puts `seccion` in place of the previous comparison, or after everything the first time. */
export function reemplazarSeccionContra(actual: string, seccion: string): string {
  const re = new RegExp(`<!-- calidad:${MARCA_CONTRA} -->[\\s\\S]*?<!-- /calidad:${MARCA_CONTRA} -->`);
  return re.test(actual) ? actual.replace(re, () => seccion) : `${actual.trimEnd()}\n\n${seccion}\n`;
}
