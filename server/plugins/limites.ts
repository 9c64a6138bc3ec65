// Per-client limits through @fastify/rate-limit, opted into per route, with its counts in the
// database (db/contadores.ts) through the plugin's public store interface: a restart or
// a second process neither resets nor multiplies them. The client is request.ip, which honours
// X-Forwarded-For only from the configured proxies (TRUST_PROXY), so a forged header changes
// nothing; an IPv6 client is its /64, which one subscriber usually holds whole.
import { isIPv6 } from 'node:net';
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Conexion } from '../db/conexion.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP } from '../errores.js';
import { sumar } from '../db/contadores.js';

/** The eight groups of an IPv6 address, written out (`::` expanded). */
function gruposIPv6(ip: string): string[] {
  const [cabeza = '', cola] = ip.split('::');
  const a = cabeza ? cabeza.split(':') : [];
  const b = cola ? cola.split(':') : [];
  const ceros = cola === undefined ? [] : Array<string>(8 - a.length - b.length).fill('0');
  return [...a, ...ceros, ...b];
}

/** Who a request counts as: its address, or the /64 of an IPv6 one. */
export function clienteDe(request: FastifyRequest): string {
  const ip = request.ip;
  if (!isIPv6(ip) || ip.includes('.')) return ip; // IPv4, or IPv4-mapped (::ffff:1.2.3.4)
  return `${gruposIPv6(ip)
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function almacenEnBase(conexion: Conexion) {
  return class AlmacenEnBase implements FastifyRateLimitStore {
    incr(
      clave: string,
      listo: (error: Error | null, cuenta?: { current: number; ttl: number }) => void,
      ventanaMs: number,
    ) {
      sumar(conexion, clave, 1, ventanaMs).then(
        (c) => listo(null, { current: c.valor, ttl: c.restanteMs }),
        (error: Error) => listo(error),
      );
    }
    // Each limit names its own budget in its key (limitePorCliente): nothing to separate here.
    child() {
      return this;
    }
  };
}

/** A route's `config.rateLimit`: `max` per `ventanaMs` for each client, in the budget `espacio`. */
export function limitePorCliente(
  espacio: (cliente: string) => string,
  max: number,
  ventanaMs: number,
): RateLimitOptions {
  return { max, timeWindow: ventanaMs, keyGenerator: (request) => espacio(clienteDe(request)) };
}

export const limites = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      store: almacenEnBase(app),
      keyGenerator: clienteDe,
      errorResponseBuilder: (_request, contexto) => {
        const error = new ErrorHttp(429, CODIGOS.DEMASIADOS_INTENTOS, MENSAJES_HTTP.demasiadosIntentos);
        return Object.assign(error, { statusCode: contexto.statusCode });
      },
    });
  },
  { name: 'limites', fastify: '5.x', dependencies: ['base-de-datos'] },
);
