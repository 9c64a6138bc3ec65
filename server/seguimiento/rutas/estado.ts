// POST /api/v2/estado {numeroSolicitud, dni} → {estado, etiqueta, desde} and, for Observada,
// the observed documents' labels, the deadline and whether the link can be sent again (producto §11,
// producto §14); POST /api/v2/estado/reenviar-enlace with the same body sends a new correction link to
// the e-mail on file. POSTs, so the DNI never sits in a URL (logs, history, a proxy's cache) and
// anti-forgery applies. They tell a stranger whether a number goes with a DNI, so each is limited
// per client in the database like the DNI check (DNI_CHECK_MAX per DNI_CHECK_WINDOW_MINUTES, each
// its own count), and every pair they cannot serve answers the same 404 (seguimiento/estado-publico.ts,
// seguimiento/reenvio-de-enlace.ts).
import type { FastifyPluginAsync } from 'fastify';
import {
  CLAVES_ESTADO,
  TEXTOS_SEGUIMIENTO,
  type ConsultaEstado,
  type RespuestaEstadoPublica,
  type RespuestaReenvio,
} from '../../../domain/index.js';
import { CODIGOS, ErrorHttp, respuestasDeError } from '../../errores.js';
import { limitePorCliente } from '../../plugins/limites.js';
import { CLAVES } from '../../db/contadores.js';
import { consultarEstado } from '../estado-publico.js';
import { reenviarEnlace } from '../reenvio-de-enlace.js';

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
    // Labels, a date and a flag: nothing staff wrote (producto §14).
    observada: {
      type: 'object',
      required: ['documentos', 'plazo', 'puedeReenviar'],
      additionalProperties: false,
      properties: {
        documentos: { type: 'array', items: { type: 'string' } },
        plazo: { type: 'string', format: 'date' },
        puedeReenviar: { type: 'boolean' },
      },
    },
  },
} as const;

const esquemaReenvio = {
  type: 'object',
  required: ['enviado'],
  additionalProperties: false,
  properties: { enviado: { type: 'boolean', const: true } },
} as const;

const noEncontrada = () => new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, TEXTOS_SEGUIMIENTO.estadoNoEncontrado);

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
        'Responde el estado y la fecha del último cambio; si está observada, los documentos observados, el ' +
        'plazo y si se puede reenviar el enlace. Nunca texto escrito por el personal. Cualquier par que no ' +
        'coincida responde 404 con el mismo cuerpo. Limitada por cliente como la comprobación de DNI.',
      tags: ['seguimiento'],
      body: cuerpoConsulta,
      response: { 200: esquemaRespuesta, ...respuestasDeError },
    },
    handler: async (request): Promise<RespuestaEstadoPublica> => {
      const respuesta = await consultarEstado(app.db, request.body);
      if (!respuesta) throw noEncontrada();
      return respuesta;
    },
  });
  app.post<{ Body: ConsultaEstado }>('/estado/reenviar-enlace', {
    config: {
      registrar: true,
      rateLimit: limitePorCliente(CLAVES.reenvios, config.dniCheckMax, config.dniCheckWindowMinutes * 60_000),
    },
    schema: {
      summary: 'Envía un enlace de corrección nuevo al correo registrado',
      description:
        'Con el mismo número y DNI que la consulta: si la solicitud está observada y su enlace sigue vigente, ' +
        'lo reemplaza por uno nuevo (el anterior responde 410) y lo envía al correo registrado, que no se ' +
        'muestra. Cualquier otro caso responde el mismo 404 que la consulta y no escribe nada. Limitada por cliente.',
      tags: ['seguimiento'],
      body: cuerpoConsulta,
      response: { 200: esquemaReenvio, ...respuestasDeError },
    },
    handler: async (request): Promise<RespuestaReenvio> => {
      if (!(await reenviarEnlace(app.db, request.body, { ip: request.ip }))) throw noEncontrada();
      return { enviado: true };
    },
  });
};
