// Staff accounts (producto §9): created by `npm run personal -- alta`, disabled (never deleted,
// their history stays) by `baja` or by an administrador in the back-office, listed by `lista`.
// A disabled account's sessions end at once, in the transaction that disables it.
import { randomUUID } from 'node:crypto';
import {
  esRol,
  LARGO_MINIMO_CONTRASENA,
  tieneCaracteresNoPermitidos,
  USUARIOS_RESERVADOS,
  type CuentaPersonal,
  type Rol,
} from '../../domain/index.js';
import { esViolacionDeUnicidad } from '../db/conexion.js';
import type { Db } from '../db/esquema.js';
import { auditar, type EventoAuditoria } from '../auditoria/cadena.js';
import { hashDeContrasena } from './contrasenas.js';

const FORMATO_USUARIO = /^[a-z0-9][a-z0-9._-]{2,31}$/;
/** The sign-in route accepts passwords up to this long: a longer one could never be typed in. */
const LARGO_MAXIMO_CONTRASENA = 1024;

export class ErrorPersonal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ErrorPersonal';
  }
}

export interface DatosAlta {
  usuario: string;
  nombre: string;
  rol: string;
}

export interface Alta extends DatosAlta {
  contrasena: string;
}

/** Who does it and from where, for the audit row. */
export interface Autor {
  usuario: string | null;
  ip: string;
}

/** The operator's console, as the audit names it. */
export const CONSOLA: Autor = { usuario: null, ip: 'consola' };

/** A user name as accounts store it. */
export const normalizarUsuario = (usuario: string) => usuario.trim().toLowerCase();

/** Everything but the password, so a command can refuse bad arguments before asking for it. */
export function validarDatosAlta(datos: DatosAlta): { usuario: string; nombre: string; rol: Rol } {
  const usuario = normalizarUsuario(datos.usuario);
  if (!FORMATO_USUARIO.test(usuario)) {
    throw new ErrorPersonal(
      'El usuario debe tener de 3 a 32 caracteres: letras minúsculas sin acentos, números, punto, guion o guion bajo.',
    );
  }
  if (USUARIOS_RESERVADOS.includes(usuario)) {
    throw new ErrorPersonal(`El usuario "${usuario}" está reservado por la bandeja: elegí otro.`);
  }
  const nombre = datos.nombre.trim();
  if (nombre === '' || nombre.length > 100 || tieneCaracteresNoPermitidos(nombre)) {
    throw new ErrorPersonal('Indicá el nombre con --nombre "<Nombre>" (hasta 100 caracteres).');
  }
  if (!esRol(datos.rol)) throw new ErrorPersonal('El rol debe ser revisor o administrador (--rol).');
  return { usuario, nombre, rol: datos.rol };
}

export function validarContrasena(contrasena: string): void {
  const largo = [...contrasena].length;
  if (largo < LARGO_MINIMO_CONTRASENA) {
    throw new ErrorPersonal(`La contraseña debe tener al menos ${LARGO_MINIMO_CONTRASENA} caracteres.`);
  }
  if (contrasena.length > LARGO_MAXIMO_CONTRASENA) {
    throw new ErrorPersonal(`La contraseña puede tener hasta ${LARGO_MAXIMO_CONTRASENA} caracteres.`);
  }
}

const yaExiste = (usuario: string) => new ErrorPersonal(`Ya existe una cuenta "${usuario}".`);

export async function altaPersonal(db: Db, alta: Alta, autor: Autor = CONSOLA): Promise<CuentaPersonal> {
  const { usuario, nombre, rol } = validarDatosAlta(alta);
  validarContrasena(alta.contrasena);
  const existe = async (trx: Db) =>
    (await trx.selectFrom('personal').select('id').where('usuario', '=', usuario).executeTakeFirst()) !==
    undefined;
  // Asked before the (slow) hash for a quick answer, and again in the transaction.
  if (await existe(db)) throw yaExiste(usuario);
  const hash = await hashDeContrasena(alta.contrasena);
  const evento: EventoAuditoria = { ...autor, accion: 'alta_personal', objeto: usuario, detalle: { rol } };
  try {
    await db.transaction().execute(async (trx) => {
      if (await existe(trx)) throw yaExiste(usuario);
      await trx
        .insertInto('personal')
        .values({
          id: randomUUID(),
          usuario,
          nombre,
          rol,
          hash,
          activo: 1,
          totp_secreto: null,
          totp_pendiente: null,
          totp_ultimo_paso: null,
          creado_en: new Date().toISOString(),
          baja_en: null,
        })
        .execute();
      await auditar(trx, evento);
    });
  } catch (error) {
    // Two at once with one name: the unique index refuses the second.
    if (esViolacionDeUnicidad(error)) throw yaExiste(usuario);
    throw error;
  }
  return { usuario, nombre, rol, segundoFactor: false };
}

/** Disables the account and ends its sessions; false (and nothing written) when there is no active account by that name. */
export async function bajaPersonal(db: Db, usuario: string, autor: Autor = CONSOLA): Promise<boolean> {
  const nombre = normalizarUsuario(usuario);
  return db.transaction().execute(async (trx) => {
    // Conditional: of two at once, only one disables it and writes the audit row.
    const r = await trx
      .updateTable('personal')
      .set({ activo: 0, baja_en: new Date().toISOString() })
      .where('usuario', '=', nombre)
      .where('activo', '=', 1)
      .returning('id')
      .executeTakeFirst();
    if (!r) return false;
    await trx.deleteFrom('sesiones_personal').where('personal_id', '=', r.id).execute();
    await auditar(trx, { ...autor, accion: 'baja_personal', objeto: nombre });
    return true;
  });
}

/**
 * Turns the second factor off (a lost phone): the operator's way back in, since the back-office
 * does not let a signed-in session replace a factor already active. False when there is no
 * active account by that name or it had none.
 */
export async function quitarSegundoFactor(db: Db, usuario: string, autor: Autor = CONSOLA): Promise<boolean> {
  const nombre = normalizarUsuario(usuario);
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('personal')
      .set({ totp_secreto: null, totp_pendiente: null, totp_ultimo_paso: null })
      .where('usuario', '=', nombre)
      .where('activo', '=', 1)
      .where('totp_secreto', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    if (!r) return false;
    // Whoever holds a session of it now held it with the factor; they sign in again.
    await trx.deleteFrom('sesiones_personal').where('personal_id', '=', r.id).execute();
    await auditar(trx, { ...autor, accion: 'segundo_factor', objeto: nombre, detalle: { quitado: true } });
    return true;
  });
}

export interface FilaPersonal extends CuentaPersonal {
  activo: boolean;
  creadoEn: string;
  bajaEn: string | null;
}

export async function listaPersonal(db: Db): Promise<FilaPersonal[]> {
  const filas = await db
    .selectFrom('personal')
    .select(['usuario', 'nombre', 'rol', 'totp_secreto', 'activo', 'creado_en', 'baja_en'])
    .orderBy('usuario')
    .execute();
  return filas.map((f) => ({
    usuario: f.usuario,
    nombre: f.nombre,
    rol: f.rol as Rol,
    segundoFactor: f.totp_secreto !== null,
    activo: Number(f.activo) === 1,
    creadoEn: f.creado_en,
    bajaEn: f.baja_en,
  }));
}
