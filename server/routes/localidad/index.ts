// GET /api/v2/localidad/getAll — the localities of the Departamento Rosario.
import type { FastifyPluginAsync } from 'fastify';
import { respuestasDeError } from '../../errores.js';
import { conEtag, listaDe } from '../catalogo.js';

export const rutasLocalidad: FastifyPluginAsync = async (app) => {
  app.get('/localidad/getAll', {
    schema: {
      summary: 'Localidades',
      tags: ['catálogos'],
      response: {
        200: listaDe({ codigoLocalidad: { type: 'integer' }, nombreLocalidad: { type: 'string' } }),
        ...respuestasDeError,
      },
    },
    handler: async (request, reply) => {
      const filas = await app.db
        .selectFrom('localidades')
        .select(['codigo', 'nombre'])
        .orderBy('codigo')
        .execute();
      return conEtag(
        request,
        reply,
        filas.map((f) => ({ codigoLocalidad: Number(f.codigo), nombreLocalidad: f.nombre })),
      );
    },
  });
};
