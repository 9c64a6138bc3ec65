// Errors that never reach a route, its hooks or the error handler, answered in our shape
// ({error, message} in Spanish, with the security headers) instead of Fastify's defaults:
// - frameworkErrors: the router refusing a URL (bad percent-encoding, a parameter over
//   maxParamLength). Fastify's own message quotes the URL, which may carry a DNI: never echo it.
// - clientErrorHandler: Node's HTTP parser refusing the request (a raw control byte in the
//   request line or a header, headers over 16 KiB, a request that timed out). There is no
//   request yet, so the answer is written on the socket.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP } from './errores.js';

const MENSAJE_URL_LARGA = 'La dirección es demasiado larga.';
const MENSAJE_URL_INVALIDA = 'La dirección no es válida.';
const MENSAJE_PETICION_INVALIDA = 'La solicitud no es válida.';

interface ErrorDeConexion extends Error {
  code?: string;
}

/**
 * `cabeceras`: the set every other answer carries (cabecerasDeSeguridad, seguridad.ts), so these
 * answers carry the very same headers: helmet's and Permissions-Policy.
 */
export function erroresDeMarco(cabeceras: Readonly<Record<string, string>>) {
  const cabecerasCrudas = Object.entries(cabeceras)
    .map(([nombre, valor]) => `${nombre}: ${valor}\r\n`)
    .join('');

  function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const http =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new ErrorHttp(414, CODIGOS.VALIDACION, MENSAJE_URL_LARGA)
        : new ErrorHttp(400, CODIGOS.VALIDACION, MENSAJE_URL_INVALIDA);
    request.log.info({ codigo: error.code, status: http.statusCode }, 'dirección rechazada');
    reply
      .headers(cabeceras)
      // A refusal of the address is about this request only; under /api/gestion, as every answer
      // there, it must not be kept by any cache.
      .header('cache-control', 'no-store')
      .code(http.statusCode)
      .type('application/json; charset=utf-8')
      .send(http.cuerpo());
  }

  function clientErrorHandler(this: FastifyInstance, error: ErrorDeConexion, socket: Socket) {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, razon, cuerpo] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            'Request Header Fields Too Large',
            { error: CODIGOS.VALIDACION, message: MENSAJES_HTTP.cuerpoGrande },
          ]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', { error: CODIGOS.TIEMPO_AGOTADO, message: MENSAJES_HTTP.tiempoAgotado }]
          : [400, 'Bad Request', { error: CODIGOS.VALIDACION, message: MENSAJE_PETICION_INVALIDA }];
    this.log.debug({ codigo: error.code, status }, 'petición ilegible');
    if (socket.writable) {
      const texto = JSON.stringify(cuerpo);
      socket.end(
        `HTTP/1.1 ${status} ${razon}\r\n` +
          `content-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(texto)}\r\n` +
          `cache-control: no-store\r\n` +
          cabecerasCrudas +
          `connection: close\r\n\r\n${texto}`,
      );
    }
    // Do not wait for a client that sent garbage to close its side.
    socket.destroySoon();
  }

  return { frameworkErrors, clientErrorHandler };
}
