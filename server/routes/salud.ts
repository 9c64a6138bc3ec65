// GET /healthz — 200 when the database answers, 503 otherwise (for load balancers).
import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP, respuestasDeError } from '../errores.js';

const LIMITE_MS = 2_000;

export const rutaSalud: FastifyPluginAsync = async (app) => {
  app.get('/healthz', {
    schema: {
      summary: 'Estado del servicio',
      tags: ['operación'],
      response: { 200: { type: 'object', properties: { estado: { type: 'string' } } }, ...respuestasDeError },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      let temporizador: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(app.db),
          new Promise((_, rechazar) => {
            temporizador = setTimeout(() => rechazar(new Error('tiempo agotado')), LIMITE_MS);
          }),
        ]);
      } catch {
        throw new ErrorHttp(503, CODIGOS.NO_DISPONIBLE, MENSAJES_HTTP.noDisponible);
      } finally {
        clearTimeout(temporizador);
      }
      return { estado: 'ok' };
    },
  });
};
