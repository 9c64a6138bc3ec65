// A free loopback port and the wait for a server's /healthz: shared by the bench and torture
// runs (servidor.ts) and the browser suites' harness (tests/e2e/harness.ts). Kept apart from
// servidor.ts, whose `import.meta.resolve` Vitest's module runner does not support.
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { esperar } from './estadistica.js';

export async function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const d = srv.address();
      const puerto = typeof d === 'object' && d ? d.port : 0;
      srv.close(() => resolve(puerto));
    });
  });
}

export async function esperarSalud(
  url: string,
  proceso: ChildProcess,
  plazoMs: number,
  salida: () => string,
) {
  const limite = Date.now() + plazoMs;
  while (Date.now() < limite) {
    if (proceso.exitCode !== null || proceso.signalCode !== null) {
      throw new Error(
        `the server exited (${proceso.exitCode ?? proceso.signalCode}): ${salida().slice(-2000)}`,
      );
    }
    try {
      const r = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await esperar(100);
  }
  throw new Error(`the server did not answer /healthz within ${plazoMs} ms: ${salida().slice(-2000)}`);
}
