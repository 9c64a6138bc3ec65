// A fresh PostgreSQL database per run, on the server of DATABASE_URL (default the local one),
// dropped afterwards whatever happened.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const URL_ADMIN_PG = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export async function conAdmin<T>(tarea: (c: pg.Client) => Promise<T>): Promise<T> {
  const cliente = new pg.Client({ connectionString: URL_ADMIN_PG, connectionTimeoutMillis: 5_000 });
  await cliente.connect();
  try {
    return await tarea(cliente);
  } finally {
    await cliente.end().catch(() => {});
  }
}

/** Why PostgreSQL at URL_ADMIN_PG cannot be reached, or null when it answers. */
export async function motivoSinPg(): Promise<string | null> {
  try {
    await conAdmin((c) => c.query('select 1'));
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export interface BasePg {
  nombre: string;
  url: string;
  borrar(): Promise<void>;
}

export async function basePgNueva(prefijo: string): Promise<BasePg> {
  const nombre = `${prefijo}_${randomBytes(5).toString('hex')}`;
  await conAdmin((c) => c.query(`CREATE DATABASE ${nombre}`));
  const url = new URL(URL_ADMIN_PG);
  url.pathname = `/${nombre}`;
  return {
    nombre,
    url: url.toString(),
    borrar: () =>
      conAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`)).then(() => undefined),
  };
}
