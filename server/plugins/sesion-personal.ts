// Authorisation of the back-office (producto §9), on the server for every route: `app.requiere(p)`
// is the preHandler each /api/gestion route declares. No valid session answers 401 (and drops
// the cookie); a role without the permission (domain/personal.ts PERMISOS) answers 403. The
// session is on `request.sesion` for the route and its audit rows.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { TEXTOS_GESTION, tienePermiso, type Permiso } from '../../domain/index.js';
import { CODIGOS, ErrorHttp } from '../errores.js';
import { nombreCookieSesion, sesionVigente, type SesionActiva } from '../servicios/sesiones.js';

declare module 'fastify' {
  interface FastifyInstance {
    requiere(permiso: Permiso): preHandlerAsyncHookHandler;
    /** Sets or clears the session cookie with the attributes of producto §9. */
    cookieDeSesion(reply: FastifyReply, token: string | null): void;
  }
  interface FastifyRequest {
    sesion: SesionActiva | null;
  }
}

/** The session's cookie value as the browser sent it. */
export const tokenDeSesion = (request: FastifyRequest): string | undefined =>
  request.cookies[nombreCookieSesion(request.server.config.production)];

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
      return async function autorizar(request, reply) {
        const sesion = await sesionVigente(app.db, tokenDeSesion(request));
        if (!sesion) {
          if (tokenDeSesion(request) !== undefined) app.cookieDeSesion(reply, null);
          throw new ErrorHttp(401, CODIGOS.SIN_SESION, TEXTOS_GESTION.sinSesion);
        }
        if (!tienePermiso(sesion.rol, permiso)) {
          throw new ErrorHttp(403, CODIGOS.SIN_PERMISO, TEXTOS_GESTION.sinPermiso);
        }
        request.sesion = sesion;
      };
    });

    // Back-office answers are personal data: never cached, never indexed.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/gestion') || request.url.startsWith('/gestion')) {
        reply.header('cache-control', 'no-store');
        reply.header('x-robots-tag', 'noindex, nofollow');
      }
    });
  },
  { name: 'sesion-personal', fastify: '5.x', dependencies: ['base-de-datos'] },
);
