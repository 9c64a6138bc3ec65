// The machine a run happened on: absolute figures only mean something next to it.
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface Maquina {
  cpu: string;
  nucleos: number;
  ramGiB: string;
  node: string;
  so: string;
  /** 1-minute load average at the start: a busy machine explains noisy absolute figures. */
  carga: string;
  fecha: string;
}

function modeloCpu(): string {
  const modelo = os.cpus()[0]?.model?.trim();
  if (modelo) return modelo;
  try {
    return /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function maquina(): Maquina {
  return {
    cpu: modeloCpu(),
    nucleos: os.availableParallelism(),
    ramGiB: (os.totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    so: `${os.type()} ${os.release()} ${os.arch()}`,
    carga: os.loadavg()[0]!.toFixed(1),
    fecha: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}
