// `npm run -s <script> -- <args>` as a real process, exactly as an operator runs it, on the data
// `env` points at (a test's `ctx.entorno.env`, or a deployment's variables only).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const RAIZ = path.resolve(import.meta.dirname, '../../..');

export interface Salida {
  codigo: number | null;
  salida: string;
  errores: string;
}

export function comando(
  script: string,
  args: string[],
  env: Record<string, string>,
  { entrada, plazoMs = 120_000 }: { entrada?: string; plazoMs?: number } = {},
): Salida {
  const r = spawnSync('npm', ['run', '-s', script, '--', ...args], {
    cwd: RAIZ,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    ...(entrada === undefined ? {} : { input: entrada }),
    encoding: 'utf8',
    timeout: plazoMs,
  });
  return { codigo: r.status, salida: r.stdout, errores: r.stderr };
}
