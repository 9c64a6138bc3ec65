// Staff accounts (producto §9): created by `npm run personal -- alta`, disabled (never deleted,
// their history stays) by `baja`, listed by `lista`. A disabled account's sessions end at once.
import { randomUUID } from 'node:crypto';
import {
  esRol,
  LARGO_MINIMO_CONTRASENA,
  tieneCaracteresNoPermitidos,
  type CuentaPersonal,
  type Rol,
} from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { conAuditoria, type EventoAuditoria } from './auditoria.js';
import { hashDeContrasena } from './contrasenas.js';

export const FORMATO_USUARIO = /^[a-z0-9][a-z0-9._-]{2,31}$/;

export class ErrorPersonal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ErrorPersonal';
  }
}

export interface Alta {
  usuario: string;
  nombre: string;
  rol: string;
  contrasena: string;
}

/** Who does it and from where, for the audit row. */
export interface Autor {
  usuario: string | null;
  ip: string;
}

/** The operator's console, as the audit names it. */
export const CONSOLA: Autor = { usuario: null, ip: 'consola' };

function validar(alta: Alta): { usuario: string; nombre: string; rol: Rol } {
  const usuario = alta.usuario.trim().toLowerCase();
  if (!FORMATO_USUARIO.test(usuario)) {
    throw new ErrorPersonal(
      'El usuario debe tener de 3 a 32 caracteres: letras minúsculas sin acentos, números, punto, guion o guion bajo.',
    );
  }
  const nombre = alta.nombre.trim();
  if (nombre === '' || nombre.length > 100 || tieneCaracteresNoPermitidos(nombre)) {
    throw new ErrorPersonal('Indicá el nombre con --nombre "<Nombre>" (hasta 100 caracteres).');
  }
  if (!esRol(alta.rol)) throw new ErrorPersonal('El rol debe ser revisor o administrador (--rol).');
  if ([...alta.contrasena].length < LARGO_MINIMO_CONTRASENA) {
    throw new ErrorPersonal(`La contraseña debe tener al menos ${LARGO_MINIMO_CONTRASENA} caracteres.`);
  }
  return { usuario, nombre, rol: alta.rol };
}

export async function altaPersonal(db: Db, alta: Alta, autor: Autor = CONSOLA): Promise<CuentaPersonal> {
  const { usuario, nombre, rol } = validar(alta);
  const hash = await hashDeContrasena(alta.contrasena);
  const existe = await db.selectFrom('personal').select('id').where('usuario', '=', usuario).executeTakeFirst();
  if (existe) throw new ErrorPersonal(`Ya existe una cuenta "${usuario}".`);
  const evento: EventoAuditoria = { ...autor, accion: 'alta_personal', objeto: usuario, detalle: { rol } };
  await conAuditoria(db, evento, (trx) =>
    trx
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
      .execute(),
  );
  return { usuario, nombre, rol, segundoFactor: false };
}

/** Disables the account and ends its sessions; false when there is no active account by that name. */
export async function bajaPersonal(db: Db, usuario: string, autor: Autor = CONSOLA): Promise<boolean> {
  const nombre = usuario.trim().toLowerCase();
  return conAuditoria(
    db,
    { ...autor, accion: 'baja_personal', objeto: nombre },
    async (trx) => {
      const cuenta = await trx
        .selectFrom('personal')
        .select('id')
        .where('usuario', '=', nombre)
        .where('activo', '=', 1)
        .executeTakeFirst();
      if (!cuenta) throw new ErrorPersonal(`No hay una cuenta activa "${nombre}".`);
      await trx
        .updateTable('personal')
        .set({ activo: 0, baja_en: new Date().toISOString() })
        .where('id', '=', cuenta.id)
        .execute();
      await trx.deleteFrom('sesiones_personal').where('personal_id', '=', cuenta.id).execute();
      return true;
    },
  );
}

export interface FilaPersonal extends CuentaPersonal {
  activo: boolean;
  creadoEn: string;
  bajaEn: string | null;
}

export async function listaPersonal(db: Db): Promise<FilaPersonal[]> {
  const filas = await db.selectFrom('personal').selectAll().orderBy('usuario').execute();
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
