// The back-office bench's own section of docs/quality.md, a table per engine: replaced in place by
// the next long run, appended the first time. The bench's and torture's tables around it are
// rewritten by comun/calidad-md.ts, which keeps this section as it is.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { ARCHIVO_CALIDAD } from '../comun/calidad-md.js';
import type { Fila } from '../comun/informe.js';
import type { Maquina } from '../comun/maquina.js';

const MARCA_GESTION = 'gestion';

const escapar = (t: string) => t.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export interface TablaMotor {
  motor: string;
  filas: Fila[];
}

export function seccionGestion(
  tablas: TablaMotor[],
  m: Maquina,
  duracionS: number,
  explicacion: string,
): string {
  const todas = tablas.flatMap((t) => t.filas);
  const fallos = todas.filter((f) => f.estado === 'FAIL').length;
  const resultado = fallos === 0 ? 'PASS' : `FAIL (${fallos} of ${todas.length})`;
  return [
    `<!-- calidad:${MARCA_GESTION} -->`,
    `## Back-office — ${m.fecha}`,
    '',
    `Written by \`npm run bench -- --solo=gestion\` (or the whole \`npm run bench\`). Machine: ${m.cpu}, ${m.nucleos} cores, ` +
      `${m.ramGiB} GiB RAM, Node ${m.node}, ${m.so}, load average ${m.carga} at start. Took ${Math.round(duracionS)} s. ` +
      `Result: **${resultado}**.`,
    '',
    explicacion,
    ...tablas.flatMap((t) => [
      '',
      `### ${t.motor}`,
      '',
      '| Measure | Value | Budget | Result |',
      '|---|---|---|---|',
      ...t.filas.map(
        (f) => `| ${escapar(f.medida)} | ${escapar(f.valor)} | ${escapar(f.presupuesto)} | ${f.estado} |`,
      ),
    ]),
    `<!-- /calidad:${MARCA_GESTION} -->`,
  ].join('\n');
}

/** Puts `seccion` in place of the previous one, or after everything the first time. */
export function reemplazarSeccion(actual: string, seccion: string): string {
  const re = new RegExp(`<!-- calidad:${MARCA_GESTION} -->[\\s\\S]*?<!-- /calidad:${MARCA_GESTION} -->`);
  return re.test(actual) ? actual.replace(re, () => seccion) : `${actual.trimEnd()}\n\n${seccion}\n`;
}

export async function escribirSeccionGestion(seccion: string): Promise<void> {
  const actual = existsSync(ARCHIVO_CALIDAD)
    ? await readFile(ARCHIVO_CALIDAD, 'utf8')
    : '# Measured quality\n';
  await writeFile(ARCHIVO_CALIDAD, reemplazarSeccion(actual, seccion));
}
