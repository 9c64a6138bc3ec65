// Everything under /api/v2 (producto §7): the catalogues from one table, the association's contact
// (producto §12), then the application's routes, one folder per resource.
import type { FastifyPluginAsync } from 'fastify';
import { rutasArchivos } from './archivos/rutas/index.js';
import { rutasCatalogos } from './catalogos/rutas/index.js';
import { rutaContacto } from './catalogos/rutas/contacto.js';
import { rutasSeguimiento } from './seguimiento/rutas/index.js';
import { rutasSolicitud } from './solicitud/rutas/index.js';
import { rutasRecredencializacion } from './recredencializacion/rutas/index.js';
import { rutasConfirmacion } from './confirmacion/rutas/index.js';

export const rutasApiV2: FastifyPluginAsync = async (app) => {
  await app.register(rutasCatalogos);
  await app.register(rutaContacto);
  await app.register(rutasSolicitud);
  await app.register(rutasArchivos);
  await app.register(rutasSeguimiento);
  await app.register(rutasRecredencializacion);
  await app.register(rutasConfirmacion);
};
