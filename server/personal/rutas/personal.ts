// Staff accounts in the back-office (administrarPersonal, producto §9):
//   GET  /api/gestion/personal                  the accounts, active and disabled
//   POST /api/gestion/personal/:usuario/baja    disables one (204); its sessions end at once
// Accounts are created only by the operator's command (npm run personal -- alta).
import type { FastifyPluginAsync } from 'fastify';
import { CODIGOS, ErrorHttp, respuestasDeError } from '../../errores.js';
import { bajaPersonal, listaPersonal, normalizarUsuario } from '../cuentas.js';

export const TEXTOS_PERSONAL = {
  bajaPropia: 'No podés dar de baja tu propia cuenta. Pedíselo a otro administrador.',
  cuentaInexistente: 'No hay una cuenta activa con ese usuario.',
} as const;

const esquemaFilaPersonal = {
  type: 'object',
  required: ['usuario', 'nombre', 'rol', 'segundoFactor', 'activo', 'creadoEn', 'bajaEn'],
  additionalProperties: false,
  properties: {
    usuario: { type: 'string' },
    nombre: { type: 'string' },
    rol: { type: 'string', enum: ['revisor', 'administrador'] },
    segundoFactor: { type: 'boolean' },
    activo: { type: 'boolean' },
    creadoEn: { type: 'string' },
    bajaEn: { type: ['string', 'null'] },
  },
} as const;

export const rutasPersonal: FastifyPluginAsync = async (app) => {
  app.get('/personal', {
    preHandler: app.requiere('administrarPersonal'),
    schema: {
      summary: 'Las cuentas del personal',
      tags: ['gestión'],
      response: { 200: { type: 'array', items: esquemaFilaPersonal }, ...respuestasDeError },
    },
    handler: async () => listaPersonal(app.db),
  });

  app.post<{ Params: { usuario: string } }>('/personal/:usuario/baja', {
    preHandler: app.requiere('administrarPersonal'),
    config: { registrar: true },
    schema: {
      summary: 'Dar de baja una cuenta',
      tags: ['gestión'],
      params: {
        type: 'object',
        required: ['usuario'],
        properties: { usuario: { type: 'string', minLength: 1, maxLength: 64 } },
      },
      response: { 204: { type: 'null' }, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      const usuario = normalizarUsuario(request.params.usuario);
      // An administrador cannot lock themself out (nor leave the office without one by mistake).
      if (usuario === sesion.usuario) throw new ErrorHttp(409, CODIGOS.CONFLICTO, TEXTOS_PERSONAL.bajaPropia);
      const hecha = await bajaPersonal(app.db, usuario, { usuario: sesion.usuario, ip: request.ip });
      if (!hecha) throw new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, TEXTOS_PERSONAL.cuentaInexistente);
      return reply.code(204).send();
    },
  });
};
