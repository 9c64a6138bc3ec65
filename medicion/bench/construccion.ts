// The SPA as it ships, built once per run into a temporary directory (never the checkout's dist/,
// which other work may be serving), then served by the real server from there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RAIZ } from '../servidor-hijo.js';

let construida: Promise<string> | null = null;

/** The directory to use as the server's working directory: its dist/client is the fresh build. */
export function construirCliente(): Promise<string> {
  construida ??= (async () => {
    const raiz = await mkdtemp(path.join(os.tmpdir(), 'alta-build-'));
    const salida = path.join(raiz, 'dist/client');
    const r = spawnSync(
      process.execPath,
      [path.join(RAIZ, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', salida, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: RAIZ, stdio: ['ignore', 'inherit', 'inherit'], timeout: 300_000 },
    );
    if (r.status !== 0 || !existsSync(path.join(salida, 'index.html'))) throw new Error('vite build failed');
    return raiz;
  })();
  return construida;
}

export async function borrarConstruccion(): Promise<void> {
  if (!construida) return;
  const raiz = await construida.catch(() => null);
  if (raiz) await rm(raiz, { recursive: true, force: true });
}
