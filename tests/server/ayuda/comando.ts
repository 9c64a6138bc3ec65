// `npm run -s <script> -- <args>` as a real process, as an operator runs it, on the data `env`
// points at (a test's `ctx.entorno.env`, or a deployment's variables only). The command is the
// one package.json gives the script (`tsx scripts/<name>.ts`), started as `node --import tsx
// scripts/<name>.ts`: the same program with the same loader, without the two launchers in front
// of it (npm, then tsx's CLI, each a Node process of its own: about 0.3 s of CPU per command,
// and the suites run over a hundred of them — decision 107).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const RAIZ = path.resolve(import.meta.dirname, '../../..');

export interface Salida {
  codigo: number | null;
  salida: string;
  errores: string;
}

const SCRIPTS = (
  JSON.parse(readFileSync(path.join(RAIZ, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

/** The process `npm run <script>` ends up running: node with tsx's loader on the script's file. */
function argumentosDe(script: string): string[] {
  const linea = SCRIPTS[script];
  const m = linea === undefined ? null : /^tsx (scripts\/[\w/.-]+\.ts)$/.exec(linea);
  if (!m)
    throw new Error(
      `package.json: "${script}" no es "tsx scripts/<archivo>.ts" (es ${JSON.stringify(linea)}).`,
    );
  return ['--import', 'tsx', m[1]!];
}

const entornoDe = (env: Record<string, string>) => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  ...env,
});

export function comando(
  script: string,
  args: string[],
  env: Record<string, string>,
  { entrada, plazoMs = 120_000 }: { entrada?: string; plazoMs?: number } = {},
): Salida {
  const r = spawnSync(process.execPath, [...argumentosDe(script), ...args], {
    cwd: RAIZ,
    env: entornoDe(env),
    ...(entrada === undefined ? {} : { input: entrada }),
    encoding: 'utf8',
    timeout: plazoMs,
  });
  return { codigo: r.status, salida: r.stdout, errores: r.stderr };
}

/** The same, asynchronous: for a command that talks to a server running in the test's process. */
export function comandoAsincrono(
  script: string,
  args: string[],
  env: Record<string, string>,
  { plazoMs = 120_000 }: { plazoMs?: number } = {},
): Promise<Salida> {
  return new Promise((resolver, rechazar) => {
    const hijo = spawn(process.execPath, [...argumentosDe(script), ...args], {
      cwd: RAIZ,
      env: entornoDe(env),
      timeout: plazoMs,
    });
    let salida = '';
    let errores = '';
    hijo.stdout.setEncoding('utf8').on('data', (d: string) => (salida += d));
    hijo.stderr.setEncoding('utf8').on('data', (d: string) => (errores += d));
    hijo.on('error', rechazar);
    hijo.on('close', (codigo) => resolver({ codigo, salida, errores }));
  });
}
