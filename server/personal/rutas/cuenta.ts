// Mi cuenta (producto §16, decision 127), for whoever is signed in:
//   GET  /api/gestion/cuenta                               the account, its e-mail, "Resumen diario" and
//                                                          how many recovery codes are left
//   POST /api/gestion/cuenta/contrasena                    {actual, nueva} → 204; the other sessions end
//                                                          and the account's unused links are withdrawn
//   POST /api/gestion/cuenta/segundo-factor/quitar         {contrasena} → the account; this session stays
//   POST /api/gestion/cuenta/codigos-recuperacion          {contrasena} → {codigos}: 10 new ones, shown once
//   PUT  /api/gestion/cuenta/resumen-diario                {activo} → the account
//
// The routes speak HTTP; the changes, their transactions and audit rows are the services'
// (personal/mi-cuenta.ts). Every change of how one signs in asks for the password again through
// `confirmarContrasena` (personal/ingreso.ts) before the service runs: a stolen session cannot
// change the password, remove the factor or read new codes, and guessing here counts toward the
// same lockout as the sign-in page (a locked account: 429 with Retry-After). The bodies are judged
// first, with the forms' own rules (domain/cuentas.ts), so both say the same words and a request
// refused anyway spends no attempt. An account disabled since its session was checked: 401.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  esquemaCambioContrasena,
  esquemaConfirmarContrasena,
  esquemaResumenDiario,
  LARGO_MAXIMO_CONTRASENA_CUENTA,
  TEXTOS_CUENTAS,
} from '../../../domain/cuentas.js';
import { problemas, type EsquemaDeFormulario } from '../../../domain/formularios.js';
import { BLOQUEO_MS, TEXTOS_GESTION } from '../../../domain/index.js';
import type { Db } from '../../db/esquema.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP, respuestasDeError } from '../../errores.js';
import { confirmarContrasena, type Reautenticacion } from '../ingreso.js';
import {
  cambiarContrasenaPropia,
  cambiarResumenDiario,
  codigosSinSegundoFactor,
  generarCodigosRecuperacion,
  leerMiCuenta,
  quitarSegundoFactorPropio,
  sinSegundoFactor,
  type MiCuenta,
} from '../mi-cuenta.js';
import type { SesionActiva } from '../sesiones.js';

const esquemaMiCuenta = {
  type: 'object',
  required: ['usuario', 'nombre', 'rol', 'segundoFactor', 'correo', 'resumenDiario', 'codigosRestantes'],
  additionalProperties: false,
  properties: {
    usuario: { type: 'string' },
    nombre: { type: 'string' },
    rol: { type: 'string', enum: ['revisor', 'administrador'] },
    segundoFactor: { type: 'boolean' },
    correo: { type: ['string', 'null'] },
    resumenDiario: { type: 'boolean' },
    codigosRestantes: { type: 'integer', minimum: 0 },
  },
} as const;

/** A password field: a string, never trimmed; how long and whether empty, the shared rules say. */
const campoContrasena = { type: 'string', maxLength: LARGO_MAXIMO_CONTRASENA_CUENTA } as const;

const cuerpoConContrasena = {
  type: 'object',
  required: ['contrasena'],
  additionalProperties: false,
  properties: { contrasena: campoContrasena },
} as const;

const sinSesion = () => new ErrorHttp(401, CODIGOS.SIN_SESION, TEXTOS_GESTION.sinSesion);

/** The account, or 401 when it was disabled since the session was checked (its sessions are ending). */
function cuentaOSinSesion(cuenta: MiCuenta | null): MiCuenta {
  if (!cuenta) throw sinSesion();
  return cuenta;
}

/** 400 with the fields the shared rules refuse, if any. */
function validar(esquema: EsquemaDeFormulario, valores: unknown, contexto?: Record<string, unknown>): void {
  const campos = problemas(esquema, valores, contexto);
  if (Object.keys(campos).length > 0)
    throw new ErrorHttp(400, CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, campos);
}

/**
 * The account's password, asked again (`para` names what asked, in the audit rows). A wrong one is
 * refused on the field it was typed in; a locked account answers 429 with Retry-After.
 */
async function exigirContrasena(
  db: Db,
  p: {
    sesion: SesionActiva;
    contrasena: string;
    ip: string;
    para: Reautenticacion;
    campo: 'actual' | 'contrasena';
  },
  reply: FastifyReply,
): Promise<void> {
  const prueba = await confirmarContrasena(db, {
    personalId: p.sesion.personalId,
    contrasena: p.contrasena,
    ip: p.ip,
    para: p.para,
  });
  if (prueba === 'ok') return;
  if (prueba === 'bloqueada') {
    reply.header('retry-after', String(BLOQUEO_MS / 1000));
    throw new ErrorHttp(429, CODIGOS.CUENTA_BLOQUEADA, TEXTOS_GESTION.demasiadosIntentos, {
      [p.campo]: TEXTOS_GESTION.demasiadosIntentos,
    });
  }
  const mensaje =
    p.campo === 'actual' ? TEXTOS_CUENTAS.contrasenaActualIncorrecta : MENSAJES_HTTP.contrasenaIncorrecta;
  throw new ErrorHttp(400, CODIGOS.CREDENCIALES, mensaje, { [p.campo]: mensaje });
}

export const rutasCuenta: FastifyPluginAsync = async (app) => {
  const propietario = (request: { sesion: SesionActiva | null; ip: string }) => ({
    sesion: request.sesion!,
    ip: request.ip,
  });

  app.get('/cuenta', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Mi cuenta',
      tags: ['gestión'],
      response: { 200: esquemaMiCuenta, ...respuestasDeError },
    },
    handler: async (request) => cuentaOSinSesion(await leerMiCuenta(app.db, request.sesion!.personalId)),
  });

  app.post<{ Body: { actual: string; nueva: string } }>('/cuenta/contrasena', {
    preHandler: app.requiere('leer'),
    schema: {
      summary:
        'Cambiar la contraseña de la cuenta (pide la actual; cierra las demás sesiones y retira sus enlaces sin usar)',
      tags: ['gestión'],
      body: {
        type: 'object',
        required: ['actual', 'nueva'],
        additionalProperties: false,
        properties: { actual: campoContrasena, nueva: campoContrasena },
      },
      response: { 204: { type: 'null' }, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      const { actual, nueva } = request.body;
      // The rules first: a new password that would be refused anyway spends no attempt of the lockout.
      validar(esquemaCambioContrasena, { actual, nueva }, { usuario: sesion.usuario });
      await exigirContrasena(
        app.db,
        { sesion, contrasena: actual, ip: request.ip, para: 'contrasena', campo: 'actual' },
        reply,
      );
      if (!(await cambiarContrasenaPropia(app.db, propietario(request), nueva))) throw sinSesion();
      return reply.code(204).send();
    },
  });

  app.post<{ Body: { contrasena: string } }>('/cuenta/segundo-factor/quitar', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Quitar el segundo factor de la cuenta (pide la contraseña)',
      tags: ['gestión'],
      body: cuerpoConContrasena,
      response: { 200: esquemaMiCuenta, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      validar(esquemaConfirmarContrasena, request.body);
      // Nothing to remove: said before the password is asked, so no attempt is spent.
      if (!sesion.segundoFactor) throw sinSegundoFactor();
      await exigirContrasena(
        app.db,
        {
          sesion,
          contrasena: request.body.contrasena,
          ip: request.ip,
          para: 'quitar_segundo_factor',
          campo: 'contrasena',
        },
        reply,
      );
      return cuentaOSinSesion(await quitarSegundoFactorPropio(app.db, propietario(request)));
    },
  });

  app.post<{ Body: { contrasena: string } }>('/cuenta/codigos-recuperacion', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Generar 10 códigos de recuperación nuevos (pide la contraseña; reemplazan a los anteriores)',
      tags: ['gestión'],
      body: cuerpoConContrasena,
      response: {
        200: {
          type: 'object',
          required: ['codigos'],
          additionalProperties: false,
          properties: { codigos: { type: 'array', items: { type: 'string' } } },
        },
        ...respuestasDeError,
      },
    },
    handler: async (request, reply) => {
      const sesion = request.sesion!;
      validar(esquemaConfirmarContrasena, request.body);
      // No factor, no codes: said before the password is asked.
      if (!sesion.segundoFactor) throw codigosSinSegundoFactor();
      await exigirContrasena(
        app.db,
        {
          sesion,
          contrasena: request.body.contrasena,
          ip: request.ip,
          para: 'codigos_recuperacion',
          campo: 'contrasena',
        },
        reply,
      );
      const codigos = await generarCodigosRecuperacion(app.db, propietario(request));
      // Shown in this answer only: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return { codigos };
    },
  });

  app.put<{ Body: { activo: boolean } }>('/cuenta/resumen-diario', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Activar o desactivar el resumen diario por correo',
      tags: ['gestión'],
      body: {
        type: 'object',
        required: ['activo'],
        additionalProperties: false,
        properties: { activo: { type: 'boolean' } },
      },
      response: { 200: esquemaMiCuenta, ...respuestasDeError },
    },
    handler: async (request) => {
      validar(esquemaResumenDiario, request.body);
      return cuentaOSinSesion(await cambiarResumenDiario(app.db, propietario(request), request.body.activo));
    },
  });
};
