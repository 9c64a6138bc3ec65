// The verification page's data (producto §11, producto §14), reached with the token printed on one
// version of the receipt: GET /api/v2/verificacion/:token → number, date, status, that version's
// documents' SHA-256 and whether a later version replaced it. The JSON names nobody (no DNI,
// e-mail, phone, address or name; the response schema drops anything else), and no route serves
// the receipt to a verification token: the receipt names the applicant. A malformed token
// answers the same 404 as an unknown one. No answer is cached or indexed: the address is a
// capability.
import type { FastifyPluginAsync } from 'fastify';
import { TEXTOS_SEGUIMIENTO } from '../../../domain/index.js';
import { verificacionDe } from '../../comprobante/consultas.js';
import { CODIGOS, ErrorHttp, respuestasDeError } from '../../errores.js';
import { limitePorCliente } from '../../plugins/limites.js';
import { CLAVES } from '../../db/contadores.js';

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
  required: ['numeroSolicitud', 'creadaEn', 'estado', 'etiqueta', 'version', 'emitidoEn', 'reemplazadoPor', 'documentos'],
  properties: {
    numeroSolicitud: { type: 'string' },
    creadaEn: { type: 'string', format: 'date-time' },
    estado: { type: 'string' },
    etiqueta: { type: 'string' },
    version: { type: 'integer', minimum: 1 },
    emitidoEn: { type: 'string', format: 'date-time' },
    reemplazadoPor: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['version', 'emitidoEn'],
      properties: {
        version: { type: 'integer', minimum: 2 },
        emitidoEn: { type: 'string', format: 'date-time' },
      },
    },
    suprimida: { type: 'boolean', const: true },
    documentos: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['clave', 'etiqueta', 'sha256', 'reemplazado'],
        properties: {
          clave: { type: 'string' },
          etiqueta: { type: 'string' },
          sha256: { type: 'string' },
          reemplazado: { type: 'boolean' },
        },
      },
    },
  },
} as const;

const noEncontrada = () => new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, TEXTOS_SEGUIMIENTO.verificacionInvalida);


export const rutaVerificacion: FastifyPluginAsync = async (app) => {
  app.get<{ Params: Params }>('/verificacion/:token', {
    config: { rateLimit: limitePorCliente(CLAVES.verificaciones, VERIFICACIONES_POR_CUARTO_DE_HORA, 15 * 60_000) },
    schema: {
      summary: 'Verifica una versión del comprobante con el enlace de su código QR',
      description:
        'Número, fecha, estado actual, la versión del comprobante y la etiqueta y el SHA-256 de cada documento ' +
        'que lista, con los que una corrección posterior reemplazó (producto §14); sin DNI, correo, teléfono, ' +
        'domicilio ni nombre. 404 si el enlace no corresponde a ningún comprobante.',
      tags: ['seguimiento'],
      params,
      response: { 200: esquemaVerificacion, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const verificacion = await verificacionDe(app.db, request.params.token);
      if (!verificacion) throw noEncontrada();
      return verificacion;
    },
  });

};
