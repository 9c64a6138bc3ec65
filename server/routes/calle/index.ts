// GET /api/v2/calle/getAll/{codigoLocalidad} — the streets of one locality ([] when its catalogue
// is empty: the form then accepts a typed street). Cached per locality; only localities that
// exist get an entry, so the cache is bounded by the catalogue.
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/esquema.js';
import { CODIGOS, ErrorHttp, respuestasDeError } from '../../errores.js';
import { cuerpoJson } from '../../servicios/cache-catalogos.js';
import { enviarCatalogo, listaDe, ordenar } from '../catalogo.js';

async function codigosDeLocalidad(db: Db): Promise<Set<number>> {
  const filas = await db.selectFrom('localidades').select('codigo').execute();
  return new Set(filas.map((f) => Number(f.codigo)));
}

async function cargarCalles(db: Db, codigoLocalidad: number) {
  const filas = await db
    .selectFrom('calles')
    .select('nombre')
    .where('codigo_localidad', '=', codigoLocalidad)
    .execute();
  // Collations differ between the engines: sorted here, in Spanish, the same on both.
  const calles = filas.map((f) => f.nombre).sort(ordenar);
  return cuerpoJson(calles.map((nombreCalle) => ({ nombreCalle })));
}

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
      const codigos = await app.catalogos.obtener('codigos-localidad', () => codigosDeLocalidad(app.db));
      if (!codigos.has(codigoLocalidad))
        throw new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, 'La localidad no existe.');
      const calles = await app.catalogos.obtener(`calles:${codigoLocalidad}`, () =>
        cargarCalles(app.db, codigoLocalidad),
      );
      return enviarCatalogo(request, reply, calles);
    },
  });
};
