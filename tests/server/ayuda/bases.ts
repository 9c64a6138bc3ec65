// Each test file gets fresh databases: SQLite in a temporary DATA_DIR, and PostgreSQL in a new
// database with a random name on the server of DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), dropped afterwards. In CI an unreachable PostgreSQL
// fails the suite; elsewhere that variant is skipped with a note.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CLAVE_AUDITORIA_DE_PRUEBA } from '../../../medicion/servidor-hijo.js';
import { loadConfig, type Config } from '../../../server/config/index.js';

export const URL_ADMIN_PG = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const EN_CI = process.env.CI === 'true';

async function pgAlcanzable(): Promise<string | null> {
  const cliente = new pg.Client({ connectionString: URL_ADMIN_PG, connectionTimeoutMillis: 3_000 });
  try {
    await cliente.connect();
    await cliente.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await cliente.end().catch(() => {});
  }
}

const motivoSinPg = await pgAlcanzable();
if (motivoSinPg && EN_CI) {
  throw new Error(`PostgreSQL no está disponible en CI (${URL_ADMIN_PG}): ${motivoSinPg}`);
}
if (motivoSinPg) {
  console.warn(
    `[tests/server] PostgreSQL no disponible en ${URL_ADMIN_PG} (${motivoSinPg}): se omite esa variante.`,
  );
}

export type Motor = 'sqlite' | 'postgres';
export const MOTORES: { motor: Motor; disponible: boolean }[] = [
  { motor: 'sqlite', disponible: true },
  { motor: 'postgres', disponible: motivoSinPg === null },
];

export interface Entorno {
  motor: Motor;
  config: Config;
  /** Environment for a child process (CLI, real server) pointing at the same data. */
  env: Record<string, string>;
  limpiar(): Promise<void>;
}

async function conAdmin<T>(tarea: (c: pg.Client) => Promise<T>): Promise<T> {
  const cliente = new pg.Client({ connectionString: URL_ADMIN_PG });
  await cliente.connect();
  try {
    return await tarea(cliente);
  } finally {
    await cliente.end();
  }
}

/** A deployment's minimum: production refuses to start without its audit key. */
export const CON_CLAVE_DE_AUDITORIA = { AUDITORIA_CLAVE: CLAVE_AUDITORIA_DE_PRUEBA } as const;

export async function crearEntorno(motor: Motor, extra: Record<string, string> = {}): Promise<Entorno> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'alta-test-'));
  // Demo mode gives the tests the published padrón pairs; production refuses it.
  const demo = ['test', 'development'].includes(extra.NODE_ENV ?? 'test') ? '1' : '0';
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DEMO: demo,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // One key for the whole run: it is one per process (auditoria/claves.ts), and a
    // file's SQLite and PostgreSQL apps share the process.
    AUDITORIA_CLAVE: CLAVE_AUDITORIA_DE_PRUEBA,
    ...extra,
  };
  let base: string | null = null;
  if (motor === 'postgres') {
    base = `alta_test_${randomBytes(6).toString('hex')}`;
    await conAdmin((c) => c.query(`CREATE DATABASE ${base}`));
    const url = new URL(URL_ADMIN_PG);
    url.pathname = `/${base}`;
    env.DATABASE_URL = url.toString();
  }
  return {
    motor,
    config: loadConfig(env),
    env,
    async limpiar() {
      if (base) await conAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${base} WITH (FORCE)`));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether a database engine's variant runs here. */
export const disponible = (motor: Motor): boolean => MOTORES.find((m) => m.motor === motor)!.disponible;
