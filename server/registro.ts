// Serializers that keep personal data out of the logs: the DNI check carries a DNI and a
// matrícula in its path, and database errors may carry values in `detail`.
//
// A routed request is logged by its route template (`/api/v2/solicitud/comprobarDniMatricula/
// :dni/:matricula/:circunscripcion`), never by the path it came with: the router decodes
// percent-escapes, so a mask applied to the raw URL misses `%33%30…`, and a short matrícula
// ("999", "MP10") matches no pattern at all. Only a request no route matched (a 404, the SPA's
// history fallback, a file under a wildcard route) is logged by its path, through ocultarDatos.
import type { FastifyRequest } from 'fastify';

const OCULTO = '[oculto]';

/**
 * Route names whose path carries personal data or a secret — the applicant's links
 * /verificar/<token> and /corregir/<token> (producto §11): everything after them is hidden.
 */
const RUTA_CON_DATOS = /(comprobarDniMatricula|verificar|corregir|verificacion|correcciones)(\/?)[\s\S]+$/i;

/** A run of percent-escapes still there after one decoding (a double-encoded path). */
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

/** Decimal digits of any script, so no number survives (a DNI, a matrícula, a phone). */
const DIGITOS = /\p{Nd}+/gu;

/** The API's own prefix (app.ts), the one run of digits kept: it is not the client's data. */
const PREFIJO_API = /^\/api\/v2(?=\/|$)/;

/**
 * Percent-decodes a path once, as the router does, without ever throwing: a malformed escape
 * (`%ZZ`, a cut `%E0%A4`) stays as written, bytes that are not UTF-8 become U+FFFD.
 */
export function decodificarRuta(ruta: string): string {
  if (!ruta.includes('%')) return ruta;
  try {
    return decodeURIComponent(ruta);
  } catch {
    const bytes: number[] = [];
    for (let i = 0; i < ruta.length;) {
      const escape = ruta[i] === '%' ? ruta.slice(i + 1, i + 3) : '';
      if (/^[0-9A-Fa-f]{2}$/.test(escape)) {
        bytes.push(Number.parseInt(escape, 16));
        i += 3;
      } else {
        const caracter = String.fromCodePoint(ruta.codePointAt(i)!);
        bytes.push(...Buffer.from(caracter));
        i += caracter.length;
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
}

/**
 * A path fit for the logs: no query string (nor fragment), percent-decoded, everything after a
 * personal-data route name hidden, and every digit run but the API's `/api/v2` (and every escape
 * left by double encoding) replaced by `[oculto]`.
 */
export function ocultarDatos(url: string): string {
  const ruta = decodificarRuta(url.split(/[?#]/, 1)[0] ?? '');
  const prefijo = PREFIJO_API.exec(ruta)?.[0] ?? '';
  const oculta = ruta
    .slice(prefijo.length)
    .replace(RUTA_CON_DATOS, (_m, nombre: string, barra: string) => `${nombre}${barra}${OCULTO}`)
    .replace(ESCAPES, OCULTO)
    .replace(DIGITOS, OCULTO);
  return prefijo + oculta;
}

/** What the logs name a request by: its route template, or its masked path when no route matched. */
function rutaParaRegistro(request: FastifyRequest): string {
  // `is404`: the not-found handler answers (also after a wildcard route called callNotFound).
  const plantilla = request.is404 ? undefined : request.routeOptions.url;
  // A wildcard template (`/*` of the static files) says nothing; its path is worth masking.
  if (plantilla !== undefined && !plantilla.includes('*')) return plantilla;
  return ocultarDatos(request.url);
}

export const serializadores = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: rutaParaRegistro(request),
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
