// GET /api/v2/condicionesIva/getCondicionesValidas — VAT conditions valid for physicians.
import type { FastifyPluginAsync } from 'fastify';
import { respuestasDeError } from '../../errores.js';
import { cuerpoJson } from '../../servicios/cache-catalogos.js';
import type { Db } from '../../db/esquema.js';
import { enviarCatalogo, listaDe } from '../catalogo.js';

async function cargarCondiciones(db: Db) {
  const filas = await db
    .selectFrom('condiciones_iva')
    .select(['codigo', 'nombre'])
    .orderBy('codigo')
    .execute();
  return cuerpoJson(
    filas.map((f) => ({ codigoCondicionIVA: Number(f.codigo), nombreCondicionIVA: f.nombre })),
  );
}

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
    handler: async (request, reply) =>
      enviarCatalogo(
        request,
        reply,
        await app.catalogos.obtener('condiciones', () => cargarCondiciones(app.db)),
      ),
  });
};
