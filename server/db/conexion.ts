// One Kysely instance: SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database, Db } from './esquema.js';

export type Motor = 'sqlite' | 'postgres';

export interface Conexion {
  db: Db;
  motor: Motor;
}

export function abrirBase(opciones: { dataDir: string; databaseUrl: string | null }): Conexion {
  if (opciones.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opciones.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // A client losing its connection must not crash the process: the pool reports idle clients
    // through its own 'error' event, but a checked-out client emits 'error' itself, with nobody
    // listening (its query already failed, and the pool drops it on release). The next query
    // reconnects.
    pool.on('error', () => {});
    pool.on('connect', (cliente) => cliente.on('error', () => {}));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), motor: 'postgres' };
  }
  fs.mkdirSync(opciones.dataDir, { recursive: true, mode: 0o700 });
  const archivo = new SQLite(path.join(opciones.dataDir, 'alta.sqlite'));
  // WAL + synchronous=FULL: a commit that was answered survives a power cut.
  archivo.pragma('journal_mode = WAL');
  archivo.pragma('synchronous = FULL');
  archivo.pragma('foreign_keys = ON');
  archivo.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: archivo }) }), motor: 'sqlite' };
}

/** Unique-constraint violations look different on each engine. */
export function esViolacionDeUnicidad(error: unknown): boolean {
  const codigo = (error as { code?: unknown } | null)?.code;
  return (
    codigo === '23505' || codigo === 'SQLITE_CONSTRAINT_UNIQUE' || codigo === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** pg answers COUNT(*) as a string (bigint); SQLite as a number. */
export const comoNumero = (valor: unknown): number => Number(valor ?? 0);
