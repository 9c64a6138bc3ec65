// GET /api/v2/aparatos/getAll — the equipment-type catalogue.
import type { FastifyPluginAsync } from 'fastify';
import { respuestasDeError } from '../../errores.js';
import { conEtag, listaDe } from '../catalogo.js';

export const rutasAparatos: FastifyPluginAsync = async (app) => {
  app.get('/aparatos/getAll', {
    schema: {
      summary: 'Tipos de aparato',
      tags: ['catálogos'],
      response: {
        200: listaDe({ codigotipoaparato: { type: 'integer' }, nombretipoaparato: { type: 'string' } }),
        ...respuestasDeError,
      },
    },
    handler: async (request, reply) => {
      const filas = await app.db
        .selectFrom('tipos_aparato')
        .select(['codigo', 'nombre'])
        .orderBy('codigo')
        .execute();
      return conEtag(
        request,
        reply,
        filas.map((f) => ({ codigotipoaparato: Number(f.codigo), nombretipoaparato: f.nombre })),
      );
    },
  });
};
