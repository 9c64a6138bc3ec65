// The round-robin proxy (proxy.ts) as its own process, for throughput runs: in the load
// generator's event loop it would compete with the clients it serves, which a real proxy does
// not. `node --import tsx proxy-hijo.ts <port> <port> …` prints its URL on one line and runs until
// SIGTERM.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProxyRondas } from './proxy.js';
import { CARGADOR_TSX } from '../../servidor-hijo.js';

export interface ProxyHijo {
  url: string;
  pid: number;
  cerrar(): Promise<void>;
}

/** Starts the proxy in a child process in front of `puertos`; resolves once it listens. */
export function iniciarProxyHijo(puertos: number[]): Promise<ProxyHijo> {
  const hijo = spawn(
    process.execPath,
    ['--import', CARGADOR_TSX, fileURLToPath(import.meta.url), ...puertos.map(String)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const fin = new Promise<void>((r) => hijo.once('exit', () => r()));
  return new Promise((resolve, reject) => {
    let texto = '';
    hijo.once('exit', (codigo) => reject(new Error(`the proxy exited (${codigo})`)));
    hijo.stdout.on('data', (b: Buffer) => {
      texto += b.toString();
      const linea = texto.split('\n')[0];
      if (texto.includes('\n') && linea) {
        resolve({
          url: linea.trim(),
          pid: hijo.pid ?? -1,
          cerrar: async () => {
            hijo.kill('SIGTERM');
            await fin;
          },
        });
      }
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const proxy = new ProxyRondas(process.argv.slice(2).map(Number));
  const url = await proxy.abrir();
  console.log(url);
  process.on('SIGTERM', () => void proxy.cerrar().then(() => process.exit(0)));
}
