// Decorates the app with the document store: the local disk under DATA_DIR/documentos.
import fp from 'fastify-plugin';
import { almacenEnDisco } from '../storage/disco.js';

export const documentos = fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    app.decorate('documentos', almacenEnDisco(dataDir));
  },
  { name: 'documentos', fastify: '5.x' },
);
