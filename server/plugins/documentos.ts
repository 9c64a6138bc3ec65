// Decorates the app with the document store chosen by DOCUMENT_STORE (storage/eleccion.ts): the
// local disk under DATA_DIR/documentos, the PostgreSQL database, or an S3-compatible bucket.
import fp from 'fastify-plugin';
import { crearAlmacen } from '../storage/eleccion.js';

/** `dataDir` is accepted for older callers; the store comes from app.config. */
export const documentos = fp<{ dataDir?: string }>(
  async (app) => {
    const almacen = crearAlmacen(app.config, app.db);
    app.decorate('documentos', almacen);
    app.addHook('onClose', async () => {
      await almacen.cerrar?.();
    });
  },
  { name: 'documentos', fastify: '5.x', dependencies: ['base-de-datos'] },
);
