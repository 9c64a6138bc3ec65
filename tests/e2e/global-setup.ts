// Runs once before the browser suites: one `vite build` of the SPA that every browser suite's
// server serves. The build is kept under dist/e2e/<hash>/dist/client, <hash> being the SHA-256 of
// what the build reads (the SPA's sources, the shared domain and machines, the build scripts and
// configuration, the installed packages): a run whose inputs did not change reuses it, and two runs
// of different trees in one checkout never serve each other's build. The chosen directory reaches
// the suites (and their servers) as E2E_RAIZ_CLIENTE. Set E2E_RAIZ_CLIENTE yourself to build into
// (and serve from) <dir>/dist/client instead; E2E_SKIP_BUILD=1 then reuses a build already there.
// In CI a missing Chromium fails here, before any suite could skip.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, EN_CI, RAIZ } from './harness.js';

/** What `vite build` reads: the folders whole, and every file at the top of the checkout. */
const CARPETAS_DE_LA_BUILD = ['src', 'domain', 'machines', 'public', 'scripts'];
const PAQUETES_INSTALADOS = 'node_modules/.package-lock.json';

function archivosDe(carpeta: string): string[] {
  if (!existsSync(carpeta)) return [];
  return readdirSync(carpeta, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** The SHA-256 of the build's inputs: paths and contents, in a fixed order. */
export function hashDeLaBuild(raiz = RAIZ): string {
  const sueltos = readdirSync(raiz, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(raiz, e.name));
  const archivos = [
    ...sueltos,
    ...CARPETAS_DE_LA_BUILD.flatMap((c) => archivosDe(path.join(raiz, c))),
    path.join(raiz, PAQUETES_INSTALADOS),
  ]
    .filter((a) => existsSync(a))
    .map((a) => path.relative(raiz, a))
    .sort();
  const h = createHash('sha256');
  for (const a of archivos)
    h.update(a)
      .update('\0')
      .update(readFileSync(path.join(raiz, a)))
      .update('\0');
  return h.digest('hex').slice(0, 16);
}

function construir(raizCliente: string): void {
  // NODE_ENV=production as `npm run build` has it: Vitest sets NODE_ENV=test, and Vite, which
  // respects a NODE_ENV already set, would then bundle React's development builds.
  const salida = path.join(raizCliente, 'dist/client');
  const r = spawnSync(
    process.execPath,
    [
      path.join(RAIZ, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      salida,
      '--emptyOutDir',
    ],
    {
      cwd: RAIZ,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (r.status !== 0) throw new Error('vite build falló: las pruebas de navegador necesitan dist/client.');
}

const hayBuild = (raizCliente: string) => existsSync(path.join(raizCliente, 'dist/client/index.html'));

export default function setup(): void {
  if (EN_CI && !existsSync(CHROMIUM)) throw new Error(`CI: no está Chromium en ${CHROMIUM}.`);
  const propia = process.env.E2E_RAIZ_CLIENTE;
  if (propia) {
    if (process.env.E2E_SKIP_BUILD === '1' && hayBuild(propia)) return;
    construir(propia);
    return;
  }
  const cache = path.join(RAIZ, 'dist/e2e');
  const hash = hashDeLaBuild();
  const raizCliente = path.join(cache, hash);
  if (!hayBuild(raizCliente)) {
    // Built aside and renamed into place: a run that stops half-way, or another run building the
    // same tree at the same time, never leaves a partial build under the hash.
    const aparte = `${raizCliente}.${process.pid}`;
    rmSync(aparte, { recursive: true, force: true });
    construir(aparte);
    try {
      renameSync(aparte, raizCliente);
    } catch (error) {
      if (!hayBuild(raizCliente)) throw error;
      rmSync(aparte, { recursive: true, force: true });
    }
    // Builds of older trees go once they are a day old (another run may still be serving one).
    const ayer = Date.now() - 24 * 3600_000;
    for (const otra of readdirSync(cache)) {
      const d = path.join(cache, otra);
      if (otra !== hash && statSync(d).mtimeMs < ayer) rmSync(d, { recursive: true, force: true });
    }
  }
  // Read by the harness in every suite's worker, and inherited by the servers it starts.
  process.env.E2E_RAIZ_CLIENTE = raizCliente;
}
