// The security headers: one helmet options object per app (decision 072). app.ts hands it to
// @fastify/helmet, registered first so every answer carries the headers — errors, 404s, the
// anti-forgery 403s and the rate limit's 429s included — and to errores-de-marco.ts, whose two
// answers no hook sees; for those the set is computed once at start-up by running helmet's own
// middleware on a response that is never sent.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Every header spelled out, so a change of helmet's defaults does not change the policy. The
 * inferred type (checked against helmet's) also fits @fastify/helmet's copy of helmet's types.
 */
export function opcionesDeSeguridad(production: boolean) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Chakra/emotion insert <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Previews of chosen files are blob: URLs; logos may be data: URLs.
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'script-src-attr': ["'none'"],
        ...(production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: true,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    xContentTypeOptions: true,
    xDnsPrefetchControl: { allow: false },
    xDownloadOptions: true,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xPoweredBy: true,
    xXssProtection: true,
  } as const satisfies HelmetOptions;
}

/** The headers helmet writes with `opciones`, by its public middleware. */
export function cabecerasDeSeguridad(opciones: HelmetOptions): Readonly<Record<string, string>> {
  const socket = new Socket();
  const respuesta = new ServerResponse(new IncomingMessage(socket));
  let terminado = false;
  helmet(opciones)(respuesta.req, respuesta, (error) => {
    if (error) throw error;
    terminado = true;
  });
  socket.destroy();
  // helmet's middleware is synchronous; anything else would leave the set incomplete.
  if (!terminado) throw new Error('helmet no terminó al calcular las cabeceras de seguridad');
  const cabeceras = Object.entries(respuesta.getHeaders()).map(([nombre, valor]) => [nombre, String(valor)]);
  return Object.freeze(Object.fromEntries(cabeceras));
}
