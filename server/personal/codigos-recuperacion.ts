// Recovery codes (producto §16, decision 127): 10 single-use codes per account, typed at sign-in
// in place of the authenticator app's code. Each is 16 characters of Crockford's base32 (80 random
// bits) and is kept as the sha256 of those 16 characters: with that much chance in a code, a fast
// hash cannot be reversed, and the database never holds the text shown. Making new codes deletes
// the old ones, used or not.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ALFABETO_CODIGO_RECUPERACION,
  CANTIDAD_CODIGOS_RECUPERACION,
  mostrarCodigoRecuperacion,
} from '../../domain/cuentas.js';
import type { Db } from '../db/esquema.js';

const LARGO_CODIGO = 16;

/** sha256 (hex) of a normalized code (domain/cuentas.ts `normalizarCodigoRecuperacion`). */
export const hashDeCodigoRecuperacion = (codigo: string): string =>
  createHash('sha256').update(codigo).digest('hex');

/** 16 characters, 5 random bits each: the alphabet has 32 letters and 256 is a multiple of 32, so `& 31` is uniform. */
function nuevoCodigo(): string {
  return [...randomBytes(LARGO_CODIGO)].map((b) => ALFABETO_CODIGO_RECUPERACION[b & 31]).join('');
}

/**
 * The account's new codes, replacing every code it had. Call it in the transaction that audits it
 * (never with the codes). Answers them as shown, xxxx-xxxx-xxxx-xxxx: this is the only time they
 * exist outside the person's hands.
 */
export async function reemplazarCodigosRecuperacion(
  trx: Db,
  personalId: string,
  ahora = new Date(),
): Promise<string[]> {
  const codigos = new Set<string>();
  while (codigos.size < CANTIDAD_CODIGOS_RECUPERACION) codigos.add(nuevoCodigo());
  await trx.deleteFrom('codigos_recuperacion').where('personal_id', '=', personalId).execute();
  await trx
    .insertInto('codigos_recuperacion')
    .values(
      [...codigos].map((codigo) => ({
        id: randomUUID(),
        personal_id: personalId,
        hash: hashDeCodigoRecuperacion(codigo),
        creado_en: ahora.toISOString(),
        usado_en: null,
      })),
    )
    .execute();
  return [...codigos].map(mostrarCodigoRecuperacion);
}

/** How many of the account's codes are still unused. */
export async function codigosRecuperacionRestantes(db: Db, personalId: string): Promise<number> {
  const fila = await db
    .selectFrom('codigos_recuperacion')
    .select((eb) => eb.fn.countAll().as('cantidad'))
    .where('personal_id', '=', personalId)
    .where('usado_en', 'is', null)
    .executeTakeFirst();
  return Number(fila?.cantidad ?? 0);
}

export type UsoCodigoRecuperacion = 'ok' | 'usado' | 'desconocido';

/**
 * Uses one code of the account (`codigo` already normalized), in the sign-in's transaction. The
 * update is conditional on `usado_en is null`: of two sign-ins with one code, the second waits for
 * the first's row lock (PostgreSQL) or write lock (SQLite) and then finds it used.
 */
export async function usarCodigoRecuperacion(
  trx: Db,
  personalId: string,
  codigo: string,
  ahora = new Date(),
): Promise<UsoCodigoRecuperacion> {
  const hash = hashDeCodigoRecuperacion(codigo);
  const r = await trx
    .updateTable('codigos_recuperacion')
    .set({ usado_en: ahora.toISOString() })
    .where('personal_id', '=', personalId)
    .where('hash', '=', hash)
    .where('usado_en', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return 'ok';
  const usado = await trx
    .selectFrom('codigos_recuperacion')
    .select('id')
    .where('personal_id', '=', personalId)
    .where('hash', '=', hash)
    .executeTakeFirst();
  return usado ? 'usado' : 'desconocido';
}
