// POST /api/v2/solicitud/crear — validates with the form's own rules (domain/reglas.ts), then
// stores the application (solicitud/solicitudes.ts). 201 the first time, 200 with the same body
// when the same draft is sent again.
import type { FastifyPluginAsync } from 'fastify';
import { ValidationError } from 'yup';
import { camposConError, solicitudSchema, type Solicitud } from '../../../domain/index.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP, respuestasDeError } from '../../errores.js';
import { borradorDeLaCookie } from '../borradores.js';
import { cookieDelBorrador } from '../../archivos/rutas/cookie-borrador.js';
import { limitePorCliente } from '../../plugins/limites.js';
import { CLAVES } from '../../db/contadores.js';
import { limiteDelPadron } from './limite-del-padron.js';
import { crearSolicitud } from '../solicitudes.js';
import { lectorDeCatalogos } from '../../catalogos/referencias.js';
import { cuerpoCrear, solicitudCreada } from './esquemas.js';

export async function validarSolicitud(cuerpo: unknown): Promise<Solicitud> {
  try {
    return await solicitudSchema.validate(cuerpo, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof ValidationError) {
      throw new ErrorHttp(400, CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, camposConError(error));
    }
    // yup is pure: anything else it throws is about the shape of the body (the JSON schema
    // should have refused it first), never a fault of ours.
    throw new ErrorHttp(400, CODIGOS.VALIDACION, MENSAJES_HTTP.validacion);
  }
}

export const rutaCrear: FastifyPluginAsync = async (app) => {
  // It also answers whether a DNI + matrícula pair is in the padrón: each look-up spends the
  // budget of the DNI check, and only once the draft and its documents are known to be there.
  const presupuestoDelPadron = app.createRateLimit(limiteDelPadron(app.config));
  const catalogos = lectorDeCatalogos(app.catalogos, app.db);
  app.post('/solicitud/crear', {
    config: {
      registrar: true,
      rateLimit: limitePorCliente(CLAVES.envios, app.config.writeMaxPerHour, 3_600_000),
    },
    schema: {
      summary: 'Envía la solicitud de inscripción',
      description:
        'Requiere la cookie del borrador (la fijan las subidas de archivos) y que `adjuntos` nombre ' +
        'documentos de ese borrador, con todos los requeridos. Reenviar el mismo borrador devuelve 200 con ' +
        'la misma respuesta; con otros datos, 422.',
      tags: ['solicitud'],
      body: cuerpoCrear,
      response: { 200: solicitudCreada, 201: solicitudCreada, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const solicitud = await validarSolicitud(request.body);
      const borrador = await borradorDeLaCookie(app.db, cookieDelBorrador(request, app.config.production));
      const resultado = await crearSolicitud(app.db, catalogos, borrador, solicitud, async () => {
        const cuenta = await presupuestoDelPadron(request);
        if (!cuenta.isAllowed && cuenta.isExceeded) {
          reply.header('retry-after', String(cuenta.ttlInSeconds));
          throw new ErrorHttp(429, CODIGOS.DEMASIADOS_INTENTOS, MENSAJES_HTTP.demasiadosIntentos);
        }
      }, app.config.staffMail);
      return reply.code(resultado.estado).send(resultado.cuerpo);
    },
  });
};
