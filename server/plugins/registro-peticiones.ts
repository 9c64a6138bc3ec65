// One log line per request, written when the answer is sent (Fastify's own request logging, two
// lines per request, halved the throughput of the catalogue routes). At the default level (info)
// that line is written for every answer of 400 or more, and for the routes that act on personal
// data (their config says `registrar: true`); other answers log at debug. 5xx also get the error
// with its stack from the error handler. The `req` serializer (registro.ts) names a routed request
// by its route template, never by its parameters' values, and masks the path of one no route
// matched; the query string is never logged.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Log every answer of this route at info, not only failures. */
    registrar?: boolean;
  }
}

export const registroDePeticiones = fp(
  async (app) => {
    app.addHook(
      'onResponse',
      (request: FastifyRequest, reply: FastifyReply, listo: HookHandlerDoneFunction) => {
        const status = reply.statusCode;
        const datos = { req: request, status, ms: Math.round(reply.elapsedTime) };
        if (status >= 400 || request.routeOptions.config.registrar) request.log.info(datos, 'respuesta');
        else request.log.debug(datos, 'respuesta');
        listo();
      },
    );
  },
  { name: 'registro-de-peticiones', fastify: '5.x' },
);
