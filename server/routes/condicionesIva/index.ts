// GET /api/v2/condicionesIva/getCondicionesValidas — VAT conditions valid for physicians.
import type { FastifyPluginAsync } from 'fastify';
import { respuestasDeError } from '../../errores.js';
import { conEtag, listaDe } from '../catalogo.js';

export const rutasCondicionesIva: FastifyPluginAsync = async (app) => {
  app.get('/condicionesIva/getCondicionesValidas', {
    schema: {
      summary: 'Condiciones ante el IVA',
      tags: ['catálogos'],
      response: {
        200: listaDe({ codigoCondicionIVA: { type: 'integer' }, nombreCondicionIVA: { type: 'string' } }),
        ...respuestasDeError,
      },
    },
    handler: async (request, reply) => {
      const filas = await app.db
        .selectFrom('condiciones_iva')
        .select(['codigo', 'nombre'])
        .orderBy('codigo')
        .execute();
      return conEtag(
        request,
        reply,
        filas.map((f) => ({ codigoCondicionIVA: Number(f.codigo), nombreCondicionIVA: f.nombre })),
      );
    },
  });
};
