// Accounts managed by an administrador at /gestion/personal (producto §16, decision 127): "Nueva
// cuenta", "Cambiar rol", "Cambiar correo", "Reactivar", "Reenviar enlace" ("Dar de baja" and
// "Quitar segundo factor" are the console's own, in personal/cuentas.ts). Each change and its audit
// row go in one transaction; a new account's link and its message too. The routes ask for the
// administrador's own password before a change of role (personal/rutas/personal.ts).
import { esquemaCambioRol, esquemaCorreoCuenta, TEXTOS_CUENTAS } from '../../domain/cuentas.js';
import type { Rol } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS } from '../errores.js';
import { auditar } from '../auditoria/cadena.js';
import { bloquearCuentaYAdministradores, esElUltimoAdministrador } from './administradores.js';
import {
  conNombreUnico,
  ErrorPersonal,
  filaPersonal,
  insertarCuenta,
  noHayCuentaActiva,
  normalizarUsuario,
  TEXTOS_PERSONAL,
  ultimoAdministrador,
  validarCon,
  validarDatosAlta,
  type Autor,
  type FilaPersonal,
} from './cuentas.js';
import { crearEnlace, retirarEnlaces } from './enlaces.js';

const conflicto = (mensaje: string) =>
  new ErrorPersonal(mensaje, { tipo: 'conflicto', codigo: CODIGOS.CONFLICTO });
const cuentaDesconocida = () =>
  new ErrorPersonal(TEXTOS_PERSONAL.cuentaDesconocida, {
    tipo: 'no_encontrado',
    codigo: CODIGOS.NO_ENCONTRADO,
  });

/** The row after a change (the account exists: the change just found it). */
const filaDe = async (db: Db, usuario: string): Promise<FilaPersonal> => (await filaPersonal(db, usuario))!;

/**
 * "Nueva cuenta": the account without a password (hash '', which signing in treats as an unknown
 * user) and, in the same transaction, its 24 h link, the link's message in the outbox and the audit
 * rows (alta_personal, enlace_contrasena).
 */
export async function nuevaCuenta(
  db: Db,
  datos: { usuario: string; nombre: string; correo: string; rol: string },
  autor: Autor,
  ahora = Date.now(),
): Promise<FilaPersonal> {
  // The e-mail is required here (the link goes there): never the console's optional one.
  const validos = validarDatosAlta({ ...datos, correo: datos.correo ?? '' });
  const correo = validos.correo!;
  await conNombreUnico(validos.usuario, () =>
    db.transaction().execute(async (trx) => {
      const id = await insertarCuenta(trx, { ...validos, hash: '' }, autor, ahora);
      await crearEnlace(trx, { id, correo }, 'alta', ahora);
      await auditar(trx, {
        ...autor,
        accion: 'enlace_contrasena',
        objeto: validos.usuario,
        detalle: { tipo: 'alta' },
      });
    }),
  );
  return filaDe(db, validos.usuario);
}

/**
 * "Cambiar rol" of an active account, audited {de, a}. The last active administrador cannot be
 * made a revisor (409, nothing changes). The same role again changes and audits nothing. Sessions
 * stay: every request reads the role afresh (personal/sesiones.ts).
 */
export async function cambiarRol(db: Db, usuario: string, rol: string, autor: Autor): Promise<FilaPersonal> {
  validarCon(esquemaCambioRol.pick(['rol']), { rol });
  const nuevo = rol as Rol;
  const nombre = normalizarUsuario(usuario);
  await db.transaction().execute(async (trx) => {
    const cuenta = await bloquearCuentaYAdministradores(trx, nombre);
    if (!cuenta?.activa) throw noHayCuentaActiva();
    if (cuenta.rol === nuevo) return;
    if (nuevo !== 'administrador' && esElUltimoAdministrador(cuenta)) throw ultimoAdministrador();
    await trx.updateTable('personal').set({ rol: nuevo }).where('id', '=', cuenta.id).execute();
    await auditar(trx, {
      ...autor,
      accion: 'rol_personal',
      objeto: nombre,
      detalle: { de: cuenta.rol, a: nuevo },
    });
  });
  return filaDe(db, nombre);
}

/**
 * "Reactivar" a disabled account, audited; an active one is left as it is (nothing audited). Its
 * password is the one it had; its second factor too.
 */
export async function reactivarPersonal(db: Db, usuario: string, autor: Autor): Promise<FilaPersonal> {
  const nombre = normalizarUsuario(usuario);
  const existe = await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('personal')
      .set({ activo: 1, baja_en: null })
      .where('usuario', '=', nombre)
      .where('activo', '=', 0)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return (await filaPersonal(trx, nombre)) !== undefined;
    await auditar(trx, { ...autor, accion: 'reactivar_personal', objeto: nombre });
    return true;
  });
  if (!existe) throw cuentaDesconocida();
  return filaDe(db, nombre);
}

/**
 * "Cambiar correo" of an account (active or not), audited without the address (producto §9: no
 * personal data in the audit rows). Its unused links are withdrawn: they went to the old address,
 * which may be the reason for the change ("Reenviar enlace" sends a new one to the new address).
 */
export async function cambiarCorreo(
  db: Db,
  usuario: string,
  correo: string,
  autor: Autor,
  ahora = Date.now(),
): Promise<FilaPersonal> {
  validarCon(esquemaCorreoCuenta, { correo });
  const nuevo = correo.trim();
  const nombre = normalizarUsuario(usuario);
  await db.transaction().execute(async (trx) => {
    const cuenta = await trx
      .selectFrom('personal')
      .select(['id', 'correo'])
      .where('usuario', '=', nombre)
      .executeTakeFirst();
    if (!cuenta) throw cuentaDesconocida();
    if (cuenta.correo === nuevo) return;
    await trx.updateTable('personal').set({ correo: nuevo }).where('id', '=', cuenta.id).execute();
    await retirarEnlaces(trx, cuenta.id, ahora);
    await auditar(trx, { ...autor, accion: 'correo_personal', objeto: nombre });
  });
  return filaDe(db, nombre);
}

/**
 * "Reenviar enlace": a new 24 h link (tipo 'alta') for an active account that has not chosen its
 * password yet; the older one is withdrawn. An account with a password is refused (409): if its
 * owner forgot it, "¿Olvidaste tu contraseña?" sends them a link themselves, so an administrador
 * never sets anything in motion on an account in use. Refused too without an e-mail (409).
 */
export async function reenviarEnlace(
  db: Db,
  usuario: string,
  autor: Autor,
  ahora = Date.now(),
): Promise<void> {
  const nombre = normalizarUsuario(usuario);
  await db.transaction().execute(async (trx) => {
    const cuenta = await trx
      .selectFrom('personal')
      .select(['id', 'hash', 'correo'])
      .where('usuario', '=', nombre)
      .where('activo', '=', 1)
      .executeTakeFirst();
    if (!cuenta) throw noHayCuentaActiva();
    if (cuenta.hash !== '') throw conflicto(TEXTOS_PERSONAL.contrasenaYaElegida);
    if (!cuenta.correo) throw conflicto(TEXTOS_CUENTAS.sinCorreo);
    await crearEnlace(trx, { id: cuenta.id, correo: cuenta.correo }, 'alta', ahora);
    await auditar(trx, { ...autor, accion: 'enlace_contrasena', objeto: nombre, detalle: { tipo: 'alta' } });
  });
}
