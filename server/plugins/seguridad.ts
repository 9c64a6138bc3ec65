// Security headers on every answer, errors and 404s included (registered first, so the 403s of
// the anti-forgery check and the 429s of the rate limit carry them too).
import helmet from '@fastify/helmet';
import { global } from './global.js';

export const seguridad = global<{ production: boolean }>('seguridad', async (app, { production }) => {
  await app.register(helmet, {
    global: true,
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
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
});
