// Figures taken while the machine is still busy with what ran before (a test suite, PostgreSQL
// flushing what it wrote) describe that, not the product. Before measuring, wait — at most
// `plazoS` — until the 1-minute load average drops below `umbral`.
import os from 'node:os';
import { esperar } from './estadistica.js';

export async function esperarCalma(umbral = 0.5, plazoS = 120): Promise<void> {
  if (process.platform === 'win32') return; // no load average there
  const inicio = Date.now();
  let carga = os.loadavg()[0]!;
  if (carga < umbral) return;
  console.log(`Waiting for the machine to settle (load average ${carga.toFixed(2)}, until < ${umbral}, at most ${plazoS} s)…`);
  while (carga >= umbral && Date.now() - inicio < plazoS * 1000) {
    await esperar(2_000);
    carga = os.loadavg()[0]!;
  }
  console.log(`  load average ${carga.toFixed(2)} after ${Math.round((Date.now() - inicio) / 1000)} s`);
}
