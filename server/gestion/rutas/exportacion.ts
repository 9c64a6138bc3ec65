// GET /api/gestion/exportacion.csv?q=&estado=  (exportar) — the inbox's current filter as a CSV
// file (producto §9, gestion/exportacion.ts). The audit row (the filter and the row count, no
// search term: it may be a DNI or a name) is committed before the file starts.
import type { FastifyPluginAsync } from 'fastify';
import type { FiltroBandeja } from '../../../domain/index.js';
import { respuestasDeError } from '../../errores.js';
import { auditar } from '../../auditoria/cadena.js';
import { responsableDelFiltro } from '../asignacion.js';
import { tieneBusqueda, type FiltroConsulta } from '../bandeja.js';
import { csvDeLaExportacion, nombreDelCsv, prepararExportacion } from '../exportacion.js';
import { consultaFiltro } from './solicitudes/esquemas.js';

type Filtro = Pick<FiltroBandeja, 'q' | 'estado' | 'vence' | 'responsable'>;

export const rutasExportacion: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: Filtro }>('/exportacion.csv', {
    preHandler: app.requiere('exportar'),
    // A HEAD would write an audit row for a file nobody received.
    exposeHeadRoute: false,
    schema: {
      summary: 'Exportar a CSV las solicitudes del filtro actual',
      description: 'UTF-8 con BOM, separador `;`, una fila de encabezados y una por solicitud.',
      tags: ['gestión'],
      querystring: consultaFiltro,
      response: {
        200: { description: 'El archivo CSV.', type: 'string' },
        ...respuestasDeError,
      },
    },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      const filtro: FiltroConsulta = {
        q: request.query.q,
        estado: request.query.estado,
        vence: request.query.vence ?? '',
        responsableId: await responsableDelFiltro(app.db, request.query.responsable, sesion),
      };
      const exportacion = await prepararExportacion(app.db, filtro);
      await app.db.transaction().execute((trx) =>
        auditar(trx, {
          usuario: sesion.usuario,
          ip: request.ip,
          accion: 'exportar',
          detalle: {
            busqueda: tieneBusqueda(filtro),
            estado: filtro.estado || null,
            vence: filtro.vence || null,
            responsable: request.query.responsable || null,
            filas: exportacion.filas,
          },
        }),
      );
      const csv = csvDeLaExportacion(app.db, filtro, exportacion, (error) =>
        request.log.error({ err: error }, 'la exportación se interrumpió'),
      );
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${nombreDelCsv()}"`)
        .header('x-content-type-options', 'nosniff');
      return reply.send(csv);
    },
  });
};
