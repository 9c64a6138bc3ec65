// The staff session (producto §9):
//   POST   /api/gestion/sesion               sign in {usuario, contrasena, codigo?}; `codigo` is the
//                                             app's 6 digits or a recovery code (producto §16)
//   GET    /api/gestion/sesion               who is signed in (401 without a session)
//   DELETE /api/gestion/sesion               "Salir"
//   POST   /api/gestion/sesion/segundo-factor            {contrasena}: a new TOTP secret and its QR code
//                                                        (409 when the account has one: a stolen session
//                                                        must not replace it; the operator removes a lost
//                                                        one with `npm run personal -- quitar-segundo-factor`)
//   POST   /api/gestion/sesion/segundo-factor/confirmar  {codigo}: the second factor is on
//
// The password is asked again when enrolment starts, not at the confirmation: the secret is made
// only for someone who proved it, and the pending secret is bound to that proof (this session,
// for VIGENCIA_PENDIENTE_MS), so a stolen session can neither make a factor of its own nor turn on
// one it did not start. A wrong password counts toward the sign-in lockout (personal/ingreso.ts).
import type { FastifyPluginAsync } from 'fastify';
import {
  LARGO_MAXIMO_CODIGO,
  LARGO_MAXIMO_CONTRASENA,
  LARGO_MAXIMO_USUARIO,
} from '../../../domain/formularios.js';
import { TEXTOS_GESTION } from '../../../domain/index.js';
import { TEXTOS_CUENTAS } from '../../../domain/cuentas.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP, respuestasDeError } from '../../errores.js';
import { auditar } from '../../auditoria/cadena.js';
import { prepararContrasenas } from '../contrasenas.js';
import { confirmarContrasena, ingresar } from '../ingreso.js';
import {
  VIGENCIA_PENDIENTE_MS,
  enrolamiento,
  guardarPendiente,
  leerPendiente,
  nuevoSecreto,
  pasoDelCodigo,
} from '../segundo-factor.js';
import { CLAVES } from '../../db/contadores.js';
import { cerrarSesion } from '../sesiones.js';
import { limitePorCliente } from '../../plugins/limites.js';
import { tokenDeSesion } from '../../plugins/sesion-personal.js';
import { esquemaCuenta } from '../../gestion/rutas/esquemas.js';

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
  // Its own words, on the field: the person tries another code of the list instead of the same one.
  codigo_recuperacion_usado: () =>
    new ErrorHttp(401, CODIGOS.CODIGO_INCORRECTO, TEXTOS_CUENTAS.codigoRecuperacionUsado, {
      codigo: TEXTOS_CUENTAS.codigoRecuperacionUsado,
    }),
} as const;

const cuentaDe = (s: { usuario: string; nombre: string; rol: string; segundoFactor: boolean }) => ({
  usuario: s.usuario,
  nombre: s.nombre,
  rol: s.rol,
  segundoFactor: s.segundoFactor,
});

const YA_TIENE_SEGUNDO_FACTOR = 'Tu cuenta ya tiene el segundo factor activado.';

/** The re-authentication's refusals, on the field the password was typed in. */
const RECHAZOS_CONTRASENA = {
  credenciales: () =>
    new ErrorHttp(400, CODIGOS.CREDENCIALES, MENSAJES_HTTP.contrasenaIncorrecta, {
      contrasena: MENSAJES_HTTP.contrasenaIncorrecta,
    }),
  bloqueada: () =>
    new ErrorHttp(429, CODIGOS.CUENTA_BLOQUEADA, TEXTOS_GESTION.demasiadosIntentos, {
      contrasena: TEXTOS_GESTION.demasiadosIntentos,
    }),
} as const;

const codigoIncorrecto = () =>
  new ErrorHttp(400, CODIGOS.CODIGO_INCORRECTO, TEXTOS_GESTION.codigoIncorrecto, {
    codigo: TEXTOS_GESTION.codigoIncorrecto,
  });

export const rutasSesion: FastifyPluginAsync = async (app) => {
  // The dummy hash an unknown user is checked against, made before the first request.
  app.addHook('onReady', prepararContrasenas);

  app.post<{ Body: CuerpoIngreso }>('/sesion', {
    // Beyond the per-account lockout, one address may not try a thousand accounts either.
    config: { publica: true, registrar: true, rateLimit: limitePorCliente(CLAVES.ingreso, 100, 15 * 60_000) },
    schema: {
      summary: 'Ingresar al área de gestión',
      tags: ['gestión'],
      body: {
        type: 'object',
        required: ['usuario', 'contrasena'],
        additionalProperties: false,
        properties: {
          // The sign-in form's limits (domain/formularios.ts).
          usuario: { type: 'string', maxLength: LARGO_MAXIMO_USUARIO },
          contrasena: { type: 'string', maxLength: LARGO_MAXIMO_CONTRASENA },
          codigo: { type: 'string', maxLength: LARGO_MAXIMO_CODIGO },
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
      return resultado.cuenta;
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

  app.post<{ Body: { contrasena: string } }>('/sesion/segundo-factor', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Empezar a activar el segundo factor (TOTP), con la contraseña de la cuenta',
      tags: ['gestión'],
      body: {
        type: 'object',
        required: ['contrasena'],
        additionalProperties: false,
        properties: { contrasena: { type: 'string', minLength: 1, maxLength: LARGO_MAXIMO_CONTRASENA } },
      },
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
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      const ahora = Date.now();
      const prueba = await confirmarContrasena(app.db, {
        personalId: sesion.personalId,
        contrasena: request.body.contrasena,
        ip: request.ip,
        para: 'segundo_factor',
      });
      if (prueba !== 'ok') {
        if (prueba === 'bloqueada') reply.header('retry-after', String(15 * 60));
        throw RECHAZOS_CONTRASENA[prueba]();
      }
      const secreto = nuevoSecreto();
      const pendiente = guardarPendiente({
        secreto,
        sesionId: sesion.id,
        hastaMs: ahora + VIGENCIA_PENDIENTE_MS,
      });
      const r = await app.db
        .updateTable('personal')
        .set({ totp_pendiente: pendiente })
        .where('id', '=', sesion.personalId)
        .where('totp_secreto', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0)
        throw new ErrorHttp(409, CODIGOS.CONFLICTO, YA_TIENE_SEGUNDO_FACTOR);
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
        properties: { codigo: { type: 'string', maxLength: LARGO_MAXIMO_CODIGO } },
      },
      response: { 200: esquemaCuenta, ...respuestasDeError },
    },
    handler: async (request) => {
      const sesion = request.sesion!;
      const cuenta = await app.db
        .selectFrom('personal')
        .select(['totp_pendiente', 'totp_secreto'])
        .where('id', '=', sesion.personalId)
        .executeTakeFirstOrThrow();
      if (cuenta.totp_secreto !== null) throw new ErrorHttp(409, CODIGOS.CONFLICTO, YA_TIENE_SEGUNDO_FACTOR);
      const guardado = cuenta.totp_pendiente;
      if (guardado === null) throw codigoIncorrecto();
      const pendiente = leerPendiente(guardado);
      // Made by another session, before the password was asked, or too long ago: start again.
      if (!pendiente || pendiente.sesionId !== sesion.id || pendiente.hastaMs <= Date.now())
        throw new ErrorHttp(409, CODIGOS.CONFLICTO, MENSAJES_HTTP.activacionVencida);
      const paso = pasoDelCodigo(
        pendiente.secreto,
        sesion.usuario,
        request.body.codigo.replace(/\s/g, ''),
        null,
      );
      if (paso === null) throw codigoIncorrecto();
      const activado = await app.db.transaction().execute(async (trx) => {
        // Conditional: the secret confirmed is the one this code belongs to, and none is on yet.
        const r = await trx
          .updateTable('personal')
          .set({ totp_secreto: pendiente.secreto, totp_pendiente: null, totp_ultimo_paso: paso })
          .where('id', '=', sesion.personalId)
          .where('totp_pendiente', '=', guardado)
          .where('totp_secreto', 'is', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        await auditar(trx, {
          usuario: sesion.usuario,
          ip: request.ip,
          accion: 'segundo_factor',
          objeto: sesion.usuario,
        });
        return true;
      });
      if (!activado) throw codigoIncorrecto();
      return { ...cuentaDe(sesion), segundoFactor: true };
    },
  });
};
