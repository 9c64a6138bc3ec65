// GET /api/gestion/tablero  (leer) — the Tablero (producto §15, gestion/tablero.ts): "Para hoy",
// applications per status, open ones per Responsable, and "Tiempo de resolución". It writes no
// audit row: it names no application.
import type { FastifyPluginAsync } from 'fastify';
import { CLAVES_ESTADO } from '../../../domain/index.js';
import { OPCIONES_PARA_HOY, type Tablero } from '../../../domain/para-hoy.js';
import { respuestasDeError } from '../../errores.js';
import { tablero } from '../tablero.js';

const entero = { type: 'integer', minimum: 0 } as const;
const conteos = (claves: readonly string[]) =>
  ({
    type: 'object',
    required: [...claves],
    additionalProperties: false,
    properties: Object.fromEntries(claves.map((c) => [c, entero])),
  }) as const;
const estado = { type: 'string', enum: CLAVES_ESTADO } as const;
const dias = { type: ['number', 'null'], minimum: 0 } as const;

const esquemaTablero = {
  type: 'object',
  required: [
    'en',
    'plazoRevisionDias',
    'paraHoy',
    'porEstado',
    'estadosAbiertos',
    'porResponsable',
    'resolucion',
  ],
  additionalProperties: false,
  properties: {
    en: { type: 'string', format: 'date-time' },
    plazoRevisionDias: { type: 'integer', minimum: 1 },
    paraHoy: conteos(OPCIONES_PARA_HOY),
    porEstado: conteos(CLAVES_ESTADO),
    estadosAbiertos: { type: 'array', items: estado },
    porResponsable: {
      type: 'array',
      items: {
        type: 'object',
        required: ['cuenta', 'porEstado', 'total'],
        additionalProperties: false,
        properties: {
          cuenta: {
            anyOf: [
              {
                type: 'object',
                required: ['usuario', 'nombre'],
                additionalProperties: false,
                properties: { usuario: { type: 'string' }, nombre: { type: 'string' } },
              },
              { type: 'null' },
            ],
          },
          porEstado: {
            type: 'object',
            additionalProperties: false,
            properties: Object.fromEntries(CLAVES_ESTADO.map((c) => [c, entero])),
          },
          total: entero,
        },
      },
    },
    resolucion: {
      type: 'array',
      items: {
        type: 'object',
        required: ['mes', 'resueltas', 'mediana', 'p90'],
        additionalProperties: false,
        properties: {
          mes: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
          resueltas: entero,
          mediana: dias,
          p90: dias,
        },
      },
    },
  },
} as const;

export const rutasTablero: FastifyPluginAsync = async (app) => {
  app.get('/tablero', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Tablero: para hoy, solicitudes por estado y por Responsable, tiempo de resolución',
      description:
        '`paraHoy` cuenta, para cada opción del filtro «Para hoy» de la bandeja (`?hoy=`), las solicitudes que ' +
        'ella encuentra. `porResponsable`: las abiertas (no aprobadas ni rechazadas) de cada cuenta activa o que ' +
        'tenga alguna, por estado, y al final las sin asignar (`cuenta` null). `resolucion`: los últimos 12 meses ' +
        '(el actual incluido), con la mediana y el percentil 90 de los días hábiles desde el envío hasta la ' +
        'aprobación o el rechazo, sin los días en Observada; null en un mes sin resoluciones.',
      tags: ['gestión'],
      response: { 200: esquemaTablero, ...respuestasDeError },
    },
    handler: async (): Promise<Tablero> =>
      tablero(app.db, { plazoRevisionDias: app.config.plazoRevisionDias }),
  });
};
