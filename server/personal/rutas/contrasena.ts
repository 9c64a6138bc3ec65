// Choosing a password without a session (producto §16, decision 127), public and rate-limited per
// client address (anti-forgery as every POST):
//   POST /api/gestion/contrasena/olvido  {usuario}            → 202 {mensaje}: the same answer (and
//                                                              about the same time) whether or not
//                                                              the account exists
//   POST /api/gestion/contrasena/enlace  {token}              → 200 {usuario, nombre, tipo}, or 404 /
//                                                              410 with the link's own message
//   POST /api/gestion/contrasena         {token, contrasena}  → 204: the link is used, the
//                                                              account's sessions end
// The token reaches the page after `#` (/gestion/contrasena#<token>) and comes here in a POST body:
// it never sits in a URL a server or proxy logs.
import type { FastifyPluginAsync } from 'fastify';
import {
  esquemaOlvido,
  LARGO_MAXIMO_CONTRASENA_CUENTA,
  TEXTOS_CUENTAS,
  TIPOS_ENLACE,
} from '../../../domain/cuentas.js';
import { respuestasDeError } from '../../errores.js';
import { CLAVES } from '../../db/contadores.js';
import { limitePorCliente } from '../../plugins/limites.js';
import { validarCon } from '../cuentas.js';
import { consultarEnlace, pedirRestablecimiento, usarEnlace } from '../enlaces.js';

const QUINCE_MINUTOS = 15 * 60_000;
/** Each request may send an e-mail: a tight budget per address. */
const limiteOlvido = limitePorCliente(CLAVES.olvidoContrasena, 10, QUINCE_MINUTOS);
/** Reading and using links: a page opened, reloaded, a password or two refused by the rules. */
const limiteEnlace = limitePorCliente(CLAVES.enlaceContrasena, 30, QUINCE_MINUTOS);

const campoToken = { type: 'string', maxLength: 100 } as const;

export const rutasContrasena: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { usuario: string } }>('/contrasena/olvido', {
    config: { publica: true, registrar: true, rateLimit: limiteOlvido },
    schema: {
      summary: '¿Olvidaste tu contraseña? Envía un enlace de 1 h al correo de la cuenta, si existe',
      tags: ['gestión'],
      body: {
        type: 'object',
        required: ['usuario'],
        additionalProperties: false,
        properties: { usuario: { type: 'string', maxLength: 200 } },
      },
      response: {
        202: {
          type: 'object',
          required: ['mensaje'],
          additionalProperties: false,
          properties: { mensaje: { type: 'string' } },
        },
        ...respuestasDeError,
      },
    },
    handler: async (request, reply) => {
      validarCon(esquemaOlvido, request.body);
      await pedirRestablecimiento(app.db, request.body.usuario, request.ip);
      return reply.code(202).send({ mensaje: TEXTOS_CUENTAS.olvidoRespuesta });
    },
  });

  app.post<{ Body: { token: string } }>('/contrasena/enlace', {
    config: { publica: true, rateLimit: limiteEnlace },
    schema: {
      summary: 'De quién es un enlace para elegir la contraseña, si todavía sirve',
      tags: ['gestión'],
      body: {
        type: 'object',
        required: ['token'],
        additionalProperties: false,
        properties: { token: campoToken },
      },
      response: {
        200: {
          type: 'object',
          required: ['usuario', 'nombre', 'tipo'],
          additionalProperties: false,
          properties: {
            usuario: { type: 'string' },
            nombre: { type: 'string' },
            tipo: { type: 'string', enum: [...TIPOS_ENLACE] },
          },
        },
        ...respuestasDeError,
      },
    },
    handler: async (request) => consultarEnlace(app.db, request.body.token),
  });

  app.post<{ Body: { token: string; contrasena: string } }>('/contrasena', {
    config: { publica: true, registrar: true, rateLimit: limiteEnlace },
    schema: {
      summary: 'Elegir la contraseña con un enlace (lo usa y cierra las sesiones de la cuenta)',
      tags: ['gestión'],
      body: {
        type: 'object',
        required: ['token', 'contrasena'],
        additionalProperties: false,
        properties: {
          token: campoToken,
          contrasena: { type: 'string', maxLength: LARGO_MAXIMO_CONTRASENA_CUENTA },
        },
      },
      response: { 204: { type: 'null' }, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      await usarEnlace(app.db, request.body.token, request.body.contrasena, request.ip);
      return reply.code(204).send();
    },
  });
};
