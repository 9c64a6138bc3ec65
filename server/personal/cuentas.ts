// Staff accounts (producto §9, producto §16): created by `npm run personal -- alta` (with a password) or by
// an administrador's "Nueva cuenta" (personal/administracion.ts: the person chooses it through a
// link), disabled (never deleted, their history stays) by `baja` or in the back-office, listed by
// `lista`. A disabled account's sessions end at once, in the transaction that disables it. The
// last active administrador cannot be disabled (personal/administradores.ts).
//
// Input is judged with the forms' own rules (domain/cuentas.ts), so the console, the back-office
// form and the server say the same words.
import { randomUUID } from 'node:crypto';
import { esquemaContrasenaConEnlace, esquemaNuevaCuenta, TEXTOS_CUENTAS } from '../../domain/cuentas.js';
import { problemas, type EsquemaDeFormulario } from '../../domain/formularios.js';
import type { CuentaPersonal, Rol } from '../../domain/index.js';
import { esViolacionDeUnicidad } from '../db/conexion.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, type CodigoError, type TipoDeError } from '../errores.js';
import { auditar, type EventoAuditoria } from '../auditoria/cadena.js';
import { bloquearCuentaYAdministradores, esElUltimoAdministrador } from './administradores.js';
import { hashDeContrasena } from './contrasenas.js';

/**
 * A refusal of the accounts' services: the console prints its message (and each field's), a route
 * answers it as any ErrorDeDominio (by default 400 VALIDACION).
 */
export class ErrorPersonal extends ErrorDeDominio {
  constructor(
    message: string,
    opciones: { tipo?: TipoDeError; codigo?: CodigoError; fields?: Record<string, string> } = {},
  ) {
    super(opciones.tipo ?? 'invalido', opciones.codigo ?? CODIGOS.VALIDACION, message, opciones.fields);
    this.name = 'ErrorPersonal';
  }
}

/** The accounts' own refusals, beyond the shared words of domain/cuentas.ts. */
export const TEXTOS_PERSONAL = {
  bajaPropia: 'No podés dar de baja tu propia cuenta. Pedíselo a otro administrador.',
  cuentaInexistente: 'No hay una cuenta activa con ese usuario.',
  cuentaDesconocida: 'No hay una cuenta con ese usuario.',
  sinSegundoFactor: 'Esa cuenta no tiene el segundo factor activado.',
  contrasenaYaElegida:
    'Esa cuenta ya eligió su contraseña. Si la olvidó, puede pedir un enlace con «¿Olvidaste tu contraseña?».',
} as const;

export const noHayCuentaActiva = () =>
  new ErrorPersonal(TEXTOS_PERSONAL.cuentaInexistente, {
    tipo: 'no_encontrado',
    codigo: CODIGOS.NO_ENCONTRADO,
  });
export const ultimoAdministrador = () =>
  new ErrorPersonal(TEXTOS_CUENTAS.ultimoAdministrador, { tipo: 'conflicto', codigo: CODIGOS.CONFLICTO });

export interface DatosAlta {
  usuario: string;
  nombre: string;
  rol: string;
  /** "Correo electrónico": optional from the console (`--correo`). */
  correo?: string | null | undefined;
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

/** Throws an ErrorPersonal (400, each field with its message) when `valores` break a rule of `esquema`. */
export function validarCon(
  esquema: EsquemaDeFormulario,
  valores: unknown,
  contexto?: Record<string, unknown>,
): void {
  const campos = problemas(esquema, valores, contexto);
  const primero = Object.values(campos)[0];
  if (primero !== undefined) throw new ErrorPersonal(primero, { fields: campos });
}

const sinCorreo = esquemaNuevaCuenta.omit(['correo']);

export interface DatosValidos {
  usuario: string;
  nombre: string;
  rol: Rol;
  correo: string | null;
}

/**
 * Everything but the password (so a command can refuse bad arguments before asking for it), by
 * the rules of "Nueva cuenta"; the e-mail only when given.
 */
export function validarDatosAlta(datos: DatosAlta): DatosValidos {
  const conCorreo = datos.correo !== undefined && datos.correo !== null;
  validarCon(conCorreo ? esquemaNuevaCuenta : sinCorreo, datos);
  return {
    usuario: normalizarUsuario(datos.usuario),
    nombre: datos.nombre.trim(),
    rol: datos.rol as Rol,
    correo: conCorreo ? datos.correo!.trim() : null,
  };
}

/** A new password: at least 12 characters, never the account's user name (domain/cuentas.ts). */
export function validarContrasena(contrasena: string, usuario: string): void {
  validarCon(esquemaContrasenaConEnlace, { contrasena }, { usuario: normalizarUsuario(usuario) });
}

export const yaExiste = (usuario: string) =>
  new ErrorPersonal(TEXTOS_CUENTAS.usuarioExistente(usuario), {
    tipo: 'conflicto',
    codigo: CODIGOS.CONFLICTO,
    fields: { usuario: TEXTOS_CUENTAS.usuarioExistente(usuario) },
  });

const existe = async (trx: Db, usuario: string) =>
  (await trx.selectFrom('personal').select('id').where('usuario', '=', usuario).executeTakeFirst()) !==
  undefined;

/**
 * Inserts the account (`hash` '' until its link is used) and audits it, in the caller's
 * transaction; a name taken (even by two requests at once) is refused with `yaExiste`.
 */
export async function insertarCuenta(
  trx: Db,
  datos: DatosValidos & { hash: string },
  autor: Autor,
  ahora = Date.now(),
): Promise<string> {
  if (await existe(trx, datos.usuario)) throw yaExiste(datos.usuario);
  const id = randomUUID();
  await trx
    .insertInto('personal')
    .values({
      id,
      usuario: datos.usuario,
      nombre: datos.nombre,
      rol: datos.rol,
      hash: datos.hash,
      correo: datos.correo,
      activo: 1,
      totp_secreto: null,
      totp_pendiente: null,
      totp_ultimo_paso: null,
      creado_en: new Date(ahora).toISOString(),
      baja_en: null,
    })
    .execute();
  const evento: EventoAuditoria = {
    ...autor,
    accion: 'alta_personal',
    objeto: datos.usuario,
    detalle: { rol: datos.rol },
  };
  await auditar(trx, evento);
  return id;
}

/** Runs `crear` (a transaction that inserts an account), turning the unique index's refusal into `yaExiste`. */
export async function conNombreUnico<T>(usuario: string, crear: () => Promise<T>): Promise<T> {
  try {
    return await crear();
  } catch (error) {
    // Two at once with one name: the unique index refuses the second.
    if (esViolacionDeUnicidad(error)) throw yaExiste(usuario);
    throw error;
  }
}

/** The console's `alta`: the account with its password (and its e-mail when given). */
export async function altaPersonal(db: Db, alta: Alta, autor: Autor = CONSOLA): Promise<CuentaPersonal> {
  const datos = validarDatosAlta(alta);
  validarContrasena(alta.contrasena, datos.usuario);
  // Asked before the (slow) hash for a quick answer, and again in the transaction.
  if (await existe(db, datos.usuario)) throw yaExiste(datos.usuario);
  const hash = await hashDeContrasena(alta.contrasena);
  await conNombreUnico(datos.usuario, () =>
    db.transaction().execute((trx) => insertarCuenta(trx, { ...datos, hash }, autor)),
  );
  return { usuario: datos.usuario, nombre: datos.nombre, rol: datos.rol, segundoFactor: false };
}

/**
 * Disables the account and ends its sessions; false (and nothing written) when there is no active
 * account by that name. The last active administrador is refused (409, nothing changes).
 */
export async function bajaPersonal(db: Db, usuario: string, autor: Autor = CONSOLA): Promise<boolean> {
  const nombre = normalizarUsuario(usuario);
  return db.transaction().execute(async (trx) => {
    // Locked with the administradores: of two at once, the second sees the first one's change.
    const cuenta = await bloquearCuentaYAdministradores(trx, nombre);
    if (!cuenta?.activa) return false;
    if (esElUltimoAdministrador(cuenta)) throw ultimoAdministrador();
    await trx
      .updateTable('personal')
      .set({ activo: 0, baja_en: new Date().toISOString() })
      .where('id', '=', cuenta.id)
      .where('activo', '=', 1)
      .execute();
    await trx.deleteFrom('sesiones_personal').where('personal_id', '=', cuenta.id).execute();
    await auditar(trx, { ...autor, accion: 'baja_personal', objeto: nombre });
    return true;
  });
}

/**
 * Turns the second factor off — a lost phone (the operator's command, an administrador in the
 * back-office) or the person's own choice in Mi cuenta — and deletes the account's recovery codes,
 * which only stood in for it. The account's sessions end (they were opened with the factor),
 * except `conservarSesion`: Mi cuenta keeps the session that asked. False when there is no active
 * account by that name or it had none.
 */
export async function quitarSegundoFactor(
  db: Db,
  usuario: string,
  autor: Autor = CONSOLA,
  opciones: { conservarSesion?: string } = {},
): Promise<boolean> {
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
    await trx.deleteFrom('codigos_recuperacion').where('personal_id', '=', r.id).execute();
    await trx
      .deleteFrom('sesiones_personal')
      .where('personal_id', '=', r.id)
      .$if(opciones.conservarSesion !== undefined, (q) => q.where('id', '!=', opciones.conservarSesion!))
      .execute();
    await auditar(trx, { ...autor, accion: 'quitar_segundo_factor', objeto: nombre });
    return true;
  });
}

/** One row of "Personal" (producto §16). */
export interface FilaPersonal extends CuentaPersonal {
  correo: string | null;
  activo: boolean;
  creadoEn: string;
  bajaEn: string | null;
  /** Its last sign-in (ISO); null: never. */
  ultimoIngreso: string | null;
  /** No password chosen yet: its link is unused ("Reenviar enlace" applies). */
  contrasenaPendiente: boolean;
}

const filas = (db: Db) =>
  db
    .selectFrom('personal')
    .select([
      'usuario',
      'nombre',
      'correo',
      'rol',
      'hash',
      'totp_secreto',
      'activo',
      'creado_en',
      'baja_en',
      'ultimo_ingreso_en',
    ]);

type Fila = Awaited<ReturnType<ReturnType<typeof filas>['executeTakeFirstOrThrow']>>;

const comoFila = (f: Fila): FilaPersonal => ({
  usuario: f.usuario,
  nombre: f.nombre,
  correo: f.correo,
  rol: f.rol as Rol,
  segundoFactor: f.totp_secreto !== null,
  activo: Number(f.activo) === 1,
  creadoEn: f.creado_en,
  bajaEn: f.baja_en,
  ultimoIngreso: f.ultimo_ingreso_en,
  contrasenaPendiente: f.hash === '',
});

export async function listaPersonal(db: Db): Promise<FilaPersonal[]> {
  return (await filas(db).orderBy('usuario').execute()).map(comoFila);
}

/** One account's row; undefined when there is none by that name. */
export async function filaPersonal(db: Db, usuario: string): Promise<FilaPersonal | undefined> {
  const f = await filas(db).where('usuario', '=', normalizarUsuario(usuario)).executeTakeFirst();
  return f && comoFila(f);
}
