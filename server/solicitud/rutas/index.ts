import type { FastifyPluginAsync } from 'fastify';
import { rutaComprobar } from './comprobar.js';
import { rutaCrear } from './crear.js';

export const rutasSolicitud: FastifyPluginAsync = async (app) => {
  await app.register(rutaComprobar);
  await app.register(rutaCrear);
};
