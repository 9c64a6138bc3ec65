// GET /api/gestion/exportacion.csv?q=&estado=&vence=&responsable=  (exportar) — the inbox's
// current filter as a CSV file; with `numeros=AMR-…,AMR-…` instead, the inbox's selection
// (producto §9, producto §15; gestion/exportacion.ts). The audit row — the filter and the row
// count (no search term: it may be a DNI or a name), or the numbers selected — is committed
// before the file starts.
import type { FastifyPluginAsync } from 'fastify';
import type { FiltroDeSeleccion } from '../../../domain/seleccion.js';
import { SELECCION_MAXIMA, TEXTOS_SELECCION } from '../../../domain/seleccion.js';
import { CODIGOS, ErrorDeDominio, respuestasDeError } from '../../errores.js';
import { auditar, type EventoAuditoria } from '../../auditoria/cadena.js';
import { tieneBusqueda } from '../bandeja.js';
import {
  csvDeLaExportacion,
  csvDeLaSeleccion,
  nombreDelCsv,
  prepararExportacion,
  prepararSeleccion,
  queExporta,
} from '../exportacion.js';
import { filtroDeConsulta } from '../seleccion.js';
import { consultaFiltro } from './solicitudes/esquemas.js';

const NUMERO = 'AMR-[0-9A-HJKMNP-TV-Z]{6}';

type Consulta = Partial<FiltroDeSeleccion> & { numeros?: string };

const consultaExportacion = {
  ...consultaFiltro,
  properties: {
    ...consultaFiltro.properties,
    numeros: {
      type: 'string',
      description: `La selección: hasta ${SELECCION_MAXIMA} números separados por comas (sin filtro).`,
      pattern: `^${NUMERO}(,${NUMERO}){0,${SELECCION_MAXIMA - 1}}$`,
    },
  },
} as const;

/** Whether the request names a filter besides the numbers (refused: one or the other). */
const conFiltro = ({ numeros: _, ...filtro }: Consulta) =>
  Object.values(filtro).some((v) => v !== '' && v !== undefined);

export const rutasExportacion: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: Consulta }>('/exportacion.csv', {
    preHandler: app.requiere('exportar'),
    // A HEAD would write an audit row for a file nobody received.
    exposeHeadRoute: false,
    schema: {
      summary: 'Exportar a CSV las solicitudes del filtro actual o de una selección',
      description:
        'UTF-8 con BOM, separador `;`, una fila de encabezados y una por solicitud, con todos sus datos, el ' +
        'estado, el Responsable, el último cambio y la vigencia de cada documento. El archivo se llama ' +
        '`solicitudes-<filtro>-<AAAA-MM-DD>.csv` (`busqueda`, `seleccion` o `todas` si no es solo un estado).',
      tags: ['gestión'],
      querystring: consultaExportacion,
      response: {
        200: { description: 'El archivo CSV.', type: 'string' },
        ...respuestasDeError,
      },
    },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      const alFallar = (error: Error) => request.log.error({ err: error }, 'la exportación se interrumpió');
      let auditoria: EventoAuditoria;
      let csv;
      let que: string;
      if (request.query.numeros) {
        if (conFiltro(request.query))
          throw new ErrorDeDominio('invalido', CODIGOS.VALIDACION, TEXTOS_SELECCION.numerosOFiltro);
        const numeros = await prepararSeleccion(app.db, request.query.numeros.split(','));
        auditoria = {
          usuario: sesion.usuario,
          ip: request.ip,
          accion: 'exportar',
          detalle: { seleccion: numeros, filas: numeros.length },
        };
        csv = () => csvDeLaSeleccion(app.db, numeros, alFallar);
        que = queExporta(null);
      } else {
        // "Para hoy → Demoradas" (producto §15) counts with this server's PLAZO_REVISION_DIAS.
        const filtro = {
          ...(await filtroDeConsulta(app.db, request.query, sesion)),
          plazoRevisionDias: app.config.plazoRevisionDias,
        };
        const exportacion = await prepararExportacion(app.db, filtro);
        auditoria = {
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
        };
        csv = () => csvDeLaExportacion(app.db, filtro, exportacion, alFallar);
        que = queExporta(filtro);
      }
      await app.db.transaction().execute((trx) => auditar(trx, auditoria));
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${nombreDelCsv(que)}"`)
        .header('x-content-type-options', 'nosniff');
      return reply.send(csv());
    },
  });
};
