// A draft is what one browser has uploaded so far. Its id travels in an HttpOnly cookie and is
// stored hashed. A draft that already became an application is closed: the next upload opens a
// new draft (and a new cookie).
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/esquema.js';

const FORMATO = /^[A-Za-z0-9_-]{43}$/;

const idDeCookie = (valor: string) => createHash('sha256').update(valor).digest('hex');

export interface Borrador {
  id: string;
  enviado: boolean;
  /** Bytes it has received so far, replacements included. */
  bytesRecibidos: number;
}

/** The draft a browser's cookie value names, sent or not; null for no value or an unknown one. */
export async function borradorDeLaCookie(db: Db, valor: string | undefined): Promise<Borrador | null> {
  if (!valor || !FORMATO.test(valor)) return null;
  const fila = await db
    .selectFrom('borradores')
    .leftJoin('solicitudes', 'solicitudes.borrador_id', 'borradores.id')
    .select(['borradores.id as id', 'borradores.bytes_recibidos as bytes', 'solicitudes.id as solicitud'])
    .where('borradores.id', '=', idDeCookie(valor))
    .executeTakeFirst();
  return fila ? { id: fila.id, enviado: fila.solicitud !== null, bytesRecibidos: Number(fila.bytes) } : null;
}

/** The open draft a cookie value names, or null when it names none (never had one, or sent it). */
export async function borradorAbierto(db: Db, valor: string | undefined): Promise<Borrador | null> {
  const actual = await borradorDeLaCookie(db, valor);
  return actual && !actual.enviado ? actual : null;
}

/**
 * A new draft's id and the secret value the browser's cookie will carry; its row is written with
 * its first documents (insertarBorrador, in guardarDocumentos' transaction).
 */
export function nuevoBorrador(): { id: string; valor: string } {
  const valor = randomBytes(32).toString('base64url');
  return { id: idDeCookie(valor), valor };
}

/** The row of a draft opened at `ahora` with `bytes` received. */
export async function insertarBorrador(trx: Db, id: string, ahora: string, bytes: number): Promise<void> {
  await trx
    .insertInto('borradores')
    .values({ id, creado_en: ahora, actualizado_en: ahora, bytes_recibidos: bytes })
    .execute();
}
