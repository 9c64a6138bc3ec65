// Staff accounts for the back-office tests: created through the product's own service (as
// `npm run personal -- alta` does) and signed in through the real route, so each test holds a
// browser with a real session cookie.
import type { Rol } from '../../../domain/index.js';
import type { Db } from '../../../server/db/esquema.js';
import { altaPersonal } from '../../../server/servicios/personal.js';
import type { Contexto } from './contexto.js';
import type { Navegador } from './cliente.js';

export const CONTRASENA_DE_PRUEBA = 'una contraseña de prueba';

/** Creates the account unless it exists. */
export async function asegurarCuenta(db: Db, usuario: string, rol: Rol): Promise<void> {
  const existe = await db.selectFrom('personal').select('id').where('usuario', '=', usuario).executeTakeFirst();
  if (!existe) await altaPersonal(db, { usuario, nombre: `Cuenta ${usuario}`, rol, contrasena: CONTRASENA_DE_PRUEBA });
}

/** A browser signed in as `usuario` (created with `rol` when missing). */
export async function ingresarComo(ctx: Contexto, usuario: string, rol: Rol): Promise<Navegador> {
  await asegurarCuenta(ctx.db, usuario, rol);
  const nav = ctx.navegador();
  await nav.abrir();
  const r = await nav.post('/api/gestion/sesion', { usuario, contrasena: CONTRASENA_DE_PRUEBA });
  if (r.statusCode !== 200) throw new Error(`No se pudo ingresar como ${usuario}: ${r.statusCode} ${r.body}`);
  return nav;
}
