// Staff accounts for the back-office tests: created through the product's own service (as
// `npm run personal -- alta` does) and signed in through the real route, so each test holds a
// browser with a real session cookie.
import type { LightMyRequestResponse } from 'fastify';
import type { Rol } from '../../../domain/index.js';
import type { Db } from '../../../server/db/esquema.js';
import { altaPersonal } from '../../../server/personal/cuentas.js';
import type { Contexto } from './contexto.js';
import type { Navegador } from './cliente.js';

export const CONTRASENA_DE_PRUEBA = 'una contraseña de prueba';

/** Creates the account unless it exists. */
export async function asegurarCuenta(db: Db, usuario: string, rol: Rol): Promise<void> {
  const existe = await db
    .selectFrom('personal')
    .select('id')
    .where('usuario', '=', usuario)
    .executeTakeFirst();
  if (!existe)
    await altaPersonal(db, { usuario, nombre: `Cuenta ${usuario}`, rol, contrasena: CONTRASENA_DE_PRUEBA });
}

/** POST /api/gestion/sesion from `nav`. */
export const ingresar = (
  nav: Navegador,
  usuario: string,
  contrasena = CONTRASENA_DE_PRUEBA,
  codigo?: string,
): Promise<LightMyRequestResponse> =>
  nav.post('/api/gestion/sesion', { usuario, contrasena, ...(codigo === undefined ? {} : { codigo }) });

/** A browser signed in as `usuario` (created with `rol` when missing). */
export async function ingresarComo(ctx: Contexto, usuario: string, rol: Rol): Promise<Navegador> {
  await asegurarCuenta(ctx.db, usuario, rol);
  const nav = ctx.navegador();
  await nav.abrir();
  const r = await ingresar(nav, usuario);
  if (r.statusCode !== 200) throw new Error(`No se pudo ingresar como ${usuario}: ${r.statusCode} ${r.body}`);
  return nav;
}

/**
 * Forgets the per-address budget of sign-ins (100 in 15 minutes): every test browser comes from
 * one address, and a file that signs in often would otherwise spend it.
 */
export async function olvidarLimiteDeIngreso(db: Db): Promise<void> {
  await db.deleteFrom('contadores').where('clave', 'like', 'ingreso|%').execute();
}

/** The session cookie `nav` holds (either name), or undefined. */
export const cookieDeSesion = (nav: Navegador): string | undefined =>
  nav.cookies.get('gestion-sesion') ?? nav.cookies.get('__Host-gestion-sesion');

/** The session cookie an answer set or cleared. */
export const cookieDeSesionEn = (r: LightMyRequestResponse) =>
  (r.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]).find((c) =>
    c.name.endsWith('gestion-sesion'),
  );

/** Whether an answer told the browser to drop the session cookie. */
export function borraLaCookie(r: LightMyRequestResponse): boolean {
  const c = cookieDeSesionEn(r);
  return (
    c !== undefined &&
    c.value === '' &&
    (c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now()))
  );
}

export interface FilaAuditoriaCompleta {
  n: number;
  en: string;
  usuario: string | null;
  ip: string;
  accion: string;
  objeto: string | null;
  detalle: Record<string, unknown> | null;
}

/** The audit log, oldest first, with `detalle` parsed. */
export async function auditoria(db: Db): Promise<FilaAuditoriaCompleta[]> {
  const filas = await db.selectFrom('auditoria').selectAll().orderBy('n').execute();
  return filas.map((f) => ({
    n: Number(f.n),
    en: f.en,
    usuario: f.usuario,
    ip: f.ip,
    accion: f.accion,
    objeto: f.objeto,
    detalle: f.detalle === null ? null : (JSON.parse(f.detalle) as Record<string, unknown>),
  }));
}

/** The audit rows written while `accion` runs. */
export async function auditoriaDe(db: Db, accion: () => Promise<unknown>): Promise<FilaAuditoriaCompleta[]> {
  const antes = (await auditoria(db)).length;
  await accion();
  return (await auditoria(db)).slice(antes);
}
