// What the catalogue routes share. Their answers come from the in-memory cache
// (servicios/cache-catalogos.ts) as ready JSON text with an ETag, and must be revalidated (they
// change when an operator imports a new CSV): a repeated load with If-None-Match costs a 304.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CuerpoJson } from '../servicios/cache-catalogos.js';

export const CACHE_CATALOGO = 'public, no-cache';

function coincide(pedido: string | undefined, etag: string): boolean {
  if (!pedido) return false;
  if (pedido === etag) return true;
  return pedido.split(',').some((t) => {
    const etiqueta = t.trim().replace(/^W\//, '');
    return etiqueta === etag || etiqueta === '*';
  });
}

export function enviarCatalogo(request: FastifyRequest, reply: FastifyReply, { cuerpo, etag }: CuerpoJson) {
  reply.header('etag', etag).header('cache-control', CACHE_CATALOGO);
  if (coincide(request.headers['if-none-match'], etag)) return reply.code(304).send();
  // A string is sent as is: no serialization per request.
  return reply.type('application/json; charset=utf-8').send(cuerpo);
}

/** One collator for every sort: localeCompare with a locale builds one per comparison. */
const COLATOR = new Intl.Collator('es', { sensitivity: 'base' });
export const ordenar = COLATOR.compare;

export const listaDe = (propiedades: Record<string, { type: string }>) =>
  ({
    type: 'array',
    items: { type: 'object', required: Object.keys(propiedades), properties: propiedades },
  }) as const;
