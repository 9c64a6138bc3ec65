// Security headers on every answer, errors and 404s included (registered first, so the 403s of
// the anti-forgery check and the 429s of the rate limit carry them too). The set is what helmet
// sent with our options, computed once: helmet rebuilt it on every request, which cost a
// noticeable share of the catalogue routes' throughput. frameworkErrors and the HTTP-parser
// error handler (app.ts) send the same set, since no hook runs for them.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';

function politicaDeContenido(production: boolean): string {
  const directivas: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // Chakra/emotion insert <style> elements at run time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Previews of chosen files are blob: URLs; logos may be data: URLs.
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
    ['script-src-attr', ["'none'"]],
    ...(production ? ([['upgrade-insecure-requests', []]] as [string, string[]][]) : []),
  ];
  return directivas.map(([nombre, valores]) => [nombre, ...valores].join(' ')).join(';');
}

export function cabecerasDeSeguridad(production: boolean): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': politicaDeContenido(production),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

export const seguridad = fp<{ production: boolean }>(
  async (app, { production }) => {
    const cabeceras = cabecerasDeSeguridad(production);
    // A callback hook, not an async one: no promise per request.
    app.addHook(
      'onRequest',
      (_request: FastifyRequest, reply: FastifyReply, listo: HookHandlerDoneFunction) => {
        reply.headers(cabeceras);
        listo();
      },
    );
  },
  { name: 'seguridad', fastify: '5.x' },
);
