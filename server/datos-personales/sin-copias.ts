// A deletion leaves no copy in the database's files (producto §13, decision 100). Replacing a
// value by the marker is not enough: the old bytes stay readable where the engine keeps them.
//
// SQLite (alta.sqlite and alta.sqlite-wal in DATA_DIR; -shm holds page numbers only):
// - secure_delete zeroes the cells and pages a deletion frees, but a b-tree page rebuilt earlier
//   (a split) may keep a stale copy of a cell it moved away; when that cell is later deleted the
//   copy stays. Only VACUUM, which rebuilds every table and index from the live rows, removes it;
//   it also empties the freelist (the file shrinks). It rewrites the whole file: about 1 s per
//   100 MB, during which this process (better-sqlite3 is synchronous) and other writers wait.
// - Every changed page is appended to the WAL, old versions too, and VACUUM puts the whole
//   database there; a PASSIVE checkpoint reuses the WAL from its start but leaves the rest of it
//   as it was. wal_checkpoint(TRUNCATE) copies it into the database file and empties it.
// - A reader in another process (a read-only command, a backup's VACUUM INTO) blocks the
//   checkpoint: it is tried for about 4 s; if still blocked, the flag file in DATA_DIR stays and
//   the next deletion or the next run of the daily retention task does the whole step again. The
//   flag is written before the first deletion commits, so a process that dies in between leaves
//   it too; a clean stop of the last connection also checkpoints and removes the WAL.
// - After the batch's transactions commit (VACUUM cannot run inside one), once per batch.
//
// PostgreSQL: a plain VACUUM of the tables that held the person (SHARE UPDATE EXCLUSIVE: reads and
// writes go on) removes the dead row versions and their index entries, so the space is reused
// soon; it does not zero it. VACUUM FULL would rewrite the tables but holds an exclusive lock for
// the whole rewrite (and queues every other query behind a backup's lock): an operator's choice,
// in docs/operations.md, with what stays in the WAL and the backups.
import { rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../db/esquema.js';

type MotorSupresion = 'sqlite' | 'postgres';

export interface EntornoSinCopias {
  db: Db;
  motor: MotorSupresion;
  dataDir: string;
  /** DOCUMENT_STORE=postgres: the documents' bytes were rows of almacen_trozos. */
  almacenEnBase: boolean;
  log: { warn(datos: object, mensaje: string): void };
}

/** In DATA_DIR while a deletion's files may still hold old bytes (SQLite). */
export const ARCHIVO_PENDIENTE = 'supresion-pendiente';

/** Every table a deletion changes (datos-personales/supresion.ts). */
const TABLAS_DE_LA_PERSONA = [
  'solicitudes',
  'historial',
  'notas',
  'equipos',
  'correcciones',
  'correos',
  'documentos',
  'solicitud_documentos',
  'verificaciones',
  'confirmaciones',
];
const TABLAS_DEL_ALMACEN = ['almacen_objetos', 'almacen_trozos'];

/** Waits between checkpoint attempts: about 4 s in all, each attempt waiting 50 ms for its locks. */
const ESPERAS_MS = [100, 250, 500, 1_000, 2_000];
const ESPERA_POR_INTENTO_MS = 50;

const pendiente = (dataDir: string) => path.join(dataDir, ARCHIVO_PENDIENTE);

/**
 * Before a batch's first transaction. SQLite: secure_delete on (conexion.ts sets it; a Db opened
 * otherwise gets it here, for the one connection SqliteDialect keeps) and the flag written.
 * Answers whether an earlier deletion's cleanup was still pending.
 */
export async function antesDeSuprimir(entorno: EntornoSinCopias, hayQueSuprimir: boolean): Promise<boolean> {
  if (entorno.motor !== 'sqlite') return false;
  const habia = existsSync(pendiente(entorno.dataDir));
  await sql`pragma secure_delete = on`.execute(entorno.db);
  if (hayQueSuprimir && !habia) {
    // No personal data: only when, for the operator who finds it.
    await writeFile(pendiente(entorno.dataDir), `${new Date().toISOString()}\n`, { mode: 0o600 });
  }
  return habia;
}

/** After the batch committed and its objects and .eml copies were removed. */
export async function sinCopias(
  entorno: EntornoSinCopias,
  { documentosEnBase }: { documentosEnBase: boolean },
): Promise<void> {
  if (entorno.motor === 'sqlite') await sinCopiasSqlite(entorno);
  else await vacuumPostgres(entorno, documentosEnBase);
}

async function sinCopiasSqlite(entorno: EntornoSinCopias): Promise<void> {
  const { db, log } = entorno;
  let completo = true;
  await sql`vacuum`.execute(db).catch((error: unknown) => {
    completo = false;
    log.warn({ err: error }, 'no se pudo ejecutar VACUUM de SQLite tras una supresión; se reintentará');
  });
  try {
    let vaciado = await vaciarWal(db);
    for (const ms of ESPERAS_MS) {
      if (vaciado) break;
      await esperar(ms);
      vaciado = await vaciarWal(db);
    }
    if (!vaciado) {
      completo = false;
      log.warn(
        { intentos: ESPERAS_MS.length + 1 },
        'no se pudo vaciar el WAL de SQLite tras una supresión (otro proceso está leyendo); se reintentará ' +
          'en la próxima supresión o en la tarea diaria de retención',
      );
    }
  } catch (error) {
    completo = false;
    log.warn({ err: error }, 'no se pudo vaciar el WAL de SQLite tras una supresión; se reintentará');
  }
  if (completo) await rm(pendiente(entorno.dataDir), { force: true });
}

const estaOcupada = (error: unknown) =>
  /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown }).code));

/**
 * wal_checkpoint(TRUNCATE), waiting only briefly for its locks: better-sqlite3 waits synchronously,
 * and the server's other requests wait with it. False when another connection blocked it.
 */
async function vaciarWal(db: Db): Promise<boolean> {
  return db.connection().execute(async (c) => {
    const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(c);
    const antes = Number(rows[0]?.timeout ?? 5_000);
    await sql.raw(`pragma busy_timeout = ${ESPERA_POR_INTENTO_MS}`).execute(c);
    try {
      const r = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(c);
      return r.rows[0]?.busy === 0;
    } catch (error) {
      if (estaOcupada(error)) return false;
      throw error;
    } finally {
      await sql.raw(`pragma busy_timeout = ${antes}`).execute(c);
    }
  });
}

async function vacuumPostgres(entorno: EntornoSinCopias, documentosEnBase: boolean): Promise<void> {
  const tablas = [...TABLAS_DE_LA_PERSONA, ...(documentosEnBase ? TABLAS_DEL_ALMACEN : [])];
  // INDEX_CLEANUP ON: with few dead rows VACUUM would otherwise skip the indexes, whose entries
  // hold the values too (the search key, the DNI).
  await sql`vacuum (index_cleanup on) ${sql.join(tablas.map((t) => sql.table(t)))}`
    .execute(entorno.db)
    .catch((error: unknown) => {
      entorno.log.warn(
        { err: error },
        'no se pudo ejecutar VACUUM tras una supresión; lo hará el autovacuum',
      );
    });
}
