// GET /api/v2/aparatos/getAll — the equipment-type catalogue.
import type { FastifyPluginAsync } from 'fastify';
import { respuestasDeError } from '../../errores.js';
import { cuerpoJson } from '../../servicios/cache-catalogos.js';
import type { Db } from '../../db/esquema.js';
import { enviarCatalogo, listaDe } from '../catalogo.js';

async function cargarAparatos(db: Db) {
  const filas = await db.selectFrom('tipos_aparato').select(['codigo', 'nombre']).orderBy('codigo').execute();
  return cuerpoJson(filas.map((f) => ({ codigotipoaparato: Number(f.codigo), nombretipoaparato: f.nombre })));
}

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
    handler: async (request, reply) =>
      enviarCatalogo(request, reply, await app.catalogos.obtener('aparatos', () => cargarAparatos(app.db))),
  });
};
