// The back-office API under /api/gestion (producto §9), one folder per resource. Every route
// but signing in declares `preHandler: app.requiere(<permiso>)`; tests/server/gestion-autorizacion
// checks 401 and 403 route by route.
import type { FastifyPluginAsync } from 'fastify';
import { rutasAuditoria } from '../../auditoria/rutas/index.js';
import { rutasDatosPersonales } from '../../datos-personales/rutas/index.js';
import { rutasDocumentos } from './documentos.js';
import { rutasExportacion } from './exportacion.js';
import { rutasSeleccion } from './seleccion.js';
import { rutasContrasena } from '../../personal/rutas/contrasena.js';
import { rutasCuenta } from '../../personal/rutas/cuenta.js';
import { rutasPersonal } from '../../personal/rutas/personal.js';
import { rutasSesion } from '../../personal/rutas/sesion.js';
import { rutasSolicitudes } from './solicitudes/index.js';
import { rutasNovedades } from './novedades.js';
import { rutasTablero } from './tablero.js';
import { rutasVerificacion } from '../../verificacion-fuente/rutas/index.js';

export const rutasGestion: FastifyPluginAsync = async (app) => {
  await app.register(rutasSesion);
  await app.register(rutasContrasena);
  await app.register(rutasCuenta);
  await app.register(rutasSolicitudes);
  await app.register(rutasTablero);
  await app.register(rutasNovedades);
  await app.register(rutasDocumentos);
  await app.register(rutasVerificacion);
  await app.register(rutasExportacion);
  await app.register(rutasSeleccion);
  await app.register(rutasAuditoria);
  await app.register(rutasPersonal);
  await app.register(rutasDatosPersonales);
};
