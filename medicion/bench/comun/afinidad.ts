// CPU pinning for side-by-side throughput runs. On a small machine the kernel moves the load
// generator and the server under test between cores, and whichever lands next to the load
// generator loses; pinning the load generator to one core and every server under test to another
// gives each contender the same core. Linux only, with `taskset` (util-linux) and ≥ 2 cores;
// elsewhere nothing is pinned and the run says so.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

function taskset(cpus: string, pid: number): boolean {
  try {
    // -a: every thread of the process (libuv's pool, V8's helpers), not only the main one.
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface Fijacion {
  descripcion: string;
  /** Gives this process every core back. */
  liberar(): void;
}

/** Pins this process (the load generator) to core 0 and `servidores` to core 1. */
export function fijarNucleos(servidores: number[]): Fijacion {
  const nucleos = os.availableParallelism();
  const todos = `0-${nucleos - 1}`;
  const sinFijar = { descripcion: 'not pinned', liberar() {} };
  if (process.platform !== 'linux' || nucleos < 2) return sinFijar;
  if (!taskset('0', process.pid)) return sinFijar;
  if (!servidores.every((pid) => taskset('1', pid))) {
    taskset(todos, process.pid);
    return sinFijar;
  }
  return {
    descripcion: 'load generator on core 0, servers on core 1',
    liberar: () => void taskset(todos, process.pid),
  };
}
