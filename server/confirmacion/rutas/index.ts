// The provider's re-attestation link (producto §17), under /api/v2:
//   GET    /confirmaciones/:token                  the page's data (ConfirmacionPendiente)
//   POST   /confirmaciones/:token/correctos        "Mis datos siguen siendo correctos"
//   POST   /confirmaciones/:token/archivos         a document's new file, multipart like /archivos/adjuntar
//   DELETE /confirmaciones/:token/archivos/:clave  "Quitar <label>": removes it again
//   POST   /confirmaciones/:token/cambios          "Enviar cambios": the chosen fields and documents
// The token is the only credential: a malformed or unknown one answers 404, an answered or expired
// one 410, both with "Este enlace ya fue usado o venció." — never 401/403, which the SPA's client
// answers by leaving the page. The page shows the provider's data: nothing here may be cached or
// indexed (the address carries the token), errors included. Reads and answers are rate-limited per
// client on a count of their own; uploads and the sending spend step 2's and crear's.
import type { FastifyPluginAsync } from 'fastify';
import {
  CAMPOS_ACTUALIZABLES,
  TEXTOS_CONFIRMACION,
  type ConfirmacionPendiente,
  type PedidoCambios,
} from '../../../domain/confirmacion.js';
import { DOCUMENTO_KEYS } from '../../../domain/index.js';
import { respuestasDeError } from '../../errores.js';
import { clienteDe, limitePorCliente } from '../../plugins/limites.js';
import { CLAVES } from '../../db/contadores.js';
import { rechazarSiEnorme } from '../../archivos/rutas/cortar.js';
import { MAXIMO_PETICION } from '../../archivos/rutas/index.js';
import { recibirOCortar } from '../../archivos/rutas/recepcion.js';
import { lectorDeCatalogos } from '../../catalogos/referencias.js';
import { cuerpoCrear } from '../../solicitud/rutas/esquemas.js';
import { confirmacionPendiente, confirmacionPorToken } from '../consulta.js';
import { enviarCambios } from '../cambios.js';
import { guardarSubidas, presupuestoDeSubida, quitarSubida } from '../reemplazos.js';
import { confirmarDatos } from '../respuesta.js';

const HORA = 3_600_000;

interface ParamsToken {
  token: string;
}
interface ParamsClave extends ParamsToken {
  clave: string;
}

// Any text up to a bound: the format is checked by the service, so a malformed token gets the
// same 404 as an unknown one rather than a validation message.
const paramsToken = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;
const paramsClave = {
  type: 'object',
  required: ['token', 'clave'],
  properties: { ...paramsToken.properties, clave: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const archivo = {
  type: ['object', 'null'],
  required: ['nombre', 'bytes'],
  properties: { nombre: { type: 'string' }, bytes: { type: 'integer' } },
} as const;

const confirmacionPendiente200 = {
  type: 'object',
  required: ['numeroSolicitud', 'plazo', 'datos', 'documentos', 'campos', 'registro'],
  properties: {
    numeroSolicitud: { type: 'string' },
    plazo: { type: 'string', description: 'AAAA-MM-DD, el último día en que el enlace funciona.' },
    datos: {
      type: 'array',
      items: {
        type: 'object',
        required: ['campo', 'etiqueta', 'valor'],
        properties: { campo: { type: 'string' }, etiqueta: { type: 'string' }, valor: { type: 'string' } },
      },
    },
    documentos: {
      type: 'array',
      items: {
        type: 'object',
        required: ['clave', 'etiqueta', 'vigenteHasta', 'reemplazo'],
        properties: {
          clave: { type: 'string' },
          etiqueta: { type: 'string' },
          vigenteHasta: { type: ['string', 'null'] },
          reemplazo: archivo,
        },
      },
    },
    campos: {
      type: 'array',
      items: {
        type: 'object',
        required: ['campo', 'etiqueta', 'valor'],
        properties: {
          campo: { type: 'string', enum: CAMPOS_ACTUALIZABLES },
          etiqueta: { type: 'string' },
          valor: { type: 'string' },
        },
      },
    },
    registro: cuerpoCrear.properties.datosSocio,
  },
} as const;

const cuerpoCambios = {
  type: 'object',
  required: ['campos', 'documentos'],
  additionalProperties: false,
  properties: {
    campos: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(
        CAMPOS_ACTUALIZABLES.map((c) => [c, { type: 'string', maxLength: 2000 }]),
      ),
    },
    documentos: {
      type: 'array',
      maxItems: DOCUMENTO_KEYS.length,
      items: { type: 'string', enum: DOCUMENTO_KEYS },
    },
  },
} as const;

const mensaje200 = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

export const rutasConfirmacion: FastifyPluginAsync = async (app) => {
  const { config } = app;
  app.addHook('onRequest', (_request, reply, listo) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
    listo();
  });
  const lecturas = limitePorCliente(CLAVES.confirmaciones, config.writeMaxPerHour, HORA);

  app.get<{ Params: ParamsToken }>('/confirmaciones/:token', {
    config: { rateLimit: lecturas },
    schema: {
      summary: 'Los datos del prestador para su confirmación anual',
      description:
        'Los datos de la solicitud aprobada, solo para leer; sus documentos con la vigencia registrada y el ' +
        'archivo nuevo ya subido por este enlace (o null); y los datos que se pueden cambiar con su valor ' +
        'actual. 404 si el enlace no existe; 410 si ya fue respondido o venció (producto §17).',
      tags: ['seguimiento'],
      params: paramsToken,
      response: { 200: confirmacionPendiente200, ...respuestasDeError },
    },
    handler: async (request): Promise<ConfirmacionPendiente> =>
      confirmacionPendiente(app.db, await confirmacionPorToken(app.db, request.params.token)),
  });

  app.post<{ Params: ParamsToken }>('/confirmaciones/:token/correctos', {
    config: { registrar: true, rateLimit: lecturas },
    schema: {
      summary: 'Mis datos siguen siendo correctos',
      description:
        'Registra la respuesta y la auditoría; el enlace queda usado: un segundo envío recibe 410 y no cambia nada.',
      tags: ['seguimiento'],
      params: paramsToken,
      response: { 200: mensaje200, ...respuestasDeError },
    },
    handler: async (request) => {
      await confirmarDatos(app.db, app.documentos, request.params.token, { ip: request.ip });
      return { message: TEXTOS_CONFIRMACION.confirmados };
    },
  });

  app.post<{ Params: ParamsToken }>('/confirmaciones/:token/archivos', {
    config: { registrar: true, rateLimit: limitePorCliente(CLAVES.subidas, config.writeMaxPerHour, HORA) },
    onRequest: rechazarSiEnorme(MAXIMO_PETICION),
    schema: {
      summary: 'Sube el archivo nuevo de un documento',
      description:
        'multipart/form-data con partes `file` llamadas `<documento>.<extensión>`, como /archivos/adjuntar ' +
        '(mismos tipos, 10 MiB por archivo, mismos mensajes), solo de documentos de la solicitud (otro: 400). ' +
        'Volver a subir uno lo sustituye. Responde los datos del enlace con los archivos subidos.',
      tags: ['seguimiento'],
      consumes: ['multipart/form-data'],
      params: paramsToken,
      response: { 200: confirmacionPendiente200, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const { token } = request.params;
      const cliente = clienteDe(request);
      const presupuesto = await presupuestoDeSubida(app.db, config, token, cliente);
      const recibidos = await recibirOCortar(request, reply, app.documentos, presupuesto);
      return guardarSubidas(app, app.documentos, token, presupuesto.confirmacion, recibidos, cliente);
    },
  });

  app.delete<{ Params: ParamsClave }>('/confirmaciones/:token/archivos/:clave', {
    config: { registrar: true, rateLimit: limitePorCliente(CLAVES.subidas, config.writeMaxPerHour, HORA) },
    schema: {
      summary: 'Quita el archivo nuevo subido de un documento',
      description:
        'Borra el archivo subido por este enlace para el documento `clave`; sin archivo no cambia nada. ' +
        'Responde los datos del enlace. 404 si el enlace no existe; 410 si ya fue respondido o venció.',
      tags: ['seguimiento'],
      params: paramsClave,
      response: { 200: confirmacionPendiente200, ...respuestasDeError },
    },
    handler: async (request) =>
      quitarSubida(app.db, app.documentos, request.params.token, request.params.clave),
  });

  app.post<{ Params: ParamsToken; Body: PedidoCambios }>('/confirmaciones/:token/cambios', {
    config: { registrar: true, rateLimit: limitePorCliente(CLAVES.envios, config.writeMaxPerHour, HORA) },
    schema: {
      summary: 'Envía los cambios de datos y documentos',
      description:
        'Los datos elegidos con su valor nuevo (como en "Rectificar un dato": texto, o JSON para domicilio, ' +
        'condición ante el IVA y forma de pago) y los documentos elegidos, cada uno con su archivo ya subido. ' +
        'Con las reglas del formulario (400 con `fields`), la solicitud pasa de Aprobada a Corregida, con los ' +
        'cambios en su historial, una versión nueva del comprobante, el correo al prestador y el aviso al ' +
        'personal. El enlace queda usado: un segundo envío recibe 410 y no cambia nada.',
      tags: ['seguimiento'],
      params: paramsToken,
      body: cuerpoCambios,
      response: { 200: mensaje200, ...respuestasDeError },
    },
    handler: async (request) => {
      await enviarCambios(
        app.db,
        lectorDeCatalogos(app.catalogos, app.db),
        request.params.token,
        request.body,
        {
          ip: request.ip,
          personal: config.staffMail,
        },
      );
      return { message: TEXTOS_CONFIRMACION.cambiosEnviados };
    },
  });
};
