// Double-submit anti-forgery (producto §7): a readable XSRF-TOKEN cookie, set on GET answers when
// missing; every other method must echo it in X-XSRF-TOKEN (compared in constant time). A
// multipart POST needs no CORS preflight, so this header is what stops another site's form.
// Sec-Fetch-Site and Origin are checked too, because they are cheap.
// In production the cookie is __Host-XSRF-TOKEN: Secure, Path=/ and no Domain, so neither a
// sibling subdomain nor a plain-http answer can plant a token the SPA would echo.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP } from '../errores.js';

const COOKIE_XSRF = 'XSRF-TOKEN';
const COOKIE_XSRF_HOST = '__Host-XSRF-TOKEN';
const CABECERA_XSRF = 'x-xsrf-token';
const SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORMATO = /^[A-Za-z0-9_-]{43}$/;

/** The cookie this server sets. */
export const nombreCookieXsrf = (production: boolean) => (production ? COOKIE_XSRF_HOST : COOKIE_XSRF);

/**
 * The cookies whose token this server accepts, in the SPA's order of preference
 * (src/api/cliente.ts echoes __Host-XSRF-TOKEN when the browser has it). Production accepts only
 * its own. Outside production a __Host- one is accepted too: cookies ignore the port, so a
 * production server on the same host may have left one, and the SPA would echo it.
 */
const cookiesAceptadas = (production: boolean): readonly string[] =>
  production ? [COOKIE_XSRF_HOST] : [COOKIE_XSRF_HOST, COOKIE_XSRF];

function tokenDeLaPeticion(request: FastifyRequest, nombres: readonly string[]): string | undefined {
  for (const nombre of nombres) {
    const valor = request.cookies[nombre];
    if (valor !== undefined && FORMATO.test(valor)) return valor;
  }
  return undefined;
}

function iguales(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function mismoOrigen(request: FastifyRequest): boolean {
  const sitio = request.headers['sec-fetch-site'];
  if (sitio !== undefined && sitio !== 'same-origin' && sitio !== 'none') return false;
  const origen = request.headers.origin;
  if (origen === undefined) return true;
  try {
    // Parse the Host with the Origin's scheme so default ports compare equal (":443" and "").
    const deOrigen = new URL(origen);
    return deOrigen.host === new URL(`${deOrigen.protocol}//${request.host}`).host;
  } catch {
    return false;
  }
}

const prohibido = () => new ErrorHttp(403, CODIGOS.ANTIFALSIFICACION, MENSAJES_HTTP.antifalsificacion);

export const antifalsificacion = fp<{ production: boolean }>(
  async (app, { production }) => {
    const nombre = nombreCookieXsrf(production);
    const aceptadas = cookiesAceptadas(production);
    // A callback hook, not an async one: no promise per request on the hot GET routes.
    app.addHook('onRequest', (request, reply, listo) => {
      const token = tokenDeLaPeticion(request, aceptadas);
      if (SEGUROS.has(request.method)) {
        if (token === undefined) {
          reply.setCookie(nombre, randomBytes(32).toString('base64url'), {
            path: '/',
            sameSite: 'strict',
            secure: production, // always with __Host-, which also forbids a Domain attribute
            httpOnly: false, // the SPA must read it to echo it
          });
        }
        listo();
        return;
      }
      const cabecera = request.headers[CABECERA_XSRF];
      const valido =
        mismoOrigen(request) &&
        token !== undefined &&
        typeof cabecera === 'string' &&
        iguales(token, cabecera);
      listo(valido ? undefined : prohibido());
    });
  },
  { name: 'antifalsificacion', fastify: '5.x' },
);
