// Mi cuenta and recovery codes in tests (producto §16): an account with a second factor turned on
// through the real routes, PUT from a test browser, and the counts the tests compare.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Rol } from '../../../domain/index.js';
import type { Reautenticacion } from '../../../server/personal/ingreso.js';
import type { Navegador } from './cliente.js';
import type { Contexto } from './contexto.js';
import { auditoriaDe, CONTRASENA_DE_PRUEBA, ingresarComo } from './personal.js';
import { codigoActual } from './totp.js';

/** A browser signed in as `usuario`, whose account now has a second factor (enrolled and confirmed here). */
export async function ingresarConSegundoFactor(
  ctx: Contexto,
  usuario: string,
  rol: Rol = 'revisor',
): Promise<{ nav: Navegador; secreto: string }> {
  const nav = await ingresarComo(ctx, usuario, rol);
  const r = await nav.post('/api/gestion/sesion/segundo-factor', { contrasena: CONTRASENA_DE_PRUEBA });
  expect(r.statusCode).toBe(200);
  const { secreto } = r.json<{ secreto: string }>();
  // The step before now's: the code of the next sign-in (now's) is still ahead of it.
  const confirmado = await nav.post('/api/gestion/sesion/segundo-factor/confirmar', {
    codigo: codigoActual(secreto, usuario, Date.now() - 30_000),
  });
  expect(confirmado.statusCode).toBe(200);
  return { nav, secreto };
}

/** PUT with the browser's cookies and anti-forgery token (the test browser has no put). */
export function put(
  ctx: Contexto,
  nav: Navegador,
  url: string,
  cuerpo: unknown,
): Promise<LightMyRequestResponse> {
  const cookie = [...nav.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = nav.cookies.get('__Host-XSRF-TOKEN') ?? nav.cookies.get('XSRF-TOKEN') ?? '';
  return ctx.app.inject({
    method: 'PUT',
    url,
    payload: cuerpo as object,
    headers: { cookie, 'x-xsrf-token': xsrf },
  });
}

/** The lockout's count of attempts for a user name. */
export async function fallosDe(ctx: Contexto, usuario: string): Promise<number> {
  const fila = await ctx.db
    .selectFrom('bloqueos_ingreso')
    .select('fallos')
    .where('usuario', '=', usuario)
    .executeTakeFirst();
  return Number(fila?.fallos ?? 0);
}

export const idDeCuenta = async (ctx: Contexto, usuario: string): Promise<string> =>
  (await ctx.db.selectFrom('personal').select('id').where('usuario', '=', usuario).executeTakeFirstOrThrow())
    .id;

/** How many sessions the account holds. */
export async function sesionesDe(ctx: Contexto, usuario: string): Promise<number> {
  const id = await idDeCuenta(ctx, usuario);
  const fila = await ctx.db
    .selectFrom('sesiones_personal')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('personal_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(fila.n);
}

/**
 * A wrong password of one's own, asked again before a change of access (`para`): refused on the
 * field with the shared words, one `ingreso_fallido` row naming the account, and one attempt
 * counted toward its lockout (starting from none).
 */
export async function contrasenaPropiaEquivocada(
  ctx: Contexto,
  nav: Navegador,
  url: string,
  cuerpo: Record<string, unknown>,
  { usuario, para }: { usuario: string; para: Reautenticacion },
): Promise<void> {
  const filas = await auditoriaDe(ctx.db, async () => {
    const r = await nav.post(url, cuerpo);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      error: 'CREDENCIALES',
      message: 'La contraseña no es correcta.',
      fields: { contrasena: 'La contraseña no es correcta.' },
    });
  });
  expect(filas.map((f) => [f.accion, f.usuario, f.objeto, f.detalle])).toEqual([
    ['ingreso_fallido', usuario, usuario, { para, motivo: 'contraseña' }],
  ]);
  expect(await fallosDe(ctx, usuario)).toBe(1);
}
