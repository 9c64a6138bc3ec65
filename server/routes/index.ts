// Everything under /api/v2 (producto §7): the catalogues from one table, the association's contact
// (producto §12), then the application's routes, one folder per resource.
import type { FastifyPluginAsync } from 'fastify';
import { rutasArchivos } from './archivos/index.js';
import { rutasCatalogos } from './catalogos.js';
import { rutaContacto } from './contacto.js';
import { rutasSeguimiento } from './seguimiento/index.js';
import { rutasSolicitud } from './solicitud/index.js';

export const rutasApiV2: FastifyPluginAsync = async (app) => {
  await app.register(rutasCatalogos);
  await app.register(rutaContacto);
  await app.register(rutasSolicitud);
  await app.register(rutasArchivos);
  await app.register(rutasSeguimiento);
};
