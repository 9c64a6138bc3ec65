// The staff session (producto §9):
//   POST   /api/gestion/sesion               sign in {usuario, contrasena, codigo?}
//   GET    /api/gestion/sesion               who is signed in (401 without a session)
//   DELETE /api/gestion/sesion               "Salir"
//   POST   /api/gestion/sesion/segundo-factor            a new TOTP secret and its QR code
//   POST   /api/gestion/sesion/segundo-factor/confirmar  {codigo}: the second factor is on
import type { FastifyPluginAsync } from 'fastify';
import { TEXTOS_GESTION } from '../../../../domain/index.js';
import { CODIGOS, ErrorHttp, respuestasDeError } from '../../../errores.js';
import { auditar } from '../../../servicios/auditoria.js';
import { ingresar } from '../../../servicios/ingreso.js';
import { enrolamiento, nuevoSecreto, pasoDelCodigo } from '../../../servicios/segundo-factor.js';
import { CLAVES } from '../../../servicios/contadores.js';
import { cerrarSesion, sesionVigente } from '../../../servicios/sesiones.js';
import { limitePorCliente } from '../../../plugins/limites.js';
import { tokenDeSesion } from '../../../plugins/sesion-personal.js';
import { esquemaCuenta } from '../esquemas.js';

interface CuerpoIngreso {
  usuario: string;
  contrasena: string;
  codigo?: string;
}

const RECHAZOS = {
  credenciales: () => new ErrorHttp(401, CODIGOS.CREDENCIALES, TEXTOS_GESTION.credencialesIncorrectas),
  bloqueada: () => new ErrorHttp(429, CODIGOS.CUENTA_BLOQUEADA, TEXTOS_GESTION.demasiadosIntentos),
  codigo_requerido: () => new ErrorHttp(401, CODIGOS.CODIGO_REQUERIDO, TEXTOS_GESTION.codigoRequerido),
  codigo_incorrecto: () => new ErrorHttp(401, CODIGOS.CODIGO_INCORRECTO, TEXTOS_GESTION.codigoIncorrecto),
} as const;

const cuentaDe = (s: { usuario: string; nombre: string; rol: string; segundoFactor: boolean }) => ({
  usuario: s.usuario,
  nombre: s.nombre,
  rol: s.rol,
  segundoFactor: s.segundoFactor,
});

export const rutasSesion: FastifyPluginAsync = async (app) => {
  app.post<{ Body: CuerpoIngreso }>('/sesion', {
    // Beyond the per-account lockout, one address may not try a thousand accounts either.
    config: { registrar: true, rateLimit: limitePorCliente(CLAVES.ingreso, 100, 15 * 60_000) },
    schema: {
      summary: 'Ingresar al área de gestión',
      tags: ['gestión'],
      body: {
        type: 'object',
        required: ['usuario', 'contrasena'],
        additionalProperties: false,
        properties: {
          usuario: { type: 'string', maxLength: 200 },
          contrasena: { type: 'string', maxLength: 1024 },
          codigo: { type: 'string', maxLength: 20 },
        },
      },
      response: { 200: esquemaCuenta, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const resultado = await ingresar(app.db, {
        ...request.body,
        ip: request.ip,
        sesionAnterior: tokenDeSesion(request),
      });
      if (resultado.tipo !== 'ok') {
        if (resultado.tipo === 'bloqueada') reply.header('retry-after', String(15 * 60));
        throw RECHAZOS[resultado.tipo]();
      }
      app.cookieDeSesion(reply, resultado.token);
      const sesion = await sesionVigente(app.db, resultado.token);
      return cuentaDe(sesion!);
    },
  });

  app.get('/sesion', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'La cuenta con sesión abierta',
      tags: ['gestión'],
      response: { 200: esquemaCuenta, ...respuestasDeError },
    },
    handler: async (request) => cuentaDe(request.sesion!),
  });

  app.delete('/sesion', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Salir',
      tags: ['gestión'],
      response: { 204: { type: 'null' }, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      await app.db.transaction().execute(async (trx) => {
        await cerrarSesion(trx, sesion.id);
        await auditar(trx, { usuario: sesion.usuario, ip: request.ip, accion: 'salida' });
      });
      app.cookieDeSesion(reply, null);
      return reply.code(204).send();
    },
  });

  app.post('/sesion/segundo-factor', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Empezar a activar el segundo factor (TOTP)',
      tags: ['gestión'],
      response: {
        200: {
          type: 'object',
          required: ['secreto', 'uri', 'qrSvg'],
          additionalProperties: false,
          properties: { secreto: { type: 'string' }, uri: { type: 'string' }, qrSvg: { type: 'string' } },
        },
        ...respuestasDeError,
      },
    },
    handler: async (request) => {
      const sesion = request.sesion!;
      const secreto = nuevoSecreto();
      await app.db
        .updateTable('personal')
        .set({ totp_pendiente: secreto })
        .where('id', '=', sesion.personalId)
        .execute();
      return enrolamiento(secreto, sesion.usuario);
    },
  });

  app.post<{ Body: { codigo: string } }>('/sesion/segundo-factor/confirmar', {
    preHandler: app.requiere('leer'),
    config: { rateLimit: limitePorCliente(CLAVES.segundoFactor, 30, 15 * 60_000) },
    schema: {
      summary: 'Confirmar el segundo factor con un código',
      tags: ['gestión'],
      body: {
        type: 'object',
        required: ['codigo'],
        additionalProperties: false,
        properties: { codigo: { type: 'string', maxLength: 20 } },
      },
      response: { 200: esquemaCuenta, ...respuestasDeError },
    },
    handler: async (request) => {
      const sesion = request.sesion!;
      const cuenta = await app.db
        .selectFrom('personal')
        .select(['totp_pendiente'])
        .where('id', '=', sesion.personalId)
        .executeTakeFirstOrThrow();
      const paso = cuenta.totp_pendiente
        ? pasoDelCodigo(cuenta.totp_pendiente, sesion.usuario, request.body.codigo.trim(), null)
        : null;
      if (paso === null || !cuenta.totp_pendiente) {
        throw new ErrorHttp(400, CODIGOS.CODIGO_INCORRECTO, TEXTOS_GESTION.codigoIncorrecto, {
          codigo: TEXTOS_GESTION.codigoIncorrecto,
        });
      }
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('personal')
          .set({ totp_secreto: cuenta.totp_pendiente, totp_pendiente: null, totp_ultimo_paso: paso })
          .where('id', '=', sesion.personalId)
          .execute();
        await auditar(trx, { usuario: sesion.usuario, ip: request.ip, accion: 'segundo_factor' });
      });
      return { ...cuentaDe(sesion), segundoFactor: true };
    },
  });
};
