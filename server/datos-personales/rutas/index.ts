// One person's data under Ley 25.326 (producto §13), for administradores (permission
// `datosPersonales`); the DNI travels in request bodies, never in a URL:
//   POST /api/gestion/datos-personales/consulta                what is held about a DNI; audit consultar_datos
//   GET  /api/gestion/datos-personales/:numero/exportacion     the access ZIP of that application's
//        person (every application with its DNI), streamed; audit exportar_datos (exportacion.ts)
//   POST /api/gestion/datos-personales/supresion               deletes one person's data; audit
//        suprimir_datos per application (supresion.ts)
// Rectification is per application: PUT /api/gestion/solicitudes/:numero/datos (../solicitudes).
import type { FastifyPluginAsync } from 'fastify';
import { rutaConsulta } from './consulta.js';
import { rutaExportacion } from './exportacion.js';
import { rutaSupresion } from './supresion.js';

export const rutasDatosPersonales: FastifyPluginAsync = async (app) => {
  await app.register(rutaConsulta);
  await app.register(rutaExportacion);
  await app.register(rutaSupresion);
};
