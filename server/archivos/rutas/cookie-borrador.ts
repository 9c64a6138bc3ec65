// The draft's cookie (solicitud/borradores.ts keeps the draft): HttpOnly, SameSite=Strict, and
// `__Host-` in production so no subdomain or plain-http page can set it.
import type { FastifyReply, FastifyRequest } from 'fastify';

const nombreCookieBorrador = (production: boolean) => (production ? '__Host-borrador' : 'borrador');

export const cookieDelBorrador = (request: FastifyRequest, production: boolean): string | undefined =>
  request.cookies[nombreCookieBorrador(production)];

export function ponerCookieDelBorrador(
  reply: FastifyReply,
  valor: string,
  opciones: { production: boolean; maxAgeHours: number },
): void {
  reply.setCookie(nombreCookieBorrador(opciones.production), valor, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: opciones.production,
    maxAge: opciones.maxAgeHours * 3600,
  });
}
