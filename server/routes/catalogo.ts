// Catalogue answers carry an ETag of their content and must be revalidated (they change when an
// operator imports a new CSV): a repeated load with If-None-Match costs a 304 and no body.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CACHE_CATALOGO = 'public, no-cache';

export function conEtag<T>(request: FastifyRequest, reply: FastifyReply, datos: T): T | FastifyReply {
  const etag = `"${createHash('sha256').update(JSON.stringify(datos)).digest('base64url').slice(0, 32)}"`;
  reply.header('etag', etag).header('cache-control', CACHE_CATALOGO);
  const pedido = request.headers['if-none-match'];
  if (pedido) {
    const etiquetas = pedido.split(',').map((t) => t.trim().replace(/^W\//, ''));
    if (etiquetas.includes(etag) || etiquetas.includes('*')) return reply.code(304).send();
  }
  return datos;
}

export const ordenar = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' });

export const listaDe = (propiedades: Record<string, { type: string }>) =>
  ({
    type: 'array',
    items: { type: 'object', required: Object.keys(propiedades), properties: propiedades },
  }) as const;
