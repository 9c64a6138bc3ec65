// Everything under /api/v2 (producto §7), one folder per resource.
import type { FastifyPluginAsync } from 'fastify';
import { rutasAparatos } from './aparatos/index.js';
import { rutasArchivos } from './archivos/index.js';
import { rutasCalle } from './calle/index.js';
import { rutasCondicionesIva } from './condicionesIva/index.js';
import { rutasLocalidad } from './localidad/index.js';
import { rutasSolicitud } from './solicitud/index.js';

export const rutasApiV2: FastifyPluginAsync = async (app) => {
  await app.register(rutasLocalidad);
  await app.register(rutasCalle);
  await app.register(rutasCondicionesIva);
  await app.register(rutasAparatos);
  await app.register(rutasSolicitud);
  await app.register(rutasArchivos);
};
