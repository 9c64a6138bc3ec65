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

/** The SQLite file and its companions, owner-only: SQLite gives -wal and -shm the mode of the database file. */
function archivoSoloDelDuenio(archivo: string): void {
  fs.closeSync(fs.openSync(archivo, 'a', 0o600));
  for (const ruta of [archivo, `${archivo}-wal`, `${archivo}-shm`]) {
    try {
      if ((fs.statSync(ruta).mode & 0o077) !== 0) fs.chmodSync(ruta, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

class BaseInexistente extends Error {
  constructor(archivo: string) {
    super(`No hay base de datos en ${archivo}: iniciá el servidor una vez (npm start) para crearla.`);
    this.name = 'BaseInexistente';
  }
}

/** SQLite's fsync on every commit (abrirBase); `sinFsyncSqlite` steps off it and back. */
const SINCRONIA_SQLITE = 'FULL';

/** The better-sqlite3 handle behind each SQLite Kysely instance (for sinFsyncSqlite's pragmas). */
const ARCHIVOS = new WeakMap<Db, SQLite.Database>();

/**
 * Runs `escribir` on SQLite's one connection with synchronous=NORMAL: in WAL mode its commit skips
 * the fsync (what it wrote survives a crash of the process, not a power cut, until the next FULL
 * commit flushes it along). For writes whose loss is harmless (db/contadores.ts); FULL is back
 * afterwards, also when the write fails. The connection is held throughout, so no other statement
 * runs in between; the pragmas go straight to the handle (no query of their own through Kysely).
 * PostgreSQL's counterpart is per statement (contadores.ts).
 */
export async function sinFsyncSqlite<T>(db: Db, escribir: (db: Db) => Promise<T>): Promise<T> {
  const archivo = ARCHIVOS.get(db);
  if (!archivo) throw new Error('sinFsyncSqlite: not a database opened by abrirBase');
  return db.connection().execute(async (conexion) => {
    archivo.pragma('synchronous = NORMAL');
    try {
      return await escribir(conexion);
    } finally {
      archivo.pragma(`synchronous = ${SINCRONIA_SQLITE}`);
    }
  });
}

/**
 * `soloLectura`: for the commands that only read — SQLite is opened read-only and must exist (a
 * read must not create an empty database).
 */
export function abrirBase(
  opciones: { dataDir: string; databaseUrl: string | null },
  { soloLectura = false }: { soloLectura?: boolean } = {},
): Conexion {
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
  const ruta = path.join(opciones.dataDir, 'alta.sqlite');
  if (soloLectura) {
    if (!fs.existsSync(ruta)) throw new BaseInexistente(ruta);
    const archivo = new SQLite(ruta, { readonly: true, fileMustExist: true });
    archivo.pragma('busy_timeout = 5000');
    return {
      db: new Kysely<Database>({ dialect: new SqliteDialect({ database: archivo }) }),
      motor: 'sqlite',
    };
  }
  archivoSoloDelDuenio(ruta);
  const archivo = new SQLite(ruta);
  // WAL + synchronous=FULL: a commit that was answered survives a power cut.
  archivo.pragma('journal_mode = WAL');
  archivo.pragma(`synchronous = ${SINCRONIA_SQLITE}`);
  archivo.pragma('foreign_keys = ON');
  // Deleted content is overwritten with zeros, not left in free pages (producto §13, decision 095).
  archivo.pragma('secure_delete = ON');
  archivo.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: archivo }) });
  ARCHIVOS.set(db, archivo);
  return { db, motor: 'sqlite' };
}

/** Unique-constraint violations look different on each engine. */
export function esViolacionDeUnicidad(error: unknown): boolean {
  const codigo = (error as { code?: unknown } | null)?.code;
  return (
    codigo === '23505' || codigo === 'SQLITE_CONSTRAINT_UNIQUE' || codigo === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** A row refers to one that is gone (a document replaced or swept meanwhile). */
export function esViolacionDeClaveForanea(error: unknown): boolean {
  const codigo = (error as { code?: unknown } | null)?.code;
  return codigo === '23503' || codigo === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** pg answers COUNT(*) as a string (bigint); SQLite as a number. */
export const comoNumero = (valor: unknown): number => Number(valor ?? 0);
