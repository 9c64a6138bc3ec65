// POST /api/gestion/solicitudes/:numero/propuesta  (mover) — four eyes (producto §15): propose a
// decision, confirm another's or discard one (gestion/propuestas.ts); who may do which, from which
// status, is the lifecycle chart's. Audit proponer_decision, confirmar_propuesta (the decision's
// move, with its e-mail) or descartar_propuesta, in the same transaction. Answers the fresh detail.
import type { FastifyPluginAsync } from 'fastify';
import type { DetalleSolicitud } from '../../../../domain/index.js';
import { DECISIONES, TIPOS_PROPUESTA, type PedidoPropuesta } from '../../../../domain/propuestas.js';
import { CLAVES_ESTADO, LARGO_MAXIMO_MOTIVO } from '../../../../domain/index.js';
import { respuestasDeError } from '../../../errores.js';
import { detalleSolicitud } from '../../expediente.js';
import { cambiarPropuesta } from '../../propuestas.js';
import { paramsNumero } from '../esquemas.js';
import { esquemaDetalle } from './esquemas.js';

const cuerpoPropuesta = {
  type: 'object',
  required: ['accion', 'desde', 'propuesta'],
  additionalProperties: false,
  properties: {
    accion: { type: 'string', enum: TIPOS_PROPUESTA },
    desde: { type: 'string', enum: CLAVES_ESTADO },
    // The proposal the page showed (its id), or null: none.
    propuesta: { type: ['string', 'null'], maxLength: 100 },
    decision: { type: 'string', enum: DECISIONES },
    // Its length and characters are checked after trimming, with a message (400 with `fields`).
    motivo: { type: 'string', maxLength: LARGO_MAXIMO_MOTIVO * 2 },
  },
} as const;

export const rutaPropuesta: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { numero: string }; Body: PedidoPropuesta }>('/solicitudes/:numero/propuesta', {
    preHandler: app.requiere('mover'),
    schema: {
      summary: 'Proponer, confirmar o descartar una decisión (doble control)',
      description:
        'PROPONER pide `decision` (APROBAR o RECHAZAR; rechazar, con `motivo`): un administrador propone lo que ' +
        'DOBLE_CONTROL pide confirmar; un revisor puede proponer aprobar. CONFIRMAR es de otro administrador que ' +
        'quien propuso (403 para quien propuso) y hace el movimiento con su correo. DESCARTAR pide `motivo`. ' +
        '`desde` y `propuesta` son el estado y la propuesta que mostraba la página: si cambiaron, responde 409 ' +
        'y no escribe nada. Proponer o confirmar una aprobación con documentos de VERIFICACION_REQUERIDA sin ' +
        'verificar en la fuente: 409 que los nombra.',
      tags: ['gestión'],
      params: paramsNumero,
      body: cuerpoPropuesta,
      response: { 200: esquemaDetalle, ...respuestasDeError },
    },
    handler: async (request): Promise<DetalleSolicitud> => {
      const sesion = request.sesion!;
      const { numero } = request.params;
      const ajuste = app.config.dobleControl;
      const requeridas = app.config.verificacionRequerida;
      await cambiarPropuesta(app.db, {
        numero,
        pedido: request.body,
        sesion,
        ip: request.ip,
        ajuste,
        requeridas,
      });
      return detalleSolicitud(app.db, numero, sesion, ajuste, requeridas);
    },
  });
};
