// Two values no person sends, which the schemas cannot refuse by themselves:
// - a NUL character in a text: PostgreSQL refuses it in any text value (a 500 where SQLite would
//   answer);
// - a number that is not finite: Ajv coerces "Infinity" or "1e400" to Infinity, which then passes
//   `integer`, `minimum` and `maximum`.
// Checked on every matched route after validation (so after the route's own session check, and
// with the coerced values), before its handler. Unmatched paths and the static files' wildcard
// route keep their own answer (a 404 or the SPA's page).
import fp from 'fastify-plugin';
import { MENSAJES } from '../../domain/index.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP } from '../errores.js';

const PROFUNDIDAD_MAXIMA = 32;

export interface ValorImposible {
  campo: string;
  mensaje: string;
}

/** The first impossible value inside `valor`, with its path, or null. */
export function valorImposible(valor: unknown, ruta = '', profundidad = 0): ValorImposible | null {
  const campo = ruta || 'valor';
  if (typeof valor === 'string') {
    return valor.includes('\u0000') ? { campo, mensaje: MENSAJES.caracteresInvalidos } : null;
  }
  if (typeof valor === 'number')
    return Number.isFinite(valor) ? null : { campo, mensaje: MENSAJES.numeroInvalido };
  if (valor === null || typeof valor !== 'object' || profundidad > PROFUNDIDAD_MAXIMA) return null;
  for (const [clave, hijo] of Object.entries(valor)) {
    if (clave.includes('\u0000')) return { campo, mensaje: MENSAJES.caracteresInvalidos };
    const encontrado = valorImposible(hijo, ruta ? `${ruta}.${clave}` : clave, profundidad + 1);
    if (encontrado !== null) return encontrado;
  }
  return null;
}

export const valoresImposibles = fp(
  async (app) => {
    app.addHook('preHandler', (request, _reply, listo) => {
      const ruta = request.routeOptions.url;
      if (request.is404 || ruta === undefined || ruta.includes('*')) return listo();
      const hallado =
        valorImposible(request.params) ?? valorImposible(request.query) ?? valorImposible(request.body);
      listo(
        hallado === null
          ? undefined
          : new ErrorHttp(400, CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, {
              [hallado.campo]: hallado.mensaje,
            }),
      );
    });
  },
  { name: 'valores-imposibles', fastify: '5.x' },
);
