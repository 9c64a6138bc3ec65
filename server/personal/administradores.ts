// The last active administrador (producto §16): it can neither be disabled nor made a revisor,
// or nobody could manage accounts from the back-office again. The count and the change happen in
// one transaction, and the rows the count rests on stay locked until it ends:
// - PostgreSQL: one `select … order by id for update` locks the account being changed AND every
//   active administrador, in id order (so two such transactions always lock in the same order and
//   cannot deadlock). Of two demotions at once, the second waits; when the first commits, its
//   demoted row no longer matches and is left out, so the second counts one administrador less.
// - SQLite: a write first (a no-op update) takes the database's write lock before anything is
//   read, so no other connection writes between the count and the change.
import { PostgresAdapter, sql } from 'kysely';
import type { Rol } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';

const esPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export interface CuentaBloqueada {
  id: string;
  usuario: string;
  rol: Rol;
  activa: boolean;
  /** Active administradores other than this account, locked as well. */
  otrosAdministradores: number;
}

/**
 * Inside the caller's transaction: the account `usuario` as it is now (undefined when there is
 * none), locked together with the active administradores until the transaction ends.
 */
export async function bloquearCuentaYAdministradores(
  trx: Db,
  usuario: string,
): Promise<CuentaBloqueada | undefined> {
  const postgres = esPostgres(trx);
  if (!postgres) await sql`update personal set rol = rol where usuario = ${usuario}`.execute(trx);
  const filas = await trx
    .selectFrom('personal')
    .select(['id', 'usuario', 'rol', 'activo'])
    .where((eb) =>
      eb.or([eb('usuario', '=', usuario), eb.and([eb('rol', '=', 'administrador'), eb('activo', '=', 1)])]),
    )
    .orderBy('id')
    .$if(postgres, (q) => q.forUpdate())
    .execute();
  const cuenta = filas.find((f) => f.usuario === usuario);
  if (!cuenta) return undefined;
  const otrosAdministradores = filas.filter(
    (f) => f.id !== cuenta.id && f.rol === 'administrador' && Number(f.activo) === 1,
  ).length;
  return {
    id: cuenta.id,
    usuario: cuenta.usuario,
    rol: cuenta.rol as Rol,
    activa: Number(cuenta.activo) === 1,
    otrosAdministradores,
  };
}

/** Whether taking this account out of the administradores (a baja, or made revisor) leaves none active. */
export const esElUltimoAdministrador = (c: CuentaBloqueada): boolean =>
  c.activa && c.rol === 'administrador' && c.otrosAdministradores === 0;
