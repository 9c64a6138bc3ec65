// JSON schemas of the consulta and the supresión (producto §13). The DNI is checked in the handler,
// so a malformed one answers the page's own message in `fields.dni`.
import { LARGO_MAXIMO_MOTIVO_DATOS } from '../../../domain/index.js';

const dni = { type: 'string', maxLength: 20 } as const;

export const cuerpoConsulta = {
  type: 'object',
  required: ['dni'],
  additionalProperties: false,
  properties: { dni },
} as const;

export const cuerpoSupresion = {
  type: 'object',
  required: ['dni', 'confirmacion', 'motivo'],
  additionalProperties: false,
  properties: {
    dni,
    confirmacion: { type: 'string', maxLength: 20 },
    motivo: { type: 'string', maxLength: LARGO_MAXIMO_MOTIVO_DATOS },
  },
} as const;

export const esquemaResumenPersona = {
  type: 'object',
  additionalProperties: false,
  required: ['dni', 'apellidoynombre', 'solicitudes'],
  properties: {
    dni: { type: 'string' },
    apellidoynombre: { type: 'string' },
    solicitudes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['numero', 'creadaEn', 'estado', 'documentos', 'bytes', 'notas', 'correos'],
        properties: {
          numero: { type: 'string' },
          creadaEn: { type: 'string', format: 'date-time' },
          estado: { type: 'string' },
          documentos: { type: 'integer' },
          bytes: { type: 'integer' },
          notas: { type: 'integer' },
          correos: { type: 'integer' },
        },
      },
    },
  },
} as const;

export const esquemaSupresionHecha = {
  type: 'object',
  additionalProperties: false,
  required: ['solicitudes', 'documentos'],
  properties: {
    solicitudes: { type: 'array', items: { type: 'string' } },
    documentos: { type: 'integer' },
  },
} as const;
