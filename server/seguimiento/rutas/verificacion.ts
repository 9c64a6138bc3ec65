// The verification page's data (producto §11), reached with the token printed on the receipt:
//   GET /api/v2/verificacion/:token              number, date, status, documents' SHA-256
//   GET /api/v2/verificacion/:token/comprobante  the receipt again, as a download
// The JSON names nobody (no DNI, e-mail, phone, address or name; the response schema drops
// anything else). A malformed token answers the same 404 as an unknown one. Neither answer is
// cached or indexed: the address is a capability.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { TEXTOS_SEGUIMIENTO } from '../../../domain/index.js';
import { generarComprobante } from '../../comprobante/index.js';
import { solicitudDeVerificacion, verificacionDe } from '../../comprobante/consultas.js';
import { enviarComprobante, respuestaPdf } from '../../comprobante/rutas/respuesta.js';
import { CODIGOS, ErrorHttp, respuestasDeError } from '../../errores.js';
import { limitePorCliente } from '../../plugins/limites.js';
import { CLAVES } from '../../db/contadores.js';
import { COMPROBANTES_POR_CUARTO_DE_HORA } from '../../comprobante/rutas/index.js';

interface Params {
  token: string;
}

const params = {
  type: 'object',
  required: ['token'],
  // Any text: the format is checked in the handler, so a bad one is a 404, not a 400.
  properties: { token: { type: 'string' } },
} as const;

export const VERIFICACIONES_POR_CUARTO_DE_HORA = 120;

const esquemaVerificacion = {
  type: 'object',
  additionalProperties: false,
  required: ['numeroSolicitud', 'creadaEn', 'estado', 'etiqueta', 'documentos'],
  properties: {
    numeroSolicitud: { type: 'string' },
    creadaEn: { type: 'string', format: 'date-time' },
    estado: { type: 'string' },
    etiqueta: { type: 'string' },
    suprimida: { type: 'boolean', const: true },
    documentos: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['clave', 'etiqueta', 'sha256'],
        properties: {
          clave: { type: 'string' },
          etiqueta: { type: 'string' },
          sha256: { type: 'string' },
        },
      },
    },
  },
} as const;

const noEncontrada = () => new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, TEXTOS_SEGUIMIENTO.verificacionInvalida);

const privada = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');

export const rutaVerificacion: FastifyPluginAsync = async (app) => {
  app.get<{ Params: Params }>('/verificacion/:token', {
    config: { rateLimit: limitePorCliente(CLAVES.verificaciones, VERIFICACIONES_POR_CUARTO_DE_HORA, 15 * 60_000) },
    schema: {
      summary: 'Verifica una solicitud con el enlace del comprobante',
      description:
        'Número, fecha, estado actual y la etiqueta y el SHA-256 de cada documento (producto §11); ' +
        'sin DNI, correo, teléfono, domicilio ni nombre. 404 si el enlace no corresponde a ninguna solicitud.',
      tags: ['seguimiento'],
      params,
      response: { 200: esquemaVerificacion, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      privada(reply);
      const verificacion = await verificacionDe(app.db, request.params.token);
      if (!verificacion) throw noEncontrada();
      return verificacion;
    },
  });

  app.get<{ Params: Params }>('/verificacion/:token/comprobante', {
    config: {
      registrar: true,
      rateLimit: limitePorCliente(CLAVES.comprobantes, COMPROBANTES_POR_CUARTO_DE_HORA, 15 * 60_000),
    },
    schema: {
      summary: 'Descarga el comprobante desde la página de verificación',
      description: 'El mismo comprobante en PDF que se descarga al enviar (producto §11). 404 si el enlace no existe.',
      tags: ['seguimiento'],
      params,
      response: { 200: respuestaPdf, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      privada(reply);
      const solicitud = await solicitudDeVerificacion(app.db, request.params.token);
      if (!solicitud) throw noEncontrada();
      const pdf = await generarComprobante(app.db, solicitud.id, app.config.publicUrl);
      return enviarComprobante(reply, pdf, solicitud.numero);
    },
  });
};
