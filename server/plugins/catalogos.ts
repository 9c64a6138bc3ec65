// Decorates the app with the catalogue cache. A request that found the database away makes the
// cache check its version again before serving anything else from memory, so an outage shows at
// once on the catalogue routes too instead of a second later.
import fp from 'fastify-plugin';
import { baseNoDisponible } from '../db/disponibilidad.js';
import { CacheCatalogos } from '../catalogos/cache.js';

export const catalogos = fp(
  async (app) => {
    const cache = new CacheCatalogos(app.db);
    app.decorate('catalogos', cache);
    app.addHook('onError', (_request, _reply, error, listo) => {
      if ((error as { statusCode?: number }).statusCode === 503 || baseNoDisponible(error)) cache.sospechar();
      listo();
    });
  },
  { name: 'catalogos', fastify: '5.x' },
);
