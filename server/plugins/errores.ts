// One error handler: every failure becomes {error, message, fields?} in Spanish. A 5xx is logged
// (without request data) and answered with a generic message: no stack, no SQL.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MENSAJES } from '../../domain/index.js';
import { baseNoDisponible } from '../db/disponibilidad.js';
import { CODIGOS, ErrorDeDominio, ErrorHttp, MENSAJES_HTTP, comoRespuesta } from '../errores.js';

interface ErrorAjv {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** `/equipos/0/marca` → `equipos[0].marca`, the path style of yup (and of the form). */
function rutaDeCampo(e: ErrorAjv): string {
  const partes = e.instancePath.split('/').filter(Boolean);
  if (e.keyword === 'required' && typeof e.params.missingProperty === 'string')
    partes.push(e.params.missingProperty);
  if (e.keyword === 'additionalProperties' && typeof e.params.additionalProperty === 'string')
    partes.push(e.params.additionalProperty);
  return partes.reduce((ruta, p) => (/^\d+$/.test(p) ? `${ruta}[${p}]` : ruta ? `${ruta}.${p}` : p), '');
}

function mensajeDe(e: ErrorAjv): string {
  if (e.keyword === 'required') return MENSAJES.requerido;
  if (e.keyword === 'maxLength' || e.keyword === 'maxItems') return 'Valor demasiado largo.';
  if (e.keyword === 'additionalProperties') return 'Campo no admitido.';
  return 'Valor inválido.';
}

function traducirValidacion(errores: ErrorAjv[], contexto: string | undefined): ErrorHttp {
  // A Map, not an object: a field may be called "constructor" or "toString".
  const fields = new Map<string, string>();
  for (const e of errores) {
    const ruta = rutaDeCampo(e) || contexto || 'solicitud';
    if (!fields.has(ruta)) fields.set(ruta, mensajeDe(e));
  }
  return new ErrorHttp(400, CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, Object.fromEntries(fields));
}

const POR_CODIGO: Record<string, () => ErrorHttp> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new ErrorHttp(415, CODIGOS.VALIDACION, MENSAJES_HTTP.tipoDeContenido),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new ErrorHttp(413, CODIGOS.VALIDACION, MENSAJES_HTTP.cuerpoGrande),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new ErrorHttp(400, CODIGOS.VALIDACION, MENSAJES_HTTP.jsonInvalido),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new ErrorHttp(400, CODIGOS.VALIDACION, MENSAJES_HTTP.jsonInvalido),
  FST_REQ_FILE_TOO_LARGE: () =>
    new ErrorHttp(413, CODIGOS.ARCHIVO_DEMASIADO_GRANDE, MENSAJES_HTTP.archivoGrande('enviado')),
  FST_FILES_LIMIT: () =>
    new ErrorHttp(413, CODIGOS.ARCHIVO_DEMASIADO_GRANDE, MENSAJES_HTTP.demasiadosArchivos),
  FST_PARTS_LIMIT: () =>
    new ErrorHttp(413, CODIGOS.ARCHIVO_DEMASIADO_GRANDE, MENSAJES_HTTP.demasiadosArchivos),
  FST_FIELDS_LIMIT: () => new ErrorHttp(413, CODIGOS.ARCHIVO_INVALIDO, MENSAJES_HTTP.campoInesperado),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new ErrorHttp(415, CODIGOS.ARCHIVO_INVALIDO, MENSAJES_HTTP.noMultipart),
  FST_PROTO_VIOLATION: () => new ErrorHttp(400, CODIGOS.ARCHIVO_INVALIDO, MENSAJES_HTTP.campoInesperado),
};

const GENERICOS: Record<number, () => ErrorHttp> = {
  404: () => new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, MENSAJES_HTTP.noEncontrado),
  408: () => new ErrorHttp(408, CODIGOS.TIEMPO_AGOTADO, MENSAJES_HTTP.tiempoAgotado),
  413: () => new ErrorHttp(413, CODIGOS.VALIDACION, MENSAJES_HTTP.cuerpoGrande),
  415: () => new ErrorHttp(415, CODIGOS.VALIDACION, MENSAJES_HTTP.tipoDeContenido),
  429: () => new ErrorHttp(429, CODIGOS.DEMASIADOS_INTENTOS, MENSAJES_HTTP.demasiadosIntentos),
};

export function comoErrorHttp(error: FastifyError | Error): ErrorHttp {
  if (error instanceof ErrorHttp) return error;
  if (error instanceof ErrorDeDominio) return comoRespuesta(error);
  const e = error as FastifyError & { validation?: ErrorAjv[]; validationContext?: string };
  if (Array.isArray(e.validation)) return traducirValidacion(e.validation, e.validationContext);
  const porCodigo = e.code ? POR_CODIGO[e.code] : undefined;
  if (porCodigo) return porCodigo();
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    return (
      GENERICOS[status] ?? (() => new ErrorHttp(status, CODIGOS.VALIDACION, MENSAJES_HTTP.validacion))
    )();
  }
  if (status === 503 || baseNoDisponible(error))
    return new ErrorHttp(503, CODIGOS.NO_DISPONIBLE, MENSAJES_HTTP.noDisponible);
  return new ErrorHttp(500, CODIGOS.ERROR_INTERNO, MENSAJES_HTTP.interno);
}

const SEGUNDOS_REINTENTO = 5;

export const errores = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const http = comoErrorHttp(error);
      if (http.statusCode >= 500) request.log.error({ err: error }, 'error al atender la petición');
      else request.log.debug({ status: http.statusCode, codigo: http.codigo }, 'petición rechazada');
      if (http.statusCode === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
      // The database or disk is away: the pool reconnects (SQLite retries) by itself, so say when
      // to try again.
      if (http.statusCode === 503) reply.header('retry-after', String(SEGUNDOS_REINTENTO));
      return reply.code(http.statusCode).type('application/json; charset=utf-8').send(http.cuerpo());
    });
  },
  { name: 'errores', fastify: '5.x' },
);
