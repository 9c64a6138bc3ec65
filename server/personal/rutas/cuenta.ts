// Mi cuenta (producto §16, decision 127), for whoever is signed in:
//   GET  /api/gestion/cuenta                               the account, its e-mail, "Resumen diario" and
//                                                          how many recovery codes are left
//   POST /api/gestion/cuenta/contrasena                    {actual, nueva} → 204; the other sessions end
//   POST /api/gestion/cuenta/segundo-factor/quitar         {contrasena} → the account; this session stays
//   POST /api/gestion/cuenta/codigos-recuperacion          {contrasena} → {codigos}: 10 new ones, shown once
//   PUT  /api/gestion/cuenta/resumen-diario                {activo} → the account
//
// Every change of how one signs in asks for the password again through `confirmarContrasena`
// (personal/ingreso.ts): a stolen session cannot change the password, remove the factor or read
// new codes, and guessing here counts toward the same lockout as the sign-in page. The bodies are
// judged with the forms' own rules (domain/cuentas.ts), so both say the same words.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  esquemaCambioContrasena,
  esquemaConfirmarContrasena,
  esquemaResumenDiario,
  LARGO_MAXIMO_CONTRASENA_CUENTA,
  TEXTOS_CUENTAS,
} from '../../../domain/cuentas.js';
import { problemas, type EsquemaDeFormulario } from '../../../domain/formularios.js';
import { BLOQUEO_MS, TEXTOS_GESTION, type Rol } from '../../../domain/index.js';
import type { Db } from '../../db/esquema.js';
import { auditar } from '../../auditoria/cadena.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP, respuestasDeError } from '../../errores.js';
import { codigosRecuperacionRestantes, reemplazarCodigosRecuperacion } from '../codigos-recuperacion.js';
import { hashDeContrasena } from '../contrasenas.js';
import { quitarSegundoFactor } from '../cuentas.js';
import { confirmarContrasena, type Reautenticacion } from '../ingreso.js';
import type { SesionActiva } from '../sesiones.js';

export interface MiCuenta {
  usuario: string;
  nombre: string;
  rol: Rol;
  segundoFactor: boolean;
  correo: string | null;
  resumenDiario: boolean;
  /** Unused recovery codes (0 without a second factor: they only work with one). */
  codigosRestantes: number;
}

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

async function leerCuenta(db: Db, personalId: string): Promise<MiCuenta> {
  const fila = await db
    .selectFrom('personal')
    .select(['usuario', 'nombre', 'rol', 'totp_secreto', 'correo', 'resumen_diario'])
    .where('id', '=', personalId)
    .where('activo', '=', 1)
    .executeTakeFirst();
  // Disabled since the session was checked: its sessions are ending.
  if (!fila) throw sinSesion();
  const segundoFactor = fila.totp_secreto !== null;
  return {
    usuario: fila.usuario,
    nombre: fila.nombre,
    rol: fila.rol as Rol,
    segundoFactor,
    correo: fila.correo,
    resumenDiario: Number(fila.resumen_diario) === 1,
    codigosRestantes: segundoFactor ? await codigosRecuperacionRestantes(db, personalId) : 0,
  };
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

const sinSegundoFactor = () => new ErrorHttp(409, CODIGOS.CONFLICTO, TEXTOS_CUENTAS.sinSegundoFactor);

export const rutasCuenta: FastifyPluginAsync = async (app) => {
  app.get('/cuenta', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Mi cuenta',
      tags: ['gestión'],
      response: { 200: esquemaMiCuenta, ...respuestasDeError },
    },
    handler: async (request) => leerCuenta(app.db, request.sesion!.personalId),
  });

  app.post<{ Body: { actual: string; nueva: string } }>('/cuenta/contrasena', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Cambiar la contraseña de la cuenta (pide la actual; cierra las demás sesiones)',
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
      const hash = await hashDeContrasena(nueva);
      const cambiada = await app.db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('personal')
          .set({ hash })
          .where('id', '=', sesion.personalId)
          .where('activo', '=', 1)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        // Whoever else holds a session of the account (a stolen cookie) is out; this one stays.
        await trx
          .deleteFrom('sesiones_personal')
          .where('personal_id', '=', sesion.personalId)
          .where('id', '!=', sesion.id)
          .execute();
        await auditar(trx, {
          usuario: sesion.usuario,
          ip: request.ip,
          accion: 'contrasena',
          objeto: sesion.usuario,
          detalle: { por: 'cuenta' },
        });
        return true;
      });
      if (!cambiada) throw sinSesion();
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
      // The accounts' one way to do it (personal/cuentas.ts): the codes go too, the other sessions end.
      const quitado = await quitarSegundoFactor(
        app.db,
        sesion.usuario,
        { usuario: sesion.usuario, ip: request.ip },
        { conservarSesion: sesion.id },
      );
      if (!quitado) throw sinSegundoFactor();
      return leerCuenta(app.db, sesion.personalId);
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
      const sinFactor = () => new ErrorHttp(409, CODIGOS.CONFLICTO, TEXTOS_CUENTAS.codigosSinSegundoFactor);
      if (!sesion.segundoFactor) throw sinFactor();
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
      const codigos = await app.db.transaction().execute(async (trx) => {
        // A no-op update that takes the account's row lock: a removal of the factor at the same
        // moment (which deletes the codes) goes wholly before or wholly after, never leaving codes
        // to an account without a factor.
        const r = await trx
          .updateTable('personal')
          .set((eb) => ({ totp_secreto: eb.ref('totp_secreto') }))
          .where('id', '=', sesion.personalId)
          .where('activo', '=', 1)
          .where('totp_secreto', 'is not', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return null;
        const nuevos = await reemplazarCodigosRecuperacion(trx, sesion.personalId);
        // Never the codes: only that they were made.
        await auditar(trx, {
          usuario: sesion.usuario,
          ip: request.ip,
          accion: 'codigos_recuperacion',
          objeto: sesion.usuario,
          detalle: { cantidad: nuevos.length },
        });
        return nuevos;
      });
      if (codigos === null) throw sinFactor();
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
      const sesion = request.sesion!;
      validar(esquemaResumenDiario, request.body);
      const { activo } = request.body;
      const hecho = await app.db.transaction().execute(async (trx) => {
        // Conditional: on only with an e-mail to send it to.
        let consulta = trx
          .updateTable('personal')
          .set({ resumen_diario: activo ? 1 : 0 })
          .where('id', '=', sesion.personalId)
          .where('activo', '=', 1);
        if (activo) consulta = consulta.where('correo', 'is not', null).where('correo', '!=', '');
        const r = await consulta.executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        await auditar(trx, {
          usuario: sesion.usuario,
          ip: request.ip,
          accion: 'resumen_diario',
          objeto: sesion.usuario,
          detalle: { activo },
        });
        return true;
      });
      // Nothing changed: the account was disabled meanwhile (leerCuenta answers 401) or has no e-mail.
      const cuenta = await leerCuenta(app.db, sesion.personalId);
      if (!hecho)
        throw new ErrorHttp(400, CODIGOS.VALIDACION, TEXTOS_CUENTAS.sinCorreo, {
          activo: TEXTOS_CUENTAS.sinCorreo,
        });
      return cuenta;
    },
  });
};
