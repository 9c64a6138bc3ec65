// Runs once before the browser suites: builds the SPA (`vite build` → dist/client, which the
// server serves). E2E_SKIP_BUILD=1 reuses an existing build while iterating locally. In CI a
// missing Chromium fails here, before any suite could skip. E2E_RAIZ_CLIENTE builds into (and
// serves from) <dir>/dist/client instead, so two people testing in one checkout do not clash.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, EN_CI, RAIZ, RAIZ_CLIENTE } from './harness.js';

export default function setup(): void {
  if (EN_CI && !existsSync(CHROMIUM)) throw new Error(`CI: no está Chromium en ${CHROMIUM}.`);
  const salida = path.join(RAIZ_CLIENTE, 'dist/client');
  const hayBuild = existsSync(path.join(salida, 'index.html'));
  if (process.env.E2E_SKIP_BUILD === '1' && hayBuild) return;
  // NODE_ENV=production as `npm run build` has it: Vitest sets NODE_ENV=test, and Vite, which
  // respects a NODE_ENV already set, would then bundle React's development builds.
  const r = spawnSync(process.execPath, [path.join(RAIZ, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', salida, '--emptyOutDir'], {
    cwd: RAIZ,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('vite build falló: las pruebas de navegador necesitan dist/client.');
}
