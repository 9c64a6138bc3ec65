// The real server as a child process (`node --import tsx server/server.ts`) on a free loopback
// port with its own DATA_DIR: what a deployment runs, driven from outside. The one launcher of
// the browser suites (tests/e2e/harness.ts), the server suite's torture checks
// (medicion/tests/server/tortura-*.test.ts), `npm run bench` and `npm run torture`.
// It runs inside Vitest too, whose module runner has no `import.meta.resolve`: tsx's loader is
// found through `createRequire` and passed to the child as a file URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CARGADOR_TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** tsx's loader as installed in another checkout (`npm run bench -- --contra` runs an older commit). */
export const cargadorTsxDe = (raiz: string) =>
  pathToFileURL(createRequire(path.join(raiz, 'package.json')).resolve('tsx')).href;

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

const esperar = (msegs: number) => new Promise<void>((r) => setTimeout(r, msegs));
const terminado = (p: ChildProcess) => p.exitCode !== null || p.signalCode !== null;

async function esperarSalud(url: string, proceso: ChildProcess, plazoMs: number, salida: () => string) {
  const limite = Date.now() + plazoMs;
  while (Date.now() < limite) {
    if (terminado(proceso)) {
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

async function finDe(p: ChildProcess, senal: NodeJS.Signals, plazoMs: number): Promise<void> {
  if (terminado(p)) return;
  const fin = new Promise<void>((r) => p.once('exit', () => r()));
  p.kill(senal);
  const forzar = setTimeout(() => p.kill('SIGKILL'), plazoMs);
  await fin;
  clearTimeout(forzar);
}

export interface OpcionesServidor {
  /** Added to (and overriding) the environment below; an empty value means the server's default. */
  env?: Record<string, string>;
  /** Reuse a data directory (a restart, or one a test prepared); otherwise a fresh temporary one. */
  dataDir?: string;
  /** Working directory of the server, whose dist/client is what gets served (default: the checkout). */
  raizCliente?: string;
  /**
   * The checkout whose server/server.ts runs, with its own node_modules and tsx (default: this
   * one). `npm run bench -- --contra <commit>` runs the other commit from its own worktree.
   */
  raizServidor?: string;
  puerto?: number;
  /** Keep what the server prints (off for throughput runs: reading the pipe costs CPU). */
  capturarSalida?: boolean;
  plazoInicioMs?: number;
  /** Options for node itself, before the loader (`--cpu-prof` for medicion/bench/perfil/). */
  argumentosNode?: string[];
}

export interface Servidor {
  url: string;
  puerto: number;
  dataDir: string;
  readonly proceso: ChildProcess;
  pid: number;
  /** The last 50 kB the server printed (empty with `capturarSalida: false`, but for stderr). */
  salida(): string;
  /** SIGTERM and wait (SIGKILL after 10 s). */
  detener(): Promise<void>;
  /** SIGKILL and wait. */
  matar(): Promise<void>;
  /** Stops the server and deletes its data directory when it created it. */
  limpiar(): Promise<void>;
}

/** Starts the server and resolves once /healthz answers; a server that cannot start throws. */
/**
 * The audit key of the servers these runs start, and of the test environments: production
 * refuses to start without one, and the processes sharing a database must share it.
 */
export const CLAVE_AUDITORIA_DE_PRUEBA = 'a1'.repeat(32);

export async function iniciarServidor(opciones: OpcionesServidor = {}): Promise<Servidor> {
  const propio = opciones.dataDir === undefined;
  const dataDir = opciones.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'alta-servidor-')));
  const puerto = opciones.puerto ?? (await puertoLibre());
  const url = `http://127.0.0.1:${puerto}`;
  let texto = '';
  const capturar = opciones.capturarSalida ?? true;
  const raizServidor = opciones.raizServidor ?? RAIZ;
  const cargador = raizServidor === RAIZ ? CARGADOR_TSX : cargadorTsxDe(raizServidor);
  const proceso = spawn(
    process.execPath,
    [...(opciones.argumentosNode ?? []), '--import', cargador, path.join(raizServidor, 'server/server.ts')],
    {
      cwd: opciones.raizCliente ?? RAIZ,
      env: {
        ...process.env,
        PORT: String(puerto),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        DEMO: ['test', 'development'].includes(opciones.env?.NODE_ENV ?? 'test') ? '1' : '0',
        DATABASE_URL: '',
        TRUST_PROXY: '',
        AUDITORIA_CLAVE: CLAVE_AUDITORIA_DE_PRUEBA,
        // No drain on SIGTERM (decision 092): nothing routes around these servers, and every stop
        // would wait it out. The graceful-restart checks set it.
        SHUTDOWN_DRAIN_MS: '0',
        // Every client of these runs comes from 127.0.0.1, where a deployment sees many addresses:
        // the per-client limits are lifted, and tested with their shipped values on their own
        // (medicion/tests/server/tortura-limites.test.ts, tests/server/cuotas.test.ts).
        DNI_CHECK_MAX: '100000',
        WRITE_MAX_PER_HOUR: '1000000',
        DRAFTS_MAX_PER_HOUR: '1000000',
        UPLOAD_MAX_MB_PER_HOUR: '1000000',
        ...opciones.env,
      },
      stdio: ['ignore', capturar ? 'pipe' : 'ignore', 'pipe'],
    },
  );
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
