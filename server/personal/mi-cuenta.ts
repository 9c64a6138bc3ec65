// Mi cuenta (producto §16, decision 127): what the signed-in person does to their own account. The
// routes (personal/rutas/cuenta.ts) judge the bodies and ask for the password again first; these
// services do the change and its audit row in one transaction and answer the account as its owner
// sees it. Their refusals are ErrorPersonal (personal/cuentas.ts); an account disabled since its
// session was checked is answered as a result (null or false), which the routes turn into "no
// session" (its sessions are ending).
//
// Changing the password here also withdraws the account's unused links (personal/enlaces.ts): a
// reset link asked for before, perhaps by whoever made the change necessary, must not undo it.
import { TEXTOS_CUENTAS } from '../../domain/cuentas.js';
import type { Rol } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS } from '../errores.js';
import { auditar } from '../auditoria/cadena.js';
import { codigosRecuperacionRestantes, reemplazarCodigosRecuperacion } from './codigos-recuperacion.js';
import { hashDeContrasena } from './contrasenas.js';
import { ErrorPersonal, quitarSegundoFactor } from './cuentas.js';
import { retirarEnlaces } from './enlaces.js';
import type { SesionActiva } from './sesiones.js';

/** The account as its owner sees it in Mi cuenta. */
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

/** Who asks: the session (kept when the others end) and where from, for the audit row. */
export interface Propietario {
  sesion: Pick<SesionActiva, 'id' | 'personalId' | 'usuario'>;
  ip: string;
}

/** "Quitar segundo factor" of an account without one (409). */
export const sinSegundoFactor = () =>
  new ErrorPersonal(TEXTOS_CUENTAS.sinSegundoFactor, { tipo: 'conflicto', codigo: CODIGOS.CONFLICTO });

/** "Códigos de recuperación" of an account without a second factor (409). */
export const codigosSinSegundoFactor = () =>
  new ErrorPersonal(TEXTOS_CUENTAS.codigosSinSegundoFactor, {
    tipo: 'conflicto',
    codigo: CODIGOS.CONFLICTO,
  });

/** Turning "Resumen diario" on without an e-mail (400, on the field). */
const sinCorreo = () =>
  new ErrorPersonal(TEXTOS_CUENTAS.sinCorreo, { fields: { activo: TEXTOS_CUENTAS.sinCorreo } });

/** The active account; null when it was disabled since its session was checked. */
export async function leerMiCuenta(db: Db, personalId: string): Promise<MiCuenta | null> {
  const fila = await db
    .selectFrom('personal')
    .select(['usuario', 'nombre', 'rol', 'totp_secreto', 'correo', 'resumen_diario'])
    .where('id', '=', personalId)
    .where('activo', '=', 1)
    .executeTakeFirst();
  if (!fila) return null;
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

/**
 * "Cambiar contraseña" (the route has held `nueva` to the shared rules and checked the current
 * one): in one transaction the hash is set, the account's other sessions end (this one stays),
 * its unused links are withdrawn and the change is audited `contrasena` {por: 'cuenta'}. False,
 * and nothing written, when the account is no longer active.
 */
export async function cambiarContrasenaPropia(
  db: Db,
  { sesion, ip }: Propietario,
  nueva: string,
  ahora = Date.now(),
): Promise<boolean> {
  const hash = await hashDeContrasena(nueva);
  return db.transaction().execute(async (trx) => {
    // The account's row first (a no-op update takes its lock); then this session must still be
    // there. A link used meanwhile ended every session of the account and chose a password: this
    // change, asked by a session that no longer exists, must not write over it.
    const cuenta = await trx
      .updateTable('personal')
      .set((eb) => ({ hash: eb.ref('hash') }))
      .where('id', '=', sesion.personalId)
      .where('activo', '=', 1)
      .executeTakeFirst();
    if (Number(cuenta.numUpdatedRows) === 0) return false;
    const vigente = await trx
      .selectFrom('sesiones_personal')
      .select('id')
      .where('id', '=', sesion.id)
      .executeTakeFirst();
    if (!vigente) return false;
    await trx.updateTable('personal').set({ hash }).where('id', '=', sesion.personalId).execute();
    // Whoever else holds a session of the account (a stolen cookie) is out; this one stays.
    await trx
      .deleteFrom('sesiones_personal')
      .where('personal_id', '=', sesion.personalId)
      .where('id', '!=', sesion.id)
      .execute();
    // A reset link sent before would set another password over this one: it stops working.
    await retirarEnlaces(trx, sesion.personalId, ahora);
    await auditar(trx, {
      usuario: sesion.usuario,
      ip,
      accion: 'contrasena',
      objeto: sesion.usuario,
      detalle: { por: 'cuenta' },
    });
    return true;
  });
}

/**
 * "Quitar segundo factor" of one's own account (the route has asked for the password), through the
 * accounts' one way to do it (personal/cuentas.ts): the codes go too, the other sessions end, this
 * one stays. The account afterwards; `sinSegundoFactor` when it had none; null when it is no
 * longer active.
 */
export async function quitarSegundoFactorPropio(
  db: Db,
  { sesion, ip }: Propietario,
): Promise<MiCuenta | null> {
  const quitado = await quitarSegundoFactor(
    db,
    sesion.usuario,
    { usuario: sesion.usuario, ip },
    { conservarSesion: sesion.id },
  );
  if (!quitado) throw sinSegundoFactor();
  return leerMiCuenta(db, sesion.personalId);
}

/**
 * Ten new recovery codes replacing the account's (the route has asked for the password), audited
 * `codigos_recuperacion` {cantidad} without them. `codigosSinSegundoFactor` when the account has
 * no second factor (or is no longer active).
 */
export async function generarCodigosRecuperacion(db: Db, { sesion, ip }: Propietario): Promise<string[]> {
  const codigos = await db.transaction().execute(async (trx) => {
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
      ip,
      accion: 'codigos_recuperacion',
      objeto: sesion.usuario,
      detalle: { cantidad: nuevos.length },
    });
    return nuevos;
  });
  if (codigos === null) throw codigosSinSegundoFactor();
  return codigos;
}

/**
 * "Resumen diario" on or off, audited `resumen_diario` {activo}. On only with an e-mail to send it
 * to. The account afterwards; null when it is no longer active (said before the missing e-mail);
 * `sinCorreo` (400 on `activo`) when turning it on without one.
 */
export async function cambiarResumenDiario(
  db: Db,
  { sesion, ip }: Propietario,
  activo: boolean,
): Promise<MiCuenta | null> {
  const hecho = await db.transaction().execute(async (trx) => {
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
      ip,
      accion: 'resumen_diario',
      objeto: sesion.usuario,
      detalle: { activo },
    });
    return true;
  });
  // Nothing changed: the account was disabled meanwhile, or has no e-mail.
  const cuenta = await leerMiCuenta(db, sesion.personalId);
  if (cuenta && !hecho) throw sinCorreo();
  return cuenta;
}
