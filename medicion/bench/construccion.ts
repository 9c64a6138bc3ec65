// The SPA as it ships, built once per run into a temporary directory (never the checkout's dist/,
// which other work may be serving), then served by the real server from there. `--contra` builds
// the other commit's SPA the same way, from its worktree with that tree's own Vite and config.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RAIZ } from '../servidor-hijo.js';

const construidas = new Map<string, Promise<string>>();

/**
 * The directory to use as the server's working directory: its dist/client is the fresh build of
 * the checkout at `raiz` (default: this one).
 */
export function construirCliente(raiz: string = RAIZ): Promise<string> {
  let construida = construidas.get(raiz);
  if (!construida) {
    construida = (async () => {
      const destino = await mkdtemp(path.join(os.tmpdir(), 'alta-build-'));
      const salida = path.join(destino, 'dist/client');
      const r = spawnSync(
        process.execPath,
        [
          path.join(raiz, 'node_modules/vite/bin/vite.js'),
          'build',
          '--outDir',
          salida,
          '--emptyOutDir',
          '--logLevel',
          'warn',
        ],
        { cwd: raiz, stdio: ['ignore', 'inherit', 'inherit'], timeout: 300_000 },
      );
      if (r.status !== 0 || !existsSync(path.join(salida, 'index.html'))) {
        await rm(destino, { recursive: true, force: true });
        throw new Error(`vite build failed in ${raiz}`);
      }
      return destino;
    })();
    construidas.set(raiz, construida);
  }
  return construida;
}

export async function borrarConstruccion(): Promise<void> {
  for (const construida of construidas.values()) {
    const destino = await construida.catch(() => null);
    if (destino) await rm(destino, { recursive: true, force: true });
  }
  construidas.clear();
}
