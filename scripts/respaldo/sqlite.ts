// The SQLite side of a backup: VACUUM INTO writes a consistent copy from one read transaction
// (in WAL mode writers go on meanwhile; the online backup API would restart on every write), and
// a restore puts the copy in place as DATA_DIR/alta.sqlite by rename, so no half file is ever seen.
import { existsSync } from 'node:fs';
import { copyFile, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { fsyncRuta } from '../../server/storage/preparacion.js';
import { CONSULTA_DE_DOCUMENTOS, comoFila, type FilaDeDocumento } from './filas.js';

const archivoSqlite = (dataDir: string) => path.join(dataDir, 'alta.sqlite');

/** Copies the live database into `destino` and returns the documents that copy lists. */
export async function instantaneaSqlite(dataDir: string, destino: string): Promise<FilaDeDocumento[]> {
  // VACUUM INTO accepts an empty file: creating it first makes it owner-only.
  await (await open(destino, 'wx', 0o600)).close();
  const viva = new SQLite(archivoSqlite(dataDir), { readonly: true, fileMustExist: true });
  try {
    viva.pragma('busy_timeout = 5000');
    viva.prepare('vacuum into ?').run(destino);
  } finally {
    viva.close();
  }
  await fsyncRuta(destino);
  const copia = new SQLite(destino, { readonly: true, fileMustExist: true });
  try {
    return (copia.prepare(CONSULTA_DE_DOCUMENTOS).all() as Record<string, unknown>[]).map(comoFila);
  } finally {
    copia.close();
  }
}

/** Tables in DATA_DIR/alta.sqlite: 0 when there is no file or only an empty one. */
export function tablasEnSqlite(dataDir: string): number {
  const archivo = archivoSqlite(dataDir);
  if (!existsSync(archivo)) return 0;
  const base = new SQLite(archivo, { readonly: true, fileMustExist: true });
  try {
    const fila = base
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .get() as { n: number };
    return fila.n;
  } finally {
    base.close();
  }
}

/** Puts `origen` in place of an empty (or absent) DATA_DIR/alta.sqlite and checks its integrity. */
export async function restaurarSqlite(origen: string, dataDir: string): Promise<void> {
  const archivo = archivoSqlite(dataDir);
  const temporal = `${archivo}.restaurando`;
  await rm(temporal, { force: true });
  await copyFile(origen, temporal);
  await fsyncRuta(temporal);
  // The empty database's companions would be taken for the restored file's WAL.
  for (const ruta of [archivo, `${archivo}-wal`, `${archivo}-shm`]) await rm(ruta, { force: true });
  await rename(temporal, archivo);
  await fsyncRuta(dataDir);
  const base = new SQLite(archivo, { fileMustExist: true });
  try {
    const resultado = base.pragma('integrity_check', { simple: true });
    if (resultado !== 'ok')
      throw new Error(`La base restaurada no pasa integrity_check: ${String(resultado)}`);
  } finally {
    base.close();
  }
}
