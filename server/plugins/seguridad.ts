// The security headers (decisions 072 and 116): one helmet options object per app, from which
// helmet's own middleware computes the header set once at start-up, on a response that is never
// sent (cabecerasDeSeguridad). helmet 8 writes no Permissions-Policy: it is defined here once
// (POLITICA_DE_PERMISOS) and added to that set. app.ts hands the set to seguridadEnCadaRespuesta,
// an onRequest hook registered before the error handler, the limits and the routes, so every
// answer carries it — errors, 404s, the anti-forgery 403s and the rate limit's 429s included —
// and to errores-de-marco.ts, whose two answers no hook sees.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Permissions-Policy: every powerful feature (one a page must be granted: devices, sensors,
 * capture, payment, fonts, windows) that the product does not use, denied to this page and to
 * anything it could embed. Only current names of the W3C registry: an obsolete one protects
 * nothing (`interest-cohort`, FLoC's, abandoned), and one Chromium does not recognise costs a
 * console warning (Chromium 156 rejects `battery` and `ambient-light-sensor`). `bluetooth` is kept
 * although Chromium 156 on Linux, where Web Bluetooth is off by default, warns about it: it guards
 * the platforms that ship Web Bluetooth.
 *
 * `camera=()` does not take the phone's camera from the applicant. The `camera` feature is
 * defined by Media Capture and Streams (§ permissions policy integration) and blocks
 * getUserMedia (MDN, "Permissions-Policy: camera"). A file input is not governed by it: the SPA's
 * `accept="image/*"` (decision 040), or the `capture` attribute of HTML Media Capture (which the
 * SPA does not use), only asks the browser to offer its own picker or camera app, which hands the
 * page a file; HTML Media Capture defines no policy-controlled feature.
 */
const FUNCIONES_DENEGADAS = [
  'accelerometer',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'window-management',
  'xr-spatial-tracking',
] as const;

const CABECERA_PERMISOS = 'permissions-policy';
export const POLITICA_DE_PERMISOS = FUNCIONES_DENEGADAS.map((funcion) => `${funcion}=()`).join(', ');

/**
 * Every header spelled out, so a change of helmet's defaults does not change the policy (the
 * inferred type is checked against helmet's).
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

/**
 * The headers every answer carries: those helmet writes with `opciones` (by its public
 * middleware, once), and Permissions-Policy.
 */
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
  return Object.freeze({ ...Object.fromEntries(cabeceras), [CABECERA_PERMISOS]: POLITICA_DE_PERMISOS });
}

/**
 * The set of cabecerasDeSeguridad on every answer the hooks see: an onRequest hook of the root
 * context, so 404s, the anti-forgery 403s and the 429s carry it too. The set is computed once;
 * running helmet's middleware on each request (what @fastify/helmet does) built the same headers
 * again every time.
 */
export const seguridadEnCadaRespuesta = fp(
  async (app, { cabeceras }: { cabeceras: Readonly<Record<string, string>> }) => {
    // A callback hook, not an async one: no promise per request on the hot GET routes.
    app.addHook(
      'onRequest',
      (_request: FastifyRequest, reply: FastifyReply, listo: HookHandlerDoneFunction) => {
        reply.headers(cabeceras);
        listo();
      },
    );
  },
  { name: 'cabeceras-de-seguridad', fastify: '5.x' },
);
