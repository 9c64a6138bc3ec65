// GET /api/gestion/datos-personales/:numero/exportacion  (datosPersonales) — the access export of
// producto §13: a ZIP of every application with the DNI of application :numero (datos.json,
// resumen.pdf, every receipt version, the documents and the replaced ones), streamed. The number, not the DNI, goes in the URL: a URL ends up
// in access logs and the browser's history. What the ZIP holds is read first; the audit row
// (the numbers and the document count, no personal value) is committed before the first byte.
import type { FastifyPluginAsync } from 'fastify';
import { TEXTOS_DATOS_PERSONALES } from '../../../domain/datos-personales.js';
import { CODIGOS, ErrorHttp, respuestasDeError } from '../../errores.js';
import { auditar } from '../../auditoria/cadena.js';
import {
  dniDeSolicitud,
  leerExportacion,
  nombreDeLaExportacion,
  zipDeExportacion,
} from '../exportacion.js';
import { paramsNumero } from '../../gestion/rutas/esquemas.js';

const sinDatos = () => new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, TEXTOS_DATOS_PERSONALES.sinDatos);

export const rutaExportacion: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { numero: string } }>('/datos-personales/:numero/exportacion', {
    preHandler: app.requiere('datosPersonales'),
    // A HEAD would write an audit row for a file nobody received.
    exposeHeadRoute: false,
    schema: {
      summary: 'Exportar los datos personales de una persona (Ley 25.326, acceso)',
      description:
        'Un ZIP con datos.json, resumen.pdf, cada versión del comprobante y los documentos (también los ' +
        'reemplazados por una corrección) de todas las solicitudes con el DNI de la ' +
        'solicitud indicada (las suprimidas no). Se transmite a medida que se arma.',
      tags: ['gestión'],
      params: paramsNumero,
      response: {
        200: { description: 'El archivo ZIP (adjunto).', type: 'string', format: 'binary' },
        ...respuestasDeError,
      },
    },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      const { numero } = request.params;
      const dni = await dniDeSolicitud(app.db, numero);
      const exportacion = dni === null ? null : await leerExportacion(app.db, dni, { publicUrl: app.config.publicUrl });
      if (!exportacion) throw sinDatos();
      await app.db.transaction().execute((trx) =>
        auditar(trx, {
          usuario: sesion.usuario,
          ip: request.ip,
          accion: 'exportar_datos',
          objeto: numero,
          detalle: {
            solicitudes: exportacion.datos.solicitudes.map((s) => s.numero),
            documentos: exportacion.archivos.length,
          },
        }),
      );
      const zip = zipDeExportacion(exportacion, app.documentos);
      // Fastify logs the failure too and destroys the connection: the download ends as broken.
      zip.on('error', (error) =>
        request.log.error({ err: error }, 'la exportación de datos personales se interrumpió'),
      );
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${nombreDeLaExportacion(numero)}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(zip);
    },
  });
};
