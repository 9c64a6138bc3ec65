// PUT /api/gestion/solicitudes/:numero/datos  (datosPersonales) — rectifies one field of a sent
// application (producto §13): the form's rules on the whole record, the padrón for DNI and
// matrícula, Historial keeps the old and new value, who and why; audit rectificar_dato with the
// field's name only (datos-personales/rectificacion.ts).
import type { FastifyPluginAsync } from 'fastify';
import {
  CAMPOS_RECTIFICABLES,
  LARGO_MAXIMO_MOTIVO_DATOS,
  type PedidoRectificacion,
  type RectificacionHecha,
} from '../../../../domain/index.js';
import { respuestasDeError } from '../../../errores.js';
import { rectificar } from '../../../datos-personales/rectificacion.js';
import { lectorDeCatalogos } from '../../../catalogos/referencias.js';
import { paramsNumero } from '../esquemas.js';

/** The field's own rules (with a Spanish message each) are the handler's; these keep an absurd body out. */
const cuerpoRectificacion = {
  type: 'object',
  required: ['campo', 'valor', 'motivo'],
  additionalProperties: false,
  properties: {
    campo: { type: 'string', enum: Object.keys(CAMPOS_RECTIFICABLES) },
    valor: { type: 'string', maxLength: 300 },
    motivo: { type: 'string', maxLength: LARGO_MAXIMO_MOTIVO_DATOS * 2 },
  },
} as const;

const esquemaRectificacion = {
  type: 'object',
  required: ['campo', 'anterior', 'nuevo'],
  additionalProperties: false,
  properties: {
    campo: { type: 'string' },
    anterior: { type: ['string', 'null'] },
    nuevo: { type: ['string', 'null'] },
  },
} as const;

export const rutaDatos: FastifyPluginAsync = async (app) => {
  app.put<{ Params: { numero: string }; Body: PedidoRectificacion }>('/solicitudes/:numero/datos', {
    preHandler: app.requiere('datosPersonales'),
    schema: {
      summary: 'Rectificar un dato personal de una solicitud',
      description:
        "`valor` como lo escribiría el formulario ('' vacía un dato opcional; la fecha de nacimiento, " +
        'DD/MM/AAAA o AAAA-MM-DD). Domicilio, condición ante el IVA y forma de pago llevan JSON: ' +
        '`{"codigoLocalidad": n, "nombreCalle": "…"}`, `{"codigoCondicionIVA": n}` y ' +
        '`{"formaPago": "…", "tipoTarjetaCredito": …|null, "nroCajaAhorro": …|null}`; localidad, calle y ' +
        'condición se comprueban contra los catálogos como al enviar. Se valida con las reglas del formulario sobre todos los datos; DNI y ' +
        'matrícula, además, contra el padrón. 400 con el mensaje en `fields[campo]` o `fields.motivo`; ' +
        '409 si los datos ya fueron suprimidos. El historial guarda el valor anterior y el nuevo; la ' +
        'auditoría, solo el nombre del dato.',
      tags: ['gestión'],
      params: paramsNumero,
      body: cuerpoRectificacion,
      response: { 200: esquemaRectificacion, ...respuestasDeError },
    },
    handler: async (request): Promise<RectificacionHecha> =>
      rectificar(app.db, lectorDeCatalogos(app.catalogos, app.db), request.params.numero, request.body, {
        sesion: request.sesion!,
        ip: request.ip,
      }),
  });
};
