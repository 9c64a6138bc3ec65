// GET /api/v2/localidad/getAll — the localities of the Departamento Rosario.
import type { FastifyPluginAsync } from 'fastify';
import { respuestasDeError } from '../../errores.js';
import { cuerpoJson } from '../../servicios/cache-catalogos.js';
import type { Db } from '../../db/esquema.js';
import { enviarCatalogo, listaDe } from '../catalogo.js';

async function cargarLocalidades(db: Db) {
  const filas = await db.selectFrom('localidades').select(['codigo', 'nombre']).orderBy('codigo').execute();
  return cuerpoJson(filas.map((f) => ({ codigoLocalidad: Number(f.codigo), nombreLocalidad: f.nombre })));
}

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
    handler: async (request, reply) =>
      enviarCatalogo(
        request,
        reply,
        await app.catalogos.obtener('localidades', () => cargarLocalidades(app.db)),
      ),
  });
};
