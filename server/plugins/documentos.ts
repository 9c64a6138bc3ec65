// Decorates the app with the document store: the local disk under DATA_DIR/documentos.
import { almacenEnDisco } from '../storage/disco.js';
import { global } from './global.js';

export const documentos = global<{ dataDir: string }>('documentos', async (app, { dataDir }) => {
  app.decorate('documentos', almacenEnDisco(dataDir));
});
