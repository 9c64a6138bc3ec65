// The real server as a child process (`node --import tsx server/server.ts`) on a free loopback
// port with its own DATA_DIR: what a deployment runs, measured from outside. `raizCliente` lets
// a run serve a build of its own (the server serves <cwd>/dist/client) without touching the
// checkout's dist/.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { esperarSalud, puertoLibre } from './arranque.js';

export const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CARGADOR_TSX = import.meta.resolve('tsx');
export { puertoLibre };

export interface OpcionesServidor {
  env?: Record<string, string>;
  /** Reuse a data directory (a restart); otherwise a fresh temporary one. */
  dataDir?: string;
  /** Working directory of the server; its dist/client is what gets served. */
  raizCliente?: string;
  puerto?: number;
  /** Keep what the server prints (off for throughput runs: reading the pipe costs CPU here). */
  capturarSalida?: boolean;
  plazoInicioMs?: number;
}

export interface Servidor {
  url: string;
  puerto: number;
  dataDir: string;
  readonly proceso: ChildProcess;
  pid: number;
  salida(): string;
  /** SIGTERM and wait (SIGKILL after 10 s). */
  detener(): Promise<void>;
  /** SIGKILL and wait. */
  matar(): Promise<void>;
  /** Stops the server and deletes its data directory (when it created it). */
  limpiar(): Promise<void>;
}

const terminado = (p: ChildProcess) => p.exitCode !== null || p.signalCode !== null;

async function finDe(p: ChildProcess, senal: NodeJS.Signals, plazoMs: number): Promise<void> {
  if (terminado(p)) return;
  const fin = new Promise<void>((r) => p.once('exit', () => r()));
  p.kill(senal);
  const forzar = setTimeout(() => p.kill('SIGKILL'), plazoMs);
  await fin;
  clearTimeout(forzar);
}

export async function iniciarServidor(opciones: OpcionesServidor = {}): Promise<Servidor> {
  const propio = opciones.dataDir === undefined;
  const dataDir = opciones.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'alta-calidad-')));
  const puerto = opciones.puerto ?? (await puertoLibre());
  const url = `http://127.0.0.1:${puerto}`;
  let texto = '';
  const capturar = opciones.capturarSalida ?? true;
  const proceso = spawn(process.execPath, ['--import', CARGADOR_TSX, path.join(RAIZ, 'server/server.ts')], {
    cwd: opciones.raizCliente ?? RAIZ,
    env: {
      ...process.env,
      PORT: String(puerto),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      TRUST_PROXY: '',
      // Every simulated client comes from 127.0.0.1, where a deployment sees many addresses: the
      // per-client limits are lifted here and measured on their own (torture `limites`).
      DNI_CHECK_MAX: '100000',
      WRITE_MAX_PER_HOUR: '1000000',
      ...opciones.env,
    },
    stdio: ['ignore', capturar ? 'pipe' : 'ignore', 'pipe'],
  });
  const anotar = (b: Buffer) => {
    texto = (texto + b.toString()).slice(-50_000);
  };
  proceso.stdout?.on('data', anotar);
  proceso.stderr?.on('data', anotar);
  const salida = () => texto;
  const servidor: Servidor = {
    url,
    puerto,
    dataDir,
    proceso,
    pid: proceso.pid ?? -1,
    salida,
    detener: () => finDe(proceso, 'SIGTERM', 10_000),
    matar: () => finDe(proceso, 'SIGKILL', 5_000),
    async limpiar() {
      await finDe(proceso, 'SIGTERM', 10_000);
      if (propio) await rm(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await esperarSalud(url, proceso, opciones.plazoInicioMs ?? 60_000, salida);
  } catch (error) {
    await servidor.limpiar();
    throw error;
  }
  return servidor;
}

/** VmRSS and VmHWM (peak) of a process, in bytes, from /proc. */
export async function memoria(pid: number): Promise<{ rss: number; pico: number }> {
  const estado = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (campo: string) => Number(new RegExp(`^${campo}:\\s+(\\d+) kB`, 'm').exec(estado)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), pico: kb('VmHWM') };
}
