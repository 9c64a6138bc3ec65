// The applicant's routes after sending (producto §11), under /api/v2: the receipt, the
// verification page's data, the status lookup and the correction link. None needs an account;
// each is reached with something only the applicant has (the draft cookie, a token, the DNI).
import type { FastifyPluginAsync } from 'fastify';
import { rutaComprobante } from '../../comprobante/rutas/index.js';
import { rutasCorrecciones } from '../../correcciones/rutas/index.js';
import { rutaEstado } from './estado.js';
import { rutaVerificacion } from './verificacion.js';

export const rutasSeguimiento: FastifyPluginAsync = async (app) => {
  await app.register(rutaComprobante);
  await app.register(rutaVerificacion);
  await app.register(rutaEstado);
  await app.register(rutasCorrecciones);
};
