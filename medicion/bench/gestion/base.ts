// A seeded database per engine for one bench run, and the cache that spares seeding it again.
// Seeding 100,000 applications through insertar takes about a minute on SQLite and a few on
// PostgreSQL; the result is kept in the temporary directory, keyed by the sources that decide
// what the rows look like (the migrations, insertar, the search key, this seed), so a change to
// any of them seeds anew. SQLite is cached as its file, PostgreSQL as a pg_dump archive restored
// into a fresh database (when pg_dump is installed; otherwise it is seeded every run). Each run
// works on its own copy — the cached one is never served — and drops its database afterwards.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import pg from 'pg';
import { RAIZ } from '../../servidor-hijo.js';
import { basePgNueva, conAdmin, type BasePg } from '../comun/postgres.js';
import { sembrar, type Sembrado } from './sembrar.js';

const ejecutar = promisify(execFile);

export type Motor = 'SQLite' | 'PostgreSQL';

const DIRECTORIO_CACHE = path.join(os.tmpdir(), 'alta-bench-gestion');

/** What decides the seeded rows: any change to these files (a folder: each of its files) seeds anew. */
const FUENTES = [
  'server/db/migraciones/',
  'server/db/semillas.ts',
  'server/solicitud/solicitudes.ts',
  'server/ciclo-de-vida/asentar.ts',
  'server/gestion/busqueda.ts',
  'server/archivos/documentos.ts',
  'domain/texto.ts',
  'medicion/bench/gestion/datos.ts',
  'medicion/bench/gestion/sembrar.ts',
];

async function claveDeCache(motor: Motor, total: number): Promise<string> {
  const hash = createHash('sha256').update(`${motor}\n${total}\n`);
  for (const f of FUENTES) {
    const archivos = f.endsWith('/') ? (await readdir(path.join(RAIZ, f))).sort().map((n) => f + n) : [f];
    for (const a of archivos) hash.update(await readFile(path.join(RAIZ, a)));
  }
  return `${motor.toLowerCase()}-${total}-${hash.digest('hex').slice(0, 16)}`;
}

export interface BaseSembrada {
  motor: Motor;
  /** The server's DATA_DIR for this run (documents, and the SQLite file). */
  dataDir: string;
  /** The server's environment for this engine. */
  env: Record<string, string>;
  sembrado: Sembrado;
  /** How this run got its rows, for the report. */
  origen: string;
  borrar(): Promise<void>;
}

async function pgDumpDisponible(): Promise<boolean> {
  try {
    await ejecutar('pg_dump', ['--version']);
    await ejecutar('pg_restore', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** What autovacuum does after a load: statistics, and the visibility map index-only scans use. */
async function analizar(url: string): Promise<void> {
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    await cliente.query('vacuum analyze');
  } finally {
    await cliente.end();
  }
}

/** Seeds a fresh PostgreSQL database; its commits skip waiting for the disk while seeding only. */
async function sembrarPg(
  base: BasePg,
  dataDir: string,
  total: number,
  informar: (t: string) => void,
): Promise<Sembrado> {
  await conAdmin((c) => c.query(`alter database ${base.nombre} set synchronous_commit = off`));
  try {
    return await sembrar({ dataDir, databaseUrl: base.url, total, concurrencia: 10, informar });
  } finally {
    await conAdmin((c) => c.query(`alter database ${base.nombre} reset synchronous_commit`));
  }
}

async function guardarEnCache(clave: string, preparar: (dir: string) => Promise<void>): Promise<void> {
  await mkdir(DIRECTORIO_CACHE, { recursive: true });
  const temporal = path.join(DIRECTORIO_CACHE, `.${clave}-${randomBytes(4).toString('hex')}`);
  await mkdir(temporal);
  try {
    await preparar(temporal);
    // Older seeds of this engine and size are of older sources: only the current one is kept.
    const prefijo = clave.slice(0, clave.lastIndexOf('-') + 1);
    for (const nombre of await readdir(DIRECTORIO_CACHE)) {
      if (nombre.startsWith(prefijo) && nombre !== clave)
        await rm(path.join(DIRECTORIO_CACHE, nombre), { recursive: true, force: true });
    }
    await rename(temporal, path.join(DIRECTORIO_CACHE, clave));
  } catch (error) {
    await rm(temporal, { recursive: true, force: true });
    throw error;
  }
}

export async function baseSembrada(
  motor: Motor,
  total: number,
  opciones: { reusar: boolean; informar: (t: string) => void },
): Promise<BaseSembrada> {
  const inicio = performance.now();
  const clave = await claveDeCache(motor, total);
  const enCache = path.join(DIRECTORIO_CACHE, clave);
  const hayCache = opciones.reusar && existsSync(path.join(enCache, 'sembrado.json'));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'alta-bench-gestion-datos-'));
  const segundos = () => ((performance.now() - inicio) / 1000).toFixed(0);

  if (motor === 'SQLite') {
    let sembrado: Sembrado;
    let origen: string;
    try {
      if (hayCache) {
        await cp(path.join(enCache, 'datos'), dataDir, { recursive: true });
        sembrado = JSON.parse(await readFile(path.join(enCache, 'sembrado.json'), 'utf8')) as Sembrado;
        origen = `copied from the cached seed (seeded through insertar in ${sembrado.segundos.toFixed(0)} s) in ${segundos()} s`;
        opciones.informar(`cached seed: ${enCache}`);
      } else {
        sembrado = await sembrar({
          dataDir,
          databaseUrl: null,
          total,
          concurrencia: 1,
          informar: opciones.informar,
        });
        origen = `seeded through insertar in ${sembrado.segundos.toFixed(0)} s`;
        await guardarEnCache(clave, async (dir) => {
          await cp(dataDir, path.join(dir, 'datos'), { recursive: true });
          await writeFile(path.join(dir, 'sembrado.json'), JSON.stringify(sembrado));
        });
      }
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
    return {
      motor,
      dataDir,
      env: {},
      sembrado,
      origen,
      borrar: () => rm(dataDir, { recursive: true, force: true }),
    };
  }

  const base = await basePgNueva('alta_bench_gestion');
  const borrar = async () => {
    await base.borrar();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    let sembrado: Sembrado;
    let origen: string;
    const conDump = await pgDumpDisponible();
    if (hayCache && conDump && existsSync(path.join(enCache, 'base.dump'))) {
      await cp(path.join(enCache, 'datos'), dataDir, { recursive: true });
      await ejecutar(
        'pg_restore',
        ['--no-owner', '--exit-on-error', '--jobs=2', '--dbname', base.url, path.join(enCache, 'base.dump')],
        {
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      await analizar(base.url); // a restore brings rows, not the statistics nor the visibility map
      sembrado = JSON.parse(await readFile(path.join(enCache, 'sembrado.json'), 'utf8')) as Sembrado;
      origen = `restored with pg_restore from the cached seed (seeded through insertar in ${sembrado.segundos.toFixed(0)} s) in ${segundos()} s`;
      opciones.informar(`cached seed: ${enCache}`);
    } else {
      sembrado = await sembrarPg(base, dataDir, total, opciones.informar);
      origen = `seeded through insertar in ${sembrado.segundos.toFixed(0)} s (10 at a time)`;
      if (conDump) {
        await guardarEnCache(clave, async (dir) => {
          await cp(dataDir, path.join(dir, 'datos'), { recursive: true });
          await ejecutar('pg_dump', [
            '--format=custom',
            '--no-owner',
            '--file',
            path.join(dir, 'base.dump'),
            base.url,
          ]);
          await writeFile(path.join(dir, 'sembrado.json'), JSON.stringify(sembrado));
        });
      } else {
        origen += '; pg_dump not installed, so not cached';
      }
    }
    return { motor, dataDir, env: { DATABASE_URL: base.url }, sembrado, origen, borrar };
  } catch (error) {
    await borrar();
    throw error;
  }
}
