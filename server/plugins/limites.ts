// Per-client limits, opted into per route (the DNI check). The key is request.ip, which honours
// X-Forwarded-For only from the configured proxies (TRUST_PROXY), so a forged header changes
// nothing.
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP } from '../errores.js';

export const limites = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, contexto) => {
        const error = new ErrorHttp(429, CODIGOS.DEMASIADOS_INTENTOS, MENSAJES_HTTP.demasiadosIntentos);
        return Object.assign(error, { statusCode: contexto.statusCode });
      },
    });
  },
  { name: 'limites', fastify: '5.x' },
);
