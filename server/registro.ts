// Serializers that keep personal data out of the logs: the DNI check carries a DNI and a
// matrícula in its path, and database errors may carry values in `detail`.
import type { FastifyRequest } from 'fastify';

export function ocultarDatos(url: string): string {
  const ruta = url.split('?')[0] ?? '';
  return ruta
    .replace(/(\/comprobarDniMatricula)(\/.*)?$/i, (_m, base: string) => `${base}/[oculto]`)
    .replace(/\d{6,}/g, '[oculto]');
}

export const serializadores = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: ocultarDatos(request.url),
      remoteAddress: request.ip,
    };
  },
  err(error: Error & { code?: unknown; statusCode?: unknown }) {
    return {
      type: error.name,
      message: error.message,
      code: error.code,
      statusCode: error.statusCode,
      stack: error.stack ?? '',
    };
  },
};
