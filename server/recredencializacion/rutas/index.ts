// The applicant's re-credentialing link (producto §17), under /api/v2:
//   POST /recredencializaciones/:token/borrador  opens the wizard's draft for it: copies of the
//        approved application's documents still valid, and its data and equipment to start from
// The new application is then sent as any other (uploads to /archivos/adjuntar and
// /solicitud/crear with the draft cookie this sets); its sending uses the link.
// The token is the only credential: unknown or malformed 404, used or expired 410, both "Este
// enlace ya fue usado o venció." — never 401/403, which the SPA's client answers by leaving the
// page. Nothing here may be cached or indexed (the address carries the token), errors included.
import type { FastifyPluginAsync } from 'fastify';
import type { BorradorDeRecredencializacion } from '../../../domain/recredencializacion.js';
import { cookieDelBorrador, ponerCookieDelBorrador } from '../../archivos/rutas/cookie-borrador.js';
import { CLAVES, leerVarias, sumarVarias } from '../../db/contadores.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP, respuestasDeError } from '../../errores.js';
import { clienteDe, limitePorCliente } from '../../plugins/limites.js';
import { borradorAbierto } from '../../solicitud/borradores.js';
import { cuerpoCrear } from '../../solicitud/rutas/esquemas.js';
import { espacioLibre } from '../../storage/espacio.js';
import { esDelEnlace, prepararBorrador } from '../borrador.js';
import { recredencializacionPorToken } from '../enlace.js';

const HORA = 3_600_000;

interface ParamsToken {
  token: string;
}

// Any text up to a bound: the format is checked by the service, so a malformed token gets the
// same 404 as an unknown one rather than a validation message.
const paramsToken = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

const documento = {
  type: 'object',
  required: ['clave', 'nombre'],
  additionalProperties: false,
  properties: { clave: { type: 'string' }, nombre: { type: 'string' } },
} as const;

const borrador200 = {
  type: 'object',
  required: [
    'numeroSolicitud',
    'vence',
    'datosSocio',
    'equipos',
    'adjuntos',
    'noAdjuntados',
    'enPadron',
    'reanudado',
  ],
  additionalProperties: false,
  properties: {
    numeroSolicitud: { type: 'string', description: 'La solicitud aprobada que se renueva.' },
    vence: { type: 'string', description: 'AAAA-MM-DD, el último día en que el enlace funciona.' },
    datosSocio: cuerpoCrear.properties.datosSocio,
    equipos: cuerpoCrear.properties.equipos,
    adjuntos: { type: 'array', items: documento },
    noAdjuntados: {
      type: 'array',
      items: {
        type: 'object',
        required: ['clave', 'vencio'],
        additionalProperties: false,
        properties: { clave: { type: 'string' }, vencio: { type: ['string', 'null'] } },
      },
    },
    enPadron: { type: 'boolean' },
    reanudado: { type: 'boolean' },
  },
} as const;

export const rutasRecredencializacion: FastifyPluginAsync = async (app) => {
  const { config } = app;
  app.addHook('onRequest', (_request, reply, listo) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
    listo();
  });

  app.post<{ Params: ParamsToken }>('/recredencializaciones/:token/borrador', {
    config: {
      registrar: true,
      rateLimit: limitePorCliente(CLAVES.recredencializaciones, config.writeMaxPerHour, HORA),
    },
    schema: {
      summary: 'Abre el borrador de una recredencialización',
      description:
        'Con el enlace de recredencialización (producto §17): crea un borrador con copias de los documentos ' +
        'de la solicitud aprobada cuya vigencia no pasó (los que no llevan vigencia también), fija la cookie ' +
        'del borrador y responde los datos, los equipos y los documentos para empezar el formulario. La ' +
        'solicitud nueva se envía con /solicitud/crear como cualquier otra. Si la cookie ya nombra el borrador ' +
        'de este enlace, no copia nada de nuevo (`reanudado`). 404 si el enlace no existe; 410 si ya se usó o venció.',
      tags: ['seguimiento'],
      params: paramsToken,
      response: { 200: borrador200, ...respuestasDeError },
    },
    handler: async (request, reply): Promise<BorradorDeRecredencializacion> => {
      const enlace = await recredencializacionPorToken(app.db, request.params.token);
      const abierto = await borradorAbierto(app.db, cookieDelBorrador(request, config.production));
      const cliente = clienteDe(request);
      const claveBorradores = CLAVES.borradores(cliente);
      // A new draft is one of the client's new drafts per hour, and needs room for the copies.
      if (!(await esDelEnlace(app.db, abierto, enlace))) {
        const cuenta = (await leerVarias(app.db, [claveBorradores])).get(claveBorradores)!;
        if (cuenta.valor >= config.draftsMaxPerHour) {
          throw new ErrorHttp(
            429,
            CODIGOS.CUOTA_EXCEDIDA,
            MENSAJES_HTTP.cuotaDeBorradores(config.draftsMaxPerHour),
          );
        }
        if ((await espacioLibre(config.dataDir)) < config.diskFreeMinBytes) {
          throw new ErrorHttp(507, CODIGOS.SIN_ESPACIO, MENSAJES_HTTP.sinEspacio);
        }
      }
      const { respuesta, cookie } = await prepararBorrador(
        app.db,
        app.documentos,
        enlace,
        abierto,
        request.log,
      );
      if (cookie) {
        ponerCookieDelBorrador(reply, cookie, {
          production: config.production,
          maxAgeHours: config.draftMaxAgeHours,
        });
        await sumarVarias(app, [{ clave: claveBorradores, cantidad: 1 }], HORA);
      }
      return respuesta;
    },
  });
};
