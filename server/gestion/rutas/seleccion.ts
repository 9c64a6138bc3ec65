// The inbox's selection (producto §15, "Selection and bulk"):
//   GET  /api/gestion/seleccion?q=&estado=&vence=&responsable=  (leer)  "Seleccionar las N de esta
//        búsqueda": the search's count and its huella (gestion/seleccion.ts)
//   POST /api/gestion/seleccion/responsable  (mover)  "Asignar a…" for numbers or the whole search,
//        all or nothing (gestion/asignacion-masiva.ts); an administrador's, as the lifecycle chart
//        says; audit cambiar_responsable per application
// The selection's "Exportar CSV" is GET /api/gestion/exportacion.csv?numeros= (./exportacion.ts).
import type { FastifyPluginAsync } from 'fastify';
import {
  SELECCION_MAXIMA,
  type AsignacionMasiva,
  type FiltroDeSeleccion,
  type PedidoAsignacionMasiva,
  type SeleccionDeBusqueda,
} from '../../../domain/seleccion.js';
import { respuestasDeError } from '../../errores.js';
import { asignarSeleccion } from '../asignacion-masiva.js';
import { filtroDeConsulta, seleccionDeBusqueda } from '../seleccion.js';
import { paramsNumero } from './esquemas.js';
import { consultaFiltro } from './solicitudes/esquemas.js';

const esquemaSeleccion = {
  type: 'object',
  required: ['total', 'totalExacto', 'huella', 'noAsignables'],
  additionalProperties: false,
  properties: {
    total: { type: 'integer' },
    totalExacto: { type: 'boolean' },
    huella: { type: ['string', 'null'] },
    noAsignables: { type: ['integer', 'null'] },
  },
} as const;

const cuerpoAsignacion = {
  type: 'object',
  required: ['a'],
  additionalProperties: false,
  properties: {
    a: { type: 'string', maxLength: 100 },
    numeros: {
      type: 'array',
      minItems: 1,
      maxItems: SELECCION_MAXIMA,
      items: {
        type: 'object',
        required: ['numero', 'visto'],
        additionalProperties: false,
        properties: {
          numero: paramsNumero.properties.numero,
          visto: { type: ['string', 'null'], maxLength: 100 },
        },
      },
    },
    busqueda: {
      type: 'object',
      required: ['filtro', 'huella'],
      additionalProperties: false,
      properties: { filtro: consultaFiltro, huella: { type: 'string', maxLength: 100 } },
    },
  },
  oneOf: [{ required: ['numeros'] }, { required: ['busqueda'] }],
} as const;

const esquemaAsignacion = {
  type: 'object',
  required: ['asignadas', 'yaLaTenian'],
  additionalProperties: false,
  properties: { asignadas: { type: 'integer' }, yaLaTenian: { type: 'integer' } },
} as const;

export const rutasSeleccion: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: FiltroDeSeleccion }>('/seleccion', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Seleccionar toda la búsqueda: cuántas son y su huella',
      description:
        `\`huella\` resume las solicitudes de la búsqueda tal como están ahora; es null si son más de ${SELECCION_MAXIMA} ` +
        '(se exportan, no se asignan de una vez). `noAsignables`: las que esta cuenta no puede asignar (cerradas).',
      tags: ['gestión'],
      querystring: consultaFiltro,
      response: { 200: esquemaSeleccion, ...respuestasDeError },
    },
    handler: async (request): Promise<SeleccionDeBusqueda> => {
      const sesion = request.sesion!;
      const filtro = {
        ...(await filtroDeConsulta(app.db, request.query, sesion)),
        // "Para hoy → Demoradas" (producto §15) counts with this server's PLAZO_REVISION_DIAS.
        plazoRevisionDias: app.config.plazoRevisionDias,
      };
      return seleccionDeBusqueda(app.db, filtro, sesion);
    },
  });

  app.post<{ Body: PedidoAsignacionMasiva }>('/seleccion/responsable', {
    preHandler: app.requiere('mover'),
    schema: {
      summary: 'Asignar a una cuenta las solicitudes seleccionadas (todas o ninguna)',
      description:
        '`numeros`: cada número con el usuario que la página mostraba como Responsable (`visto`); o `busqueda`: ' +
        'el filtro y la `huella` de GET /api/gestion/seleccion. Si algo cambió mientras tanto responde 409 y no ' +
        'escribe nada; una solicitud cerrada, también 409. Es de un administrador (403 para un revisor).',
      tags: ['gestión'],
      body: cuerpoAsignacion,
      response: { 200: esquemaAsignacion, ...respuestasDeError },
    },
    handler: async (request): Promise<AsignacionMasiva> => {
      return asignarSeleccion(app.db, {
        pedido: request.body,
        sesion: request.sesion!,
        ip: request.ip,
        plazoRevisionDias: app.config.plazoRevisionDias,
      });
    },
  });
};
