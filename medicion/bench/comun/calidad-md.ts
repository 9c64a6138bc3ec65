// docs/quality.md: one dated table per kind of run (bench/torture × long/short), each replaced by
// the next run of the same kind, with the machine it ran on.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Fila } from './informe.js';
import type { Maquina } from './maquina.js';
import { RAIZ } from '../../servidor-hijo.js';

export const ARCHIVO_CALIDAD = path.join(RAIZ, 'docs/quality.md');

const ORDEN = ['bench:long', 'bench:short', 'torture:long', 'torture:short'] as const;
export type Clase = (typeof ORDEN)[number];

const CABECERA = `# Measured quality

Written by \`npm run bench\` (speed) and \`npm run torture\` (reliability under load and crashes);
each run replaces the table of its kind below, headed by the machine it ran on. CI runs only
\`npm run torture -- --short\`, whose PASS/FAIL lines are all correctness counts. The bench is run
by hand: its Lighthouse scores and throughput figures move with the host's load, so they are
published here to be read next to their machine line, and never gate CI (decision 052).
\`--short\` has small counts; without it the full counts of decision 050. How the figures are taken —
peers measured side by side in the same run, medians — is in
docs/decisions/050-how-quality-is-measured.md. The deterministic checks — the JS size budgets,
idempotency, fuzzing, database loss, rate limits — are tests that \`npm test\` runs.
`;

const escapar = (t: string) => t.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function bloque(clase: Clase, filas: Fila[], m: Maquina, duracionS: number): string {
  const [script, forma] = clase.split(':');
  const fallos = filas.filter((f) => f.estado === 'FAIL').length;
  const resultado = fallos === 0 ? 'PASS' : `FAIL (${fallos} of ${filas.length})`;
  const lineas = [
    `<!-- calidad:${clase} -->`,
    `## ${script} (${forma} form) — ${m.fecha}`,
    '',
    `Machine: ${m.cpu}, ${m.nucleos} cores, ${m.ramGiB} GiB RAM, Node ${m.node}, ${m.so}, load average ${m.carga} at start. ` +
      `Took ${Math.round(duracionS)} s. Result: **${resultado}**.`,
    '',
    '| Measure | Value | Budget | Result |',
    '|---|---|---|---|',
    ...filas.map((f) => `| ${escapar(f.medida)} | ${escapar(f.valor)} | ${escapar(f.presupuesto)} | ${f.estado} |`),
    `<!-- /calidad:${clase} -->`,
  ];
  return lineas.join('\n');
}

export async function escribirCalidad(clase: Clase, filas: Fila[], m: Maquina, duracionS: number): Promise<void> {
  const actual = existsSync(ARCHIVO_CALIDAD) ? await readFile(ARCHIVO_CALIDAD, 'utf8') : CABECERA;
  const bloques = new Map<Clase, string>();
  for (const c of ORDEN) {
    const re = new RegExp(`<!-- calidad:${c} -->[\\s\\S]*?<!-- /calidad:${c} -->`);
    const encontrado = re.exec(actual)?.[0];
    if (encontrado) bloques.set(c, encontrado);
  }
  bloques.set(clase, bloque(clase, filas, m, duracionS));
  const inicio = actual.indexOf('<!-- calidad:');
  const cabecera = (inicio >= 0 ? actual.slice(0, inicio) : actual).trimEnd();
  const cuerpo = ORDEN.filter((c) => bloques.has(c)).map((c) => bloques.get(c)!);
  // Sections a measure writes itself (the back-office's, bench/gestion/seccion.ts) stay, after these.
  const propias = [...actual.matchAll(/<!-- calidad:([\w:-]+) -->[\s\S]*?<!-- \/calidad:\1 -->/g)]
    .filter((m) => !(ORDEN as readonly string[]).includes(m[1]!))
    .map((m) => m[0]);
  // Notes written by hand after the last section stay after it.
  const cierres = [...actual.matchAll(/<!-- \/calidad:[\w:-]+ -->/g)];
  const ultimo = cierres.at(-1);
  const cola = ultimo ? actual.slice(ultimo.index + ultimo[0].length).trim() : '';
  await writeFile(
    ARCHIVO_CALIDAD,
    `${cabecera}\n\n${[...cuerpo, ...propias, ...(cola ? [cola] : [])].join('\n\n')}\n`,
  );
}
