// Signing in (producto §9): the password (argon2id), then the second factor when the account has
// one. 10 failures for one user name within 15 minutes refuse it for 15 minutes, whether or not
// the account exists, with the same answer and about the same time (an unknown name still runs
// argon2 against a dummy hash).
//
// Each attempt is counted BEFORE its password is checked, in one atomic upsert: requests sent in
// parallel cannot try more than FALLOS_MAXIMOS passwords in a window, even though none of them has
// failed yet when the others start. A success clears the count; a right password still waiting
// for its code gives its attempt back. The count lives in the database, so a restart or a second
// process neither resets nor multiplies it.
//
// Asking a signed-in person for their password again (before a second factor is enrolled:
// SECURITY-NOTES, "Changing how one signs in needs the password again") goes through the same
// count, the same check and the same audit rows (`confirmarContrasena`): a stolen session must
// not get a second place to guess the password at.
//
// With a second factor, the code field takes the app's 6 digits or one of the account's recovery
// codes (producto §16, personal/codigos-recuperacion.ts); either is counted, locked and audited
// the same way, and a recovery code is used up in the transaction that opens the session.
import { sql } from 'kysely';
import {
  BLOQUEO_MS,
  FALLOS_MAXIMOS,
  VENTANA_FALLOS_MS,
  type CuentaPersonal,
  type Rol,
} from '../../domain/index.js';
import { normalizarCodigoRecuperacion } from '../../domain/cuentas.js';
import type { Db } from '../db/esquema.js';
import { auditar } from '../auditoria/cadena.js';
import { codigosRecuperacionRestantes, usarCodigoRecuperacion } from './codigos-recuperacion.js';
import { contrasenaValida } from './contrasenas.js';
import { pasoDelCodigo } from './segundo-factor.js';
import { abrirSesion } from './sesiones.js';

export interface Intento {
  usuario: string;
  contrasena: string;
  codigo?: string | undefined;
  ip: string;
  /** The session cookie the browser already had: rotated away. */
  sesionAnterior?: string | undefined;
}

export type ResultadoIngreso =
  | { tipo: 'ok'; token: string; cuenta: CuentaPersonal }
  | { tipo: 'credenciales' }
  | { tipo: 'bloqueada' }
  | { tipo: 'codigo_requerido' }
  | { tipo: 'codigo_incorrecto' }
  /** A recovery code of the account that was already used (producto §16). */
  | { tipo: 'codigo_recuperacion_usado' };

/** A typed user name as the lockout counts it (bounded, so a long one cannot bloat the table). */
export const claveDeUsuario = (usuario: string) => usuario.trim().toLowerCase().slice(0, 64);

/** A code as people type it: "123 456" is "123456". */
const limpiarCodigo = (codigo: string | undefined) => (codigo ?? '').replace(/\s/g, '');

/**
 * Counts one attempt for `clave` and says whether it may go on: not while the name is locked, nor
 * beyond FALLOS_MAXIMOS attempts in the window. A lock that has ended, or a window that has
 * passed, starts a new window.
 */
async function reservarIntento(db: Db, clave: string, ahora: number): Promise<boolean> {
  const nuevaVentana = sql`(bloqueos_ingreso.bloqueado_hasta_ms > 0 or bloqueos_ingreso.desde_ms <= ${ahora - VENTANA_FALLOS_MS})`;
  const bloqueada = sql`bloqueos_ingreso.bloqueado_hasta_ms > ${ahora}`;
  const { rows } = await sql<{ fallos: number | string; bloqueado_hasta_ms: number | string }>`
    insert into bloqueos_ingreso (usuario, fallos, desde_ms, bloqueado_hasta_ms)
    values (${clave}, 1, ${ahora}, 0)
    on conflict (usuario) do update set
      fallos = case when ${bloqueada} then bloqueos_ingreso.fallos
                    when ${nuevaVentana} then 1
                    else bloqueos_ingreso.fallos + 1 end,
      desde_ms = case when ${bloqueada} then bloqueos_ingreso.desde_ms
                      when ${nuevaVentana} then ${ahora}
                      else bloqueos_ingreso.desde_ms end,
      bloqueado_hasta_ms = case when ${bloqueada} then bloqueos_ingreso.bloqueado_hasta_ms else 0 end
    returning fallos, bloqueado_hasta_ms`.execute(db);
  const fila = rows[0]!;
  return Number(fila.bloqueado_hasta_ms) <= ahora && Number(fila.fallos) <= FALLOS_MAXIMOS;
}

/** After a failure: when the window holds FALLOS_MAXIMOS attempts, the name is locked. True if this one locked it. */
async function bloquearSiCorresponde(trx: Db, clave: string, ahora: number): Promise<boolean> {
  const r = await trx
    .updateTable('bloqueos_ingreso')
    .set({ bloqueado_hasta_ms: ahora + BLOQUEO_MS })
    .where('usuario', '=', clave)
    .where('fallos', '>=', FALLOS_MAXIMOS)
    .where('bloqueado_hasta_ms', '<=', ahora)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Who an attempt's audit rows name; `objeto` and `detalle` say what asked when it was not signing in. */
interface Auditado {
  quien: string | null;
  ip: string;
  objeto?: string;
  detalle?: Record<string, unknown>;
}

async function fallo(
  db: Db,
  clave: string,
  a: Auditado,
  motivo: 'contraseña' | 'segundo factor',
  ahora: number,
  extra?: Record<string, unknown>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const bloqueo = await bloquearSiCorresponde(trx, clave, ahora);
    await auditar(trx, {
      usuario: a.quien,
      ip: a.ip,
      accion: 'ingreso_fallido',
      ...(a.objeto ? { objeto: a.objeto } : {}),
      detalle: { ...a.detalle, motivo, ...extra, ...(bloqueo ? { bloqueo: true } : {}) },
    });
  });
}

/**
 * The password step both sign-in and re-authentication take: count the attempt (refused while the
 * name is locked), run argon2 (against a dummy hash when there is no account, so the time says
 * nothing), and on a wrong password lock when due and audit. Nothing is cleared on success: the
 * caller decides what a right password means.
 */
async function probarContrasena(
  db: Db,
  clave: string,
  hash: string | null,
  contrasena: string,
  a: Auditado,
  ahora: number,
): Promise<'ok' | 'credenciales' | 'bloqueada'> {
  if (!(await reservarIntento(db, clave, ahora))) {
    await db.transaction().execute((trx) =>
      auditar(trx, {
        usuario: a.quien,
        ip: a.ip,
        accion: 'ingreso_bloqueado',
        ...(a.objeto ? { objeto: a.objeto } : {}),
        ...(a.detalle ? { detalle: a.detalle } : {}),
      }),
    );
    return 'bloqueada';
  }
  if (!(await contrasenaValida(hash, contrasena)) || hash === null) {
    await fallo(db, clave, a, 'contraseña', ahora);
    return 'credenciales';
  }
  return 'ok';
}

export async function ingresar(db: Db, intento: Intento, ahora = Date.now()): Promise<ResultadoIngreso> {
  const clave = claveDeUsuario(intento.usuario);
  const cuenta = await db
    .selectFrom('personal')
    .selectAll()
    .where('usuario', '=', clave)
    .where('activo', '=', 1)
    .executeTakeFirst();
  // Audit rows name only existing accounts: a password typed in the user field stays out of the log.
  const quien = cuenta?.usuario ?? null;

  const auditado: Auditado = { quien, ip: intento.ip };
  const prueba = await probarContrasena(db, clave, cuenta?.hash ?? null, intento.contrasena, auditado, ahora);
  if (prueba !== 'ok' || !cuenta) return { tipo: prueba === 'ok' ? 'credenciales' : prueba };

  // What the second factor leaves for the transaction: a TOTP step to take, or a recovery code to use.
  let paso: number | null = null;
  let recuperacion: string | null = null;
  if (cuenta.totp_secreto) {
    const codigo = limpiarCodigo(intento.codigo);
    if (codigo === '') {
      // The password was right: not a failure. The attempt is given back until the code comes.
      await sql`update bloqueos_ingreso set fallos = fallos - 1 where usuario = ${clave} and fallos > 0`.execute(
        db,
      );
      return { tipo: 'codigo_requerido' };
    }
    if (/^\d{6}$/.test(codigo)) {
      const ultimo = cuenta.totp_ultimo_paso === null ? null : Number(cuenta.totp_ultimo_paso);
      paso = pasoDelCodigo(cuenta.totp_secreto, cuenta.usuario, codigo, ultimo, ahora);
    } else {
      recuperacion = normalizarCodigoRecuperacion(codigo);
    }
    if (paso === null && recuperacion === null) {
      await fallo(db, clave, auditado, 'segundo factor', ahora);
      return { tipo: 'codigo_incorrecto' };
    }
  }

  type Paso = { token: string } | 'codigo_incorrecto' | 'codigo_recuperacion_usado';
  const hecho = await db.transaction().execute(async (trx): Promise<Paso> => {
    if (paso !== null) {
      // Conditional: of two requests with the same code, only one moves the step; the other is a replay.
      const r = await trx
        .updateTable('personal')
        .set({ totp_ultimo_paso: paso })
        .where('id', '=', cuenta.id)
        .where((eb) => eb.or([eb('totp_ultimo_paso', 'is', null), eb('totp_ultimo_paso', '<', paso)]))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return 'codigo_incorrecto';
    }
    if (recuperacion !== null) {
      // Conditional too (`usado_en is null`): of two sign-ins with one code, one gets in.
      const uso = await usarCodigoRecuperacion(trx, cuenta.id, recuperacion, new Date(ahora));
      if (uso !== 'ok') return uso === 'usado' ? 'codigo_recuperacion_usado' : 'codigo_incorrecto';
    }
    await trx.deleteFrom('bloqueos_ingreso').where('usuario', '=', clave).execute();
    await trx
      .updateTable('personal')
      .set({ ultimo_ingreso_en: new Date(ahora).toISOString() })
      .where('id', '=', cuenta.id)
      .execute();
    const nuevo = await abrirSesion(trx, cuenta.id, intento.sesionAnterior, ahora);
    await auditar(trx, { usuario: cuenta.usuario, ip: intento.ip, accion: 'ingreso' });
    if (recuperacion !== null) {
      // Each use on record (never the code): how many are left tells when to make new ones.
      const restantes = await codigosRecuperacionRestantes(trx, cuenta.id);
      await auditar(trx, {
        usuario: cuenta.usuario,
        ip: intento.ip,
        accion: 'codigo_recuperacion',
        objeto: cuenta.usuario,
        detalle: { restantes },
      });
    }
    return { token: nuevo };
  });
  if (typeof hecho === 'string') {
    // A used recovery code is a wrong code for the lockout; the row says which (a list someone else holds?).
    const extra = hecho === 'codigo_recuperacion_usado' ? { codigoRecuperacion: 'usado' } : undefined;
    await fallo(db, clave, auditado, 'segundo factor', ahora, extra);
    return { tipo: hecho };
  }
  const { token } = hecho;
  return {
    tipo: 'ok',
    token,
    cuenta: {
      usuario: cuenta.usuario,
      nombre: cuenta.nombre,
      rol: cuenta.rol as Rol,
      segundoFactor: cuenta.totp_secreto !== null,
    },
  };
}

/** What asked a signed-in person for their password again (the audit rows' `detalle.para`). */
export type Reautenticacion =
  | 'segundo_factor'
  | 'quitar_segundo_factor'
  | 'contrasena'
  | 'codigos_recuperacion'
  /** An administrador's, before changing someone's role or removing their second factor (producto §16). */
  | 'rol_personal'
  | 'quitar_segundo_factor_personal';

/**
 * The password of a signed-in account, asked again before a change to how it signs in. Counted,
 * locked and audited exactly as a sign-in (the rows name the account as `objeto` and say what
 * asked in `detalle.para`); a right one clears the count, as a sign-in does.
 */
export async function confirmarContrasena(
  db: Db,
  p: { personalId: string; contrasena: string; ip: string; para: Reautenticacion },
  ahora = Date.now(),
): Promise<'ok' | 'credenciales' | 'bloqueada'> {
  const cuenta = await db
    .selectFrom('personal')
    .select(['usuario', 'hash'])
    .where('id', '=', p.personalId)
    .where('activo', '=', 1)
    .executeTakeFirst();
  // Disabled since the session was checked (its sessions are ending): nothing to prove.
  if (!cuenta) return 'credenciales';
  const clave = claveDeUsuario(cuenta.usuario);
  const auditado: Auditado = {
    quien: cuenta.usuario,
    ip: p.ip,
    objeto: cuenta.usuario,
    detalle: { para: p.para },
  };
  const prueba = await probarContrasena(db, clave, cuenta.hash, p.contrasena, auditado, ahora);
  if (prueba === 'ok') await db.deleteFrom('bloqueos_ingreso').where('usuario', '=', clave).execute();
  return prueba;
}

/** Lockout rows whose window and lock have both ended (the periodic sweep). */
export async function olvidarBloqueosVencidos(db: Db, ahora = Date.now()): Promise<number> {
  const r = await db
    .deleteFrom('bloqueos_ingreso')
    .where('bloqueado_hasta_ms', '<=', ahora)
    .where('desde_ms', '<=', ahora - VENTANA_FALLOS_MS)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
