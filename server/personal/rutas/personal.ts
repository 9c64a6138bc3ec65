// Staff accounts in the back-office (administrarPersonal, producto §16, decision 127):
//   GET  /api/gestion/personal                                  the accounts, active and disabled
//   POST /api/gestion/personal                {usuario, nombre, correo, rol} → 201 the row; its 24 h
//                                                                link goes out through the outbox
//   PUT  /api/gestion/personal/:usuario/correo              {correo} → the row
//   POST /api/gestion/personal/:usuario/rol                 {rol, contrasena} → the row
//   POST /api/gestion/personal/:usuario/baja                → 204; its sessions end at once
//   POST /api/gestion/personal/:usuario/reactivar           → the row
//   POST /api/gestion/personal/:usuario/segundo-factor/quitar  {contrasena} → the row
//   POST /api/gestion/personal/:usuario/enlace              → 204: a new 24 h link, the older withdrawn
//
// Changing a role and removing someone's second factor ask for the administrador's OWN password
// again (`confirmarContrasena`, personal/ingreso.ts): counted toward their sign-in lockout and
// audited like a sign-in. The last active administrador can be neither disabled nor demoted (409).
// Bodies are judged by the forms' own rules (domain/cuentas.ts) in the services.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  esquemaCambioRol,
  esquemaConfirmarContrasena,
  LARGO_MAXIMO_CONTRASENA_CUENTA,
} from '../../../domain/cuentas.js';
import { LARGO_MAXIMO_USUARIO } from '../../../domain/formularios.js';
import { BLOQUEO_MS, TEXTOS_GESTION } from '../../../domain/index.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP, respuestasDeError } from '../../errores.js';
import {
  cambiarCorreo,
  cambiarRol,
  nuevaCuenta,
  reactivarPersonal,
  reenviarEnlace,
} from '../administracion.js';
import {
  bajaPersonal,
  filaPersonal,
  listaPersonal,
  noHayCuentaActiva,
  normalizarUsuario,
  quitarSegundoFactor,
  TEXTOS_PERSONAL,
  validarCon,
} from '../cuentas.js';
import { confirmarContrasena, type Reautenticacion } from '../ingreso.js';
import type { SesionActiva } from '../sesiones.js';

export { TEXTOS_PERSONAL };

const esquemaFilaPersonal = {
  type: 'object',
  required: [
    'usuario',
    'nombre',
    'correo',
    'rol',
    'segundoFactor',
    'activo',
    'creadoEn',
    'bajaEn',
    'ultimoIngreso',
    'contrasenaPendiente',
  ],
  additionalProperties: false,
  properties: {
    usuario: { type: 'string' },
    nombre: { type: 'string' },
    correo: { type: ['string', 'null'] },
    rol: { type: 'string', enum: ['revisor', 'administrador'] },
    segundoFactor: { type: 'boolean' },
    activo: { type: 'boolean' },
    creadoEn: { type: 'string' },
    bajaEn: { type: ['string', 'null'] },
    ultimoIngreso: { type: ['string', 'null'] },
    contrasenaPendiente: { type: 'boolean' },
  },
} as const;

const params = {
  type: 'object',
  required: ['usuario'],
  additionalProperties: false,
  properties: { usuario: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/** Strings only: how long and what they may hold, the shared rules say (in their own words). */
const texto = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const campoContrasena = texto(LARGO_MAXIMO_CONTRASENA_CUENTA);

const cuerpoConContrasena = {
  type: 'object',
  required: ['contrasena'],
  additionalProperties: false,
  properties: { contrasena: campoContrasena },
} as const;

const respuestaFila = { 200: esquemaFilaPersonal, ...respuestasDeError } as const;
const sinCuerpo = { 204: { type: 'null' }, ...respuestasDeError } as const;

interface ConUsuario {
  Params: { usuario: string };
}

/**
 * The administrador's own password, asked again (`para` names what asked, in the audit rows). A
 * wrong one is refused on the field (400), a locked account answers 429 with Retry-After.
 */
async function exigirContrasenaPropia(
  app: Parameters<FastifyPluginAsync>[0],
  sesion: SesionActiva,
  contrasena: string,
  ip: string,
  para: Reautenticacion,
  reply: FastifyReply,
): Promise<void> {
  const prueba = await confirmarContrasena(app.db, { personalId: sesion.personalId, contrasena, ip, para });
  if (prueba === 'ok') return;
  if (prueba === 'bloqueada') {
    reply.header('retry-after', String(BLOQUEO_MS / 1000));
    throw new ErrorHttp(429, CODIGOS.CUENTA_BLOQUEADA, TEXTOS_GESTION.demasiadosIntentos, {
      contrasena: TEXTOS_GESTION.demasiadosIntentos,
    });
  }
  throw new ErrorHttp(400, CODIGOS.CREDENCIALES, MENSAJES_HTTP.contrasenaIncorrecta, {
    contrasena: MENSAJES_HTTP.contrasenaIncorrecta,
  });
}

export const rutasPersonal: FastifyPluginAsync = async (app) => {
  const autor = (request: { sesion: SesionActiva | null; ip: string }) => ({
    usuario: request.sesion!.usuario,
    ip: request.ip,
  });

  app.get('/personal', {
    preHandler: app.requiere('administrarPersonal'),
    schema: {
      summary: 'Las cuentas del personal',
      tags: ['gestión'],
      response: { 200: { type: 'array', items: esquemaFilaPersonal }, ...respuestasDeError },
    },
    handler: async () => listaPersonal(app.db),
  });

  app.post<{ Body: { usuario: string; nombre: string; correo: string; rol: string } }>('/personal', {
    preHandler: app.requiere('administrarPersonal'),
    config: { registrar: true },
    schema: {
      summary: 'Nueva cuenta: la persona elige su contraseña con un enlace de 24 h que le llega por correo',
      tags: ['gestión'],
      body: {
        type: 'object',
        required: ['usuario', 'nombre', 'correo', 'rol'],
        additionalProperties: false,
        properties: {
          usuario: texto(LARGO_MAXIMO_USUARIO),
          nombre: texto(1000),
          correo: texto(1000),
          rol: texto(32),
        },
      },
      response: { 201: esquemaFilaPersonal, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const fila = await nuevaCuenta(app.db, request.body, autor(request));
      return reply.code(201).send(fila);
    },
  });

  app.put<ConUsuario & { Body: { correo: string } }>('/personal/:usuario/correo', {
    preHandler: app.requiere('administrarPersonal'),
    config: { registrar: true },
    schema: {
      summary: 'Cambiar el correo de una cuenta (retira sus enlaces sin usar)',
      tags: ['gestión'],
      params,
      body: {
        type: 'object',
        required: ['correo'],
        additionalProperties: false,
        properties: { correo: texto(1000) },
      },
      response: respuestaFila,
    },
    handler: async (request) =>
      cambiarCorreo(app.db, request.params.usuario, request.body.correo, autor(request)),
  });

  app.post<ConUsuario & { Body: { rol: string; contrasena: string } }>('/personal/:usuario/rol', {
    preHandler: app.requiere('administrarPersonal'),
    config: { registrar: true },
    schema: {
      summary: 'Cambiar el rol de una cuenta (pide la contraseña de quien lo cambia)',
      tags: ['gestión'],
      params,
      body: {
        type: 'object',
        required: ['rol', 'contrasena'],
        additionalProperties: false,
        properties: { rol: texto(32), contrasena: campoContrasena },
      },
      response: respuestaFila,
    },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      // The rules and the account first: a request refused anyway spends no attempt of the lockout.
      validarCon(esquemaCambioRol, request.body);
      const cuenta = await filaPersonal(app.db, request.params.usuario);
      if (!cuenta?.activo) throw noHayCuentaActiva();
      await exigirContrasenaPropia(app, sesion, request.body.contrasena, request.ip, 'rol_personal', reply);
      return cambiarRol(app.db, cuenta.usuario, request.body.rol, autor(request));
    },
  });

  app.post<ConUsuario>('/personal/:usuario/baja', {
    preHandler: app.requiere('administrarPersonal'),
    config: { registrar: true },
    schema: { summary: 'Dar de baja una cuenta', tags: ['gestión'], params, response: sinCuerpo },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      const usuario = normalizarUsuario(request.params.usuario);
      // An administrador cannot lock themself out (nor leave the office without one by mistake).
      if (usuario === sesion.usuario) throw new ErrorHttp(409, CODIGOS.CONFLICTO, TEXTOS_PERSONAL.bajaPropia);
      if (!(await bajaPersonal(app.db, usuario, autor(request)))) throw noHayCuentaActiva();
      return reply.code(204).send();
    },
  });

  app.post<ConUsuario>('/personal/:usuario/reactivar', {
    preHandler: app.requiere('administrarPersonal'),
    config: { registrar: true },
    schema: {
      summary: 'Reactivar una cuenta dada de baja',
      tags: ['gestión'],
      params,
      response: respuestaFila,
    },
    handler: async (request) => reactivarPersonal(app.db, request.params.usuario, autor(request)),
  });

  app.post<ConUsuario & { Body: { contrasena: string } }>('/personal/:usuario/segundo-factor/quitar', {
    preHandler: app.requiere('administrarPersonal'),
    config: { registrar: true },
    schema: {
      summary: 'Quitar el segundo factor de una cuenta (pide la contraseña de quien lo quita)',
      tags: ['gestión'],
      params,
      body: cuerpoConContrasena,
      response: respuestaFila,
    },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      validarCon(esquemaConfirmarContrasena, request.body);
      const cuenta = await filaPersonal(app.db, request.params.usuario);
      if (!cuenta?.activo) throw noHayCuentaActiva();
      const sinFactor = () => new ErrorHttp(409, CODIGOS.CONFLICTO, TEXTOS_PERSONAL.sinSegundoFactor);
      // Nothing to remove: said before the password is asked, so no attempt is spent.
      if (!cuenta.segundoFactor) throw sinFactor();
      await exigirContrasenaPropia(
        app,
        sesion,
        request.body.contrasena,
        request.ip,
        'quitar_segundo_factor_personal',
        reply,
      );
      // The account's sessions end; the administrador's own, when it is their account, stays.
      const propia = cuenta.usuario === sesion.usuario;
      const quitado = await quitarSegundoFactor(app.db, cuenta.usuario, autor(request), {
        ...(propia ? { conservarSesion: sesion.id } : {}),
      });
      if (!quitado) throw sinFactor();
      return (await filaPersonal(app.db, cuenta.usuario))!;
    },
  });

  app.post<ConUsuario>('/personal/:usuario/enlace', {
    preHandler: app.requiere('administrarPersonal'),
    config: { registrar: true },
    schema: {
      summary: 'Reenviar el enlace para elegir la contraseña (cuentas que todavía no la eligieron)',
      tags: ['gestión'],
      params,
      response: sinCuerpo,
    },
    handler: async (request, reply) => {
      await reenviarEnlace(app.db, request.params.usuario, autor(request));
      return reply.code(204).send();
    },
  });
};
