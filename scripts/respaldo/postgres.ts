// The PostgreSQL side of a backup: pg_dump of one exported snapshot (the documents' list is read
// in that same snapshot, so the list and the dump agree row for row), and pg_restore into an
// empty database. The store's own tables are dumped without data: their documents are copied
// through the store like any other's, so a restore may put them in another store.
import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import pg from 'pg';
import type { FilaDeDocumento } from './filas.js';
import { CONSULTA_DE_DOCUMENTOS, comoFila } from './filas.js';

/** Tables whose data is the document store's (server/db/migraciones/006-almacen-documentos.ts). */
const TABLAS_DEL_ALMACEN = ['almacen_trozos', 'almacen_objetos'];

/**
 * The tools get the URL without its password (a command line is visible to every local user in
 * `ps`); the password goes in PGPASSWORD, which only the child's environment holds.
 */
function paraHerramientas(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const clave = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(clave ? { PGPASSWORD: clave } : {}) } };
}

function correr(programa: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolver, rechazar) => {
    const hijo = spawn(programa, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errores = '';
    hijo.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (errores.length < 20_000) errores += d;
    });
    hijo.on('error', (e: NodeJS.ErrnoException) =>
      rechazar(
        new Error(
          e.code === 'ENOENT'
            ? `No se encontró ${programa}: instalá el cliente de PostgreSQL de la misma versión que el servidor (postgresql-client).`
            : `${programa}: ${e.message}`,
        ),
      ),
    );
    hijo.on('close', (codigo) =>
      codigo === 0
        ? resolver()
        : rechazar(new Error(`${programa} terminó con código ${codigo}: ${errores.trim()}`)),
    );
  });
}

async function conCliente<T>(databaseUrl: string, tarea: (c: pg.Client) => Promise<T>): Promise<T> {
  const cliente = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  await cliente.connect();
  try {
    return await tarea(cliente);
  } finally {
    await cliente.end().catch(() => {});
  }
}

/** Dumps the database into `destino` (custom format) and returns the documents that snapshot lists. */
export function instantaneaPostgres(databaseUrl: string, destino: string): Promise<FilaDeDocumento[]> {
  return conCliente(databaseUrl, async (cliente) => {
    await cliente.query('begin isolation level repeatable read read only');
    const { rows } = await cliente.query<{ s: string }>('select pg_export_snapshot() as s');
    const documentos = (await cliente.query(CONSULTA_DE_DOCUMENTOS)).rows.map(comoFila);
    // Created owner-only before pg_dump opens it (it keeps an existing file's mode).
    await (await open(destino, 'wx', 0o600)).close();
    const { dbname, env } = paraHerramientas(databaseUrl);
    await correr(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${rows[0]!.s}`,
        ...TABLAS_DEL_ALMACEN.map((t) => `--exclude-table-data=${t}`),
        `--file=${destino}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await cliente.query('commit');
    return documentos;
  });
}

/** Tables in the database's own schemas: 0 means a database just made with createdb. */
export function tablasEnPostgres(databaseUrl: string): Promise<number> {
  return conCliente(databaseUrl, async (cliente) => {
    const { rows } = await cliente.query<{ n: number }>(
      `select count(*)::int as n from pg_catalog.pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n;
  });
}

/**
 * Loads the dump in one transaction (all or nothing). Owners and grants are not restored: the
 * target's role may have another name; re-apply any REVOKE afterwards (docs/operations.md).
 */
export async function restaurarPostgres(databaseUrl: string, origen: string): Promise<void> {
  const { dbname, env } = paraHerramientas(databaseUrl);
  await correr(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${dbname}`,
      origen,
    ],
    env,
  );
}
