// POST /api/v2/estado {numeroSolicitud, dni} → {estado, etiqueta, desde} (producto §11).
// A POST, so the DNI never sits in a URL (logs, history, a proxy's cache) and anti-forgery
// applies. It tells a stranger whether a number goes with a DNI, so it is limited per client in
// the database like the DNI check (DNI_CHECK_MAX per DNI_CHECK_WINDOW_MINUTES, its own count),
// and every wrong pair answers the same 404 after the same query (seguimiento/estado-publico.ts).
import type { FastifyPluginAsync } from 'fastify';
import { CLAVES_ESTADO, TEXTOS_SEGUIMIENTO, type ConsultaEstado, type RespuestaEstado } from '../../../domain/index.js';
import { CODIGOS, ErrorHttp, respuestasDeError } from '../../errores.js';
import { limitePorCliente } from '../../plugins/limites.js';
import { CLAVES } from '../../db/contadores.js';
import { consultarEstado } from '../estado-publico.js';

// Loose on purpose: what a person may type ("30.111.222", "amr-ab12cd"); anything else that
// passes still gets the not-found answer, never a hint of which half was wrong.
const cuerpoConsulta = {
  type: 'object',
  required: ['numeroSolicitud', 'dni'],
  additionalProperties: false,
  properties: {
    numeroSolicitud: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9 -]+$' },
    dni: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9. ]+$' },
  },
} as const;

const esquemaRespuesta = {
  type: 'object',
  required: ['estado', 'etiqueta', 'desde'],
  additionalProperties: false,
  properties: {
    estado: { type: 'string', enum: CLAVES_ESTADO },
    etiqueta: { type: 'string' },
    desde: { type: 'string', format: 'date-time' },
  },
} as const;

export const rutaEstado: FastifyPluginAsync = async (app) => {
  const { config } = app;
  // Every answer, the 429 and the 404 included: neither a browser nor a proxy keeps a status.
  app.addHook('onRequest', (_request, reply, listo) => {
    reply.header('cache-control', 'no-store');
    listo();
  });
  app.post<{ Body: ConsultaEstado }>('/estado', {
    config: {
      registrar: true,
      rateLimit: limitePorCliente(CLAVES.estado, config.dniCheckMax, config.dniCheckWindowMinutes * 60_000),
    },
    schema: {
      summary: 'Consulta el estado de una solicitud por número y DNI',
      description:
        'Responde solo el estado y la fecha del último cambio. Cualquier par que no coincida responde 404 ' +
        'con el mismo cuerpo. Limitada por cliente como la comprobación de DNI.',
      tags: ['seguimiento'],
      body: cuerpoConsulta,
      response: { 200: esquemaRespuesta, ...respuestasDeError },
    },
    handler: async (request): Promise<RespuestaEstado> => {
      const respuesta = await consultarEstado(app.db, request.body);
      if (!respuesta) throw new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, TEXTOS_SEGUIMIENTO.estadoNoEncontrado);
      return respuesta;
    },
  });
};
