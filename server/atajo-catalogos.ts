// The catalogue GETs are what every visit loads, so they must cost about what a bare node:http
// server answering from memory costs (docs/quality.md). Fastify's routing, hooks and reply
// objects alone cost more than that, so the common case is answered here, in the node:http
// request listener, before Fastify sees the request — only when everything is known already:
// - GET (not HEAD) of one of the catalogue paths, without a query string;
// - the browser already holds a well-formed XSRF-TOKEN cookie (otherwise Fastify sets one);
// - the answer is in the cache and its version was checked within the last second;
// - the app is not closing, and debug logging (one line per answer) is off.
// Anything else, every error included, takes the normal path through Fastify, whose answer is
// the same (same body, ETag, security headers): tests/server/atajo.test.ts compares both.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { COOKIE_XSRF } from './plugins/antifalsificacion.js';
import type { CacheCatalogos, CuerpoJson } from './servicios/cache-catalogos.js';
import { CACHE_CATALOGO } from './routes/catalogo.js';

const FIJAS: Record<string, string> = {
  '/api/v2/localidad/getAll': 'localidades',
  '/api/v2/aparatos/getAll': 'aparatos',
  '/api/v2/condicionesIva/getCondicionesValidas': 'condiciones',
};
const CALLES = '/api/v2/calle/getAll/';
// The first XSRF-TOKEN in the Cookie header, as @fastify/cookie reads it (first one wins).
const COOKIE = new RegExp(`(?:^|;)\\s*${COOKIE_XSRF}=([^;]*)`);
const FORMATO_TOKEN = /^[A-Za-z0-9_-]{43}\s*$/;

function claveDe(url: string): string | undefined {
  const fija = FIJAS[url];
  if (fija) return fija;
  if (!url.startsWith(CALLES)) return undefined;
  const codigo = url.slice(CALLES.length);
  // What the route's schema accepts after coercion, spelled canonically.
  return /^[1-9]\d{0,8}$/.test(codigo) ? `calles:${codigo}` : undefined;
}

interface Preparado {
  /** The body encoded once: a string would be encoded to UTF-8 again on every write. */
  bytes: Buffer;
  ok: (string | number)[];
  noModificado: string[];
}

export class AtajoCatalogos {
  private cache: CacheCatalogos | null = null;
  private readonly preparados = new WeakMap<CuerpoJson, Preparado>();

  constructor(private readonly cabeceras: Readonly<Record<string, string>>) {}

  /** Starts answering (once the app is ready); `null` stops (the app is closing). */
  usar(cache: CacheCatalogos | null): void {
    this.cache = cache;
  }

  /** Answers the request and returns true, or returns false to let Fastify handle it. */
  responder(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.cache === null || req.method !== 'GET' || req.url === undefined) return false;
    const clave = claveDe(req.url);
    if (clave === undefined) return false;
    const token = COOKIE.exec(req.headers.cookie ?? '')?.[1];
    if (token === undefined || !FORMATO_TOKEN.test(token)) return false;
    const cuerpo = this.cache.vigente<CuerpoJson>(clave);
    if (cuerpo === undefined) return false;
    const listo = this.preparar(cuerpo);
    const pedido = req.headers['if-none-match'];
    if (pedido !== undefined) {
      // Only the exact tag is answered here; lists and weak tags go through Fastify.
      if (pedido !== cuerpo.etag) return false;
      res.writeHead(304, listo.noModificado);
      res.end();
      return true;
    }
    res.writeHead(200, listo.ok);
    res.end(listo.bytes);
    return true;
  }

  private preparar(cuerpo: CuerpoJson): Preparado {
    let listo = this.preparados.get(cuerpo);
    if (!listo) {
      const comunes = [
        ...Object.entries(this.cabeceras).flat(),
        'etag',
        cuerpo.etag,
        'cache-control',
        CACHE_CATALOGO,
      ];
      const bytes = Buffer.from(cuerpo.cuerpo);
      listo = {
        bytes,
        ok: [
          ...comunes,
          'content-type',
          'application/json; charset=utf-8',
          'content-length',
          bytes.length,
        ],
        noModificado: comunes,
      };
      this.preparados.set(cuerpo, listo);
    }
    return listo;
  }
}

/**
 * Fastify's `serverFactory`: the node:http server Fastify would create (same timeouts), with the
 * shortcut in front of Fastify's handler.
 */
export function fabricaDeServidor(atajo: AtajoCatalogos): FastifyServerFactory<Server> {
  return (manejador, opciones) => {
    const servidor = createServer((req, res) => {
      if (!atajo.responder(req, res)) manejador(req, res);
    });
    servidor.keepAliveTimeout = opciones.keepAliveTimeout as number;
    servidor.requestTimeout = opciones.requestTimeout as number;
    servidor.setTimeout(opciones.connectionTimeout as number);
    return servidor;
  };
}
