// Authorisation of the back-office (producto §9), on the server for every route: `app.requiere(p)`
// is what each /api/gestion route declares as its preHandler. No valid session answers 401 (and
// drops the cookie); a role without the permission (domain/personal.ts PERMISOS) answers 403. The
// session is on `request.sesion` for the route and its audit rows.
//
// An onRoute hook makes it hold for every route: the check is moved to the route's onRequest, so
// it runs before the body is read and validated (a stranger gets 401, not a validation error
// that describes the route), and a route under /api/gestion that declares neither a permission
// nor `config.publica` (signing in) stops the server from starting.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { TEXTOS_GESTION, tienePermiso, type Permiso } from '../../domain/index.js';
import { CODIGOS, ErrorHttp } from '../errores.js';
import { nombreCookieSesion, sesionVigente, type SesionActiva } from '../personal/sesiones.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The route's check, declared as its preHandler (run at onRequest: see above). */
    requiere(permiso: Permiso): preHandlerAsyncHookHandler;
    /** Sets or clears the session cookie with the attributes of producto §9. */
    cookieDeSesion(reply: FastifyReply, token: string | null): void;
  }
  interface FastifyRequest {
    sesion: SesionActiva | null;
  }
  interface FastifyContextConfig {
    /** A back-office route open without a session (only signing in). */
    publica?: boolean;
  }
}

const PREFIJO_GESTION = '/api/gestion';

/** Marks the hooks `requiere` makes, so the onRoute hook can find them. */
const PERMISO = Symbol('permiso');
type Autorizacion = preHandlerAsyncHookHandler & { [PERMISO]?: Permiso };

/** The session's cookie value as the browser sent it. */
export const tokenDeSesion = (request: FastifyRequest): string | undefined =>
  request.cookies[nombreCookieSesion(request.server.config.production)];

const comoLista = <T>(valor: T | T[] | undefined): T[] =>
  valor === undefined ? [] : Array.isArray(valor) ? valor : [valor];

/** Moves the route's permission check to onRequest; refuses a back-office route without one. */
function asegurarAutorizacion(ruta: RouteOptions): void {
  if (ruta.url !== PREFIJO_GESTION && !ruta.url.startsWith(`${PREFIJO_GESTION}/`)) return;
  const previos = comoLista(ruta.preHandler as Autorizacion | Autorizacion[] | undefined);
  const alPedir = comoLista(ruta.onRequest as Autorizacion | Autorizacion[] | undefined);
  const autoriza = (h: Autorizacion) => typeof h === 'function' && PERMISO in h;
  const permisos = [...previos, ...alPedir].filter(autoriza);
  if (permisos.length === 0 && !ruta.config?.publica) {
    throw new Error(
      `La ruta ${String(ruta.method)} ${ruta.url} no declara app.requiere(<permiso>) ni config.publica.`,
    );
  }
  ruta.preHandler = previos.filter((h) => !autoriza(h)) as RouteOptions['preHandler'];
  ruta.onRequest = [...alPedir.filter((h) => !autoriza(h)), ...permisos] as RouteOptions['onRequest'];
}

export const sesionPersonal = fp(
  async (app) => {
    const nombre = nombreCookieSesion(app.config.production);
    app.decorateRequest('sesion', null);

    app.decorate('cookieDeSesion', (reply: FastifyReply, token: string | null) => {
      const opciones = {
        path: '/',
        httpOnly: true,
        sameSite: 'strict' as const,
        secure: app.config.production,
      };
      if (token === null) reply.clearCookie(nombre, opciones);
      else reply.setCookie(nombre, token, opciones);
    });

    app.decorate('requiere', (permiso: Permiso): preHandlerAsyncHookHandler => {
      const autorizar: Autorizacion = async function autorizar(request, reply) {
        const token = tokenDeSesion(request);
        const sesion = await sesionVigente(app.db, token);
        if (!sesion) {
          if (token !== undefined) app.cookieDeSesion(reply, null);
          throw new ErrorHttp(401, CODIGOS.SIN_SESION, TEXTOS_GESTION.sinSesion);
        }
        if (!tienePermiso(sesion.rol, permiso)) {
          throw new ErrorHttp(403, CODIGOS.SIN_PERMISO, TEXTOS_GESTION.sinPermiso);
        }
        request.sesion = sesion;
      };
      autorizar[PERMISO] = permiso;
      return autorizar;
    });

    app.addHook('onRoute', asegurarAutorizacion);

    // Back-office answers are personal data: never cached, never indexed. A callback hook, not an
    // async one: no promise for every answer of the public side.
    app.addHook('onSend', (request, reply, carga, listo) => {
      if (request.url.startsWith(PREFIJO_GESTION) || request.url.startsWith('/gestion')) {
        reply.header('cache-control', 'no-store');
        reply.header('x-robots-tag', 'noindex, nofollow');
      }
      listo(null, carga);
    });
  },
  { name: 'sesion-personal', fastify: '5.x', dependencies: ['base-de-datos'] },
);
