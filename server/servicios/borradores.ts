// A draft is what one browser has uploaded so far. Its id travels in an HttpOnly cookie and is
// stored hashed. A draft that already became an application is closed: the next upload opens a
// new draft (and a new cookie).
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/esquema.js';

export const nombreCookieBorrador = (production: boolean) => (production ? '__Host-borrador' : 'borrador');
const FORMATO = /^[A-Za-z0-9_-]{43}$/;

const idDeCookie = (valor: string) => createHash('sha256').update(valor).digest('hex');

export interface Borrador {
  id: string;
  enviado: boolean;
  /** Bytes it has received so far, replacements included. */
  bytesRecibidos: number;
}

export async function borradorDeLaPeticion(
  db: Db,
  request: FastifyRequest,
  production: boolean,
): Promise<Borrador | null> {
  const valor = request.cookies[nombreCookieBorrador(production)];
  if (!valor || !FORMATO.test(valor)) return null;
  const fila = await db
    .selectFrom('borradores')
    .leftJoin('solicitudes', 'solicitudes.borrador_id', 'borradores.id')
    .select(['borradores.id as id', 'borradores.bytes_recibidos as bytes', 'solicitudes.id as solicitud'])
    .where('borradores.id', '=', idDeCookie(valor))
    .executeTakeFirst();
  return fila ? { id: fila.id, enviado: fila.solicitud !== null, bytesRecibidos: Number(fila.bytes) } : null;
}

/** The open draft of this browser, or null when it has none (never had one, or sent it). */
export async function borradorAbierto(
  db: Db,
  request: FastifyRequest,
  production: boolean,
): Promise<Borrador | null> {
  const actual = await borradorDeLaPeticion(db, request, production);
  return actual && !actual.enviado ? actual : null;
}

/** Opens a new draft for this browser and sets its cookie. */
export async function abrirBorrador(
  db: Db,
  reply: FastifyReply,
  opciones: { production: boolean; maxAgeHours: number },
): Promise<string> {
  const valor = randomBytes(32).toString('base64url');
  const ahora = new Date().toISOString();
  const id = idDeCookie(valor);
  await db.insertInto('borradores').values({ id, creado_en: ahora, actualizado_en: ahora }).execute();
  reply.setCookie(nombreCookieBorrador(opciones.production), valor, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: opciones.production,
    maxAge: opciones.maxAgeHours * 3600,
  });
  return id;
}
