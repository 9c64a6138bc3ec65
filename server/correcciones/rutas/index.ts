// The applicant's correction link (producto §11), under /api/v2:
//   GET  /correcciones/:token           what to correct (CorreccionPendiente)
//   POST /correcciones/:token/archivos  replacements, multipart like /archivos/adjuntar
//   DELETE /correcciones/:token/archivos/:clave  "Quitar <label>": removes an uploaded replacement
//   GET  /correcciones/:token/documentos/:clave  "Ver el documento observado", inline
//   POST /correcciones/:token/enviar    "Enviar corrección"
// The token is the only credential: a malformed or unknown one answers 404, a used, expired or
// superseded one 410, both with "Este enlace ya fue usado o venció." — never 401/403, which the
// SPA's client answers by leaving the page. Nothing here may be cached or indexed (the address
// carries the token), errors included.
import type { FastifyPluginAsync } from 'fastify';
import { TEXTOS_SEGUIMIENTO } from '../../../domain/index.js';
import { respuestasDeError } from '../../errores.js';
import { correccionPendiente, correccionPorToken } from '../consulta.js';
import { enviarCorreccion } from '../envio.js';
import { documentoObservado } from '../observado.js';
import { guardarReemplazos, presupuestoDeReemplazos, quitarReemplazo } from '../reemplazos.js';
import { clienteDe, limitePorCliente } from '../../plugins/limites.js';
import { CLAVES } from '../../db/contadores.js';
import { rechazarSiEnorme } from '../../archivos/rutas/cortar.js';
import { MAXIMO_PETICION } from '../../archivos/rutas/index.js';
import { recibirOCortar } from '../../archivos/rutas/recepcion.js';
import { abierto } from '../../storage/abierto.js';

const HORA = 3_600_000;

interface ParamsToken {
  token: string;
}

// Any text up to a bound: the format (FORMATO_TOKEN) is checked by the service, so a malformed
// token gets the same 404 as an unknown one rather than a validation message.
const paramsToken = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

interface ParamsClave extends ParamsToken {
  clave: string;
}

// Any text: a key that was not observed answers 404 like an unknown link.
const paramsClave = {
  type: 'object',
  required: ['token', 'clave'],
  properties: { ...paramsToken.properties, clave: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const archivoDeDocumento = {
  type: ['object', 'null'],
  required: ['nombre', 'bytes'],
  properties: { nombre: { type: 'string' }, bytes: { type: 'integer' } },
} as const;

const correccionPendiente200 = {
  type: 'object',
  required: ['numeroSolicitud', 'motivo', 'plazo', 'documentos'],
  properties: {
    numeroSolicitud: { type: 'string' },
    motivo: { type: 'string' },
    plazo: { type: 'string', description: 'AAAA-MM-DD, el último día en que el enlace funciona.' },
    documentos: {
      type: 'array',
      items: {
        type: 'object',
        required: ['clave', 'etiqueta', 'reemplazo'],
        properties: {
          clave: { type: 'string' },
          etiqueta: { type: 'string' },
          reemplazo: archivoDeDocumento,
          observado: archivoDeDocumento,
        },
      },
    },
  },
} as const;

export const rutasCorrecciones: FastifyPluginAsync = async (app) => {
  const { config } = app;
  app.addHook('onRequest', (_request, reply, listo) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
    listo();
  });

  app.get<{ Params: ParamsToken }>('/correcciones/:token', {
    config: {
      rateLimit: limitePorCliente(CLAVES.correcciones, config.writeMaxPerHour, HORA),
    },
    schema: {
      summary: 'Qué corregir con un enlace de corrección',
      description:
        'El motivo, el plazo y solo los documentos observados, cada uno con el reemplazo ya subido por este ' +
        'enlace (o null). 404 si el enlace no existe; 410 si ya fue usado, venció o la solicitud ya no está ' +
        'observada (producto §11).',
      tags: ['seguimiento'],
      params: paramsToken,
      response: { 200: correccionPendiente200, ...respuestasDeError },
    },
    handler: async (request) =>
      correccionPendiente(app.db, await correccionPorToken(app.db, request.params.token)),
  });

  app.post<{ Params: ParamsToken }>('/correcciones/:token/archivos', {
    config: { registrar: true, rateLimit: limitePorCliente(CLAVES.subidas, config.writeMaxPerHour, HORA) },
    onRequest: rechazarSiEnorme(MAXIMO_PETICION),
    schema: {
      summary: 'Sube reemplazos de los documentos observados',
      description:
        'multipart/form-data con partes `file` llamadas `<documento>.<extensión>`, como /archivos/adjuntar ' +
        '(mismos tipos, 10 MiB por archivo, mismos mensajes), solo de documentos observados (otro: 400). ' +
        'Reemplazar un reemplazo lo sustituye. Responde los datos de la corrección con los reemplazos.',
      tags: ['seguimiento'],
      consumes: ['multipart/form-data'],
      params: paramsToken,
      response: { 200: correccionPendiente200, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const { token } = request.params;
      const cliente = clienteDe(request);
      const presupuesto = await presupuestoDeReemplazos(app.db, config, token, cliente);
      const recibidos = await recibirOCortar(request, reply, app.documentos, presupuesto);
      return guardarReemplazos(app, app.documentos, token, presupuesto.correccion, recibidos, cliente);
    },
  });

  app.delete<{ Params: ParamsClave }>('/correcciones/:token/archivos/:clave', {
    config: { registrar: true, rateLimit: limitePorCliente(CLAVES.subidas, config.writeMaxPerHour, HORA) },
    schema: {
      summary: 'Quita el reemplazo subido de un documento observado',
      description:
        'Borra el reemplazo ya subido por este enlace para el documento `clave` (y su archivo); sin reemplazo ' +
        'no cambia nada. Responde los datos de la corrección. 404 si el enlace no existe o el documento no fue ' +
        'observado; 410 si el enlace ya fue usado o venció.',
      tags: ['seguimiento'],
      params: paramsClave,
      response: { 200: correccionPendiente200, ...respuestasDeError },
    },
    handler: async (request) =>
      quitarReemplazo(app.db, app.documentos, request.params.token, request.params.clave),
  });

  app.get<{ Params: ParamsClave }>('/correcciones/:token/documentos/:clave', {
    config: { rateLimit: limitePorCliente(CLAVES.correcciones, config.writeMaxPerHour, HORA) },
    schema: {
      summary: 'El documento observado, como lo tiene la solicitud',
      description:
        'Los bytes del documento que la solicitud tiene hoy para `clave` (el que el personal observó), con el ' +
        'tipo guardado, para verlo en el navegador. 404 si el enlace no existe, el documento no fue observado ' +
        'o la solicitud no lo tiene; 410 si el enlace ya fue usado o venció.',
      tags: ['seguimiento'],
      params: paramsClave,
      response: {
        200: { description: 'Los bytes guardados, con el tipo guardado.', type: 'string', format: 'binary' },
        ...respuestasDeError,
      },
    },
    handler: async (request, reply) => {
      const documento = await documentoObservado(app.db, request.params.token, request.params.clave);
      const contenido = await abierto(app.documentos.abrir(documento.archivo));
      // The type stored at upload (judged by content), never guessed; shown as a document, not
      // as a page of this site (a hostile PDF or image runs no script in the app's origin).
      return reply
        .type(documento.mime)
        .header('content-length', String(documento.bytes))
        .header(
          'content-disposition',
          `inline; filename="${documento.nombre.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .send(contenido);
    },
  });

  app.post<{ Params: ParamsToken }>('/correcciones/:token/enviar', {
    config: { registrar: true, rateLimit: limitePorCliente(CLAVES.envios, config.writeMaxPerHour, HORA) },
    schema: {
      summary: 'Envía la corrección',
      description:
        'Con un reemplazo por cada documento observado (si falta alguno: 400 con `fields`), la solicitud pasa ' +
        'a Corregida, queda en su historial y en la auditoría, y se avisa al personal. El enlace queda usado: ' +
        'un segundo envío recibe 410 y no cambia nada.',
      tags: ['seguimiento'],
      params: paramsToken,
      response: {
        200: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
        ...respuestasDeError,
      },
    },
    handler: async (request) => {
      await enviarCorreccion(app.db, request.params.token, { ip: request.ip, personal: config.staffMail });
      return { message: TEXTOS_SEGUIMIENTO.correccionEnviada };
    },
  });
};
