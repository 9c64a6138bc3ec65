// GET /api/v2/calle/getAll/{codigoLocalidad} — the streets of one locality ([] when its catalogue
// is empty: the form then accepts a typed street).
import type { FastifyPluginAsync } from 'fastify';
import { CODIGOS, ErrorHttp, respuestasDeError } from '../../errores.js';
import { conEtag, listaDe, ordenar } from '../catalogo.js';

export const rutasCalle: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { codigoLocalidad: number } }>('/calle/getAll/:codigoLocalidad', {
    schema: {
      summary: 'Calles de una localidad',
      tags: ['catálogos'],
      params: {
        type: 'object',
        required: ['codigoLocalidad'],
        properties: { codigoLocalidad: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
      },
      response: { 200: listaDe({ nombreCalle: { type: 'string' } }), ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const { codigoLocalidad } = request.params;
      const localidad = await app.db
        .selectFrom('localidades')
        .select('codigo')
        .where('codigo', '=', codigoLocalidad)
        .executeTakeFirst();
      if (!localidad) throw new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, 'La localidad no existe.');
      const filas = await app.db
        .selectFrom('calles')
        .select('nombre')
        .where('codigo_localidad', '=', codigoLocalidad)
        .execute();
      const calles = filas.map((f) => f.nombre).sort(ordenar);
      return conEtag(
        request,
        reply,
        calles.map((nombreCalle) => ({ nombreCalle })),
      );
    },
  });
};
