// Health for load balancers and orchestrators, three questions (decision 092):
// - GET /healthz/vivo — alive: 200 whenever the event loop runs; touches nothing else, so a
//   database outage never gets a healthy process restarted;
// - GET /healthz/listo — ready: 200 when the database answers and the process is not shutting
//   down; 503 otherwise, so a proxy stops sending it new work during a graceful restart;
// - GET /healthz — the contract's check (producto §10: 200 when the database answers), kept as is
//   for what already waits on it.
// The document store is not probed: its interface (storage/almacen.ts) has no cheap call, and
// listing an S3 bucket per probe would cost more than the probe is worth.
import { sql } from 'kysely';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP, respuestasDeError } from '../../errores.js';

const LIMITE_MS = 2_000;

/** The HTTP servers whose process is shutting down: keyed on app.server, shared by every context. */
const enCierre = new WeakSet<object>();

/** From now on the ready check answers 503 (server.ts calls it on SIGTERM, before draining). */
export function anunciarCierre(app: FastifyInstance): void {
  enCierre.add(app.server);
}

const esquema = (summary: string) => ({
  summary,
  tags: ['operación'],
  response: { 200: { type: 'object', properties: { estado: { type: 'string' } } }, ...respuestasDeError },
});

const noDisponible = () => new ErrorHttp(503, CODIGOS.NO_DISPONIBLE, MENSAJES_HTTP.noDisponible);

/** `select 1` within LIMITE_MS, or a 503. */
async function baseResponde(app: FastifyInstance): Promise<void> {
  let temporizador: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(app.db),
      new Promise((_, rechazar) => {
        temporizador = setTimeout(() => rechazar(new Error('tiempo agotado')), LIMITE_MS);
      }),
    ]);
  } catch {
    throw noDisponible();
  } finally {
    clearTimeout(temporizador);
  }
}

const sinCache = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export const rutaSalud: FastifyPluginAsync = async (app) => {
  app.get('/healthz', {
    schema: esquema('Estado del servicio'),
    handler: async (_request, reply) => {
      sinCache(reply);
      await baseResponde(app);
      return { estado: 'ok' };
    },
  });

  app.get('/healthz/vivo', {
    schema: esquema('El proceso está vivo'),
    handler: async (_request, reply) => {
      sinCache(reply);
      return { estado: 'vivo' };
    },
  });

  app.get('/healthz/listo', {
    schema: esquema('El proceso puede recibir pedidos'),
    handler: async (_request, reply) => {
      sinCache(reply);
      if (enCierre.has(app.server)) throw noDisponible();
      await baseResponde(app);
      return { estado: 'listo' };
    },
  });
};
