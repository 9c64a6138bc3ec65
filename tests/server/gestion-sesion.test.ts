// Signing in to the back-office (producto §9): the cookie and its attributes, one answer for a
// wrong password and an unknown user, the lockout (shared by restarts and processes, and not
// outrun by requests in parallel), the session's rotation, idle and absolute limits, "Salir",
// an account disabled mid-session, only a hash of the cookie stored, and the anti-forgery check.
import { createHash } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { beforeEach, describe, expect, it } from 'vitest';
import { FALLOS_MAXIMOS, TEXTOS_GESTION } from '../../domain/index.js';
import { buildApp } from '../../server/app.js';
import { bajaPersonal } from '../../server/personal/cuentas.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { Navegador } from './ayuda/cliente.js';
import {
  asegurarCuenta,
  borraLaCookie,
  CONTRASENA_DE_PRUEBA,
  cookieDeSesion,
  cookieDeSesionEn,
  ingresar,
  ingresarComo,
  olvidarLimiteDeIngreso,
} from './ayuda/personal.js';

const CREDENCIALES = { error: 'CREDENCIALES', message: 'Usuario o contraseña incorrectos.' };
const BLOQUEADA = {
  error: 'CUENTA_BLOQUEADA',
  message: 'Demasiados intentos. Probá de nuevo en 15 minutos.',
};

const sha256 = (texto: string) => createHash('sha256').update(texto).digest('hex');

/** GET /sesion with exactly this cookie (another tab, an attacker holding an old value). */
const conCookie = (ctx: Contexto, token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/gestion/sesion', cookies: { 'gestion-sesion': token } });

async function fallar(nav: Navegador, usuario: string, veces: number) {
  for (let i = 0; i < veces; i++) {
    const r = await ingresar(nav, usuario, 'no es la contraseña');
    expect(r.statusCode).toBe(401);
  }
}

/**
 * The least time of each task over `rondas` rounds in which the tasks take turns: lower bounds
 * that noise can only raise.
 */
async function minimosMs(rondas: number, tareas: (() => Promise<unknown>)[]): Promise<number[]> {
  const minimos = tareas.map(() => Infinity);
  for (let i = 0; i < rondas; i++) {
    for (const [j, tarea] of tareas.entries()) {
      const inicio = performance.now();
      await tarea();
      minimos[j] = Math.min(minimos[j]!, performance.now() - inicio);
    }
  }
  return minimos;
}

/** The fastest of `veces` runs. */
const minimoMs = async (veces: number, tarea: () => Promise<unknown>): Promise<number> =>
  (await minimosMs(veces, [tarea]))[0]!;

conCadaBase('gestión: ingreso y sesión', (ctx) => {
  beforeEach(() => olvidarLimiteDeIngreso(ctx.db));

  it('el par correcto abre la sesión: 200 con la cuenta y una cookie HttpOnly, SameSite=Strict, Path=/', async () => {
    await asegurarCuenta(ctx.db, 'ana', 'revisor');
    const nav = await ctx.navegador().abrir();
    const r = await ingresar(nav, 'ana');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ usuario: 'ana', nombre: 'Cuenta ana', rol: 'revisor', segundoFactor: false });
    const cookie = cookieDeSesionEn(r) as Record<string, unknown>;
    expect(cookie).toMatchObject({ name: 'gestion-sesion', httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-robots-tag']).toBe('noindex, nofollow');

    const yo = await nav.get('/api/gestion/sesion');
    expect(yo.statusCode).toBe(200);
    expect(yo.json()).toEqual({ usuario: 'ana', nombre: 'Cuenta ana', rol: 'revisor', segundoFactor: false });
    // The name as typed, with spaces and capitals, is the same account.
    expect((await ingresar(await ctx.navegador().abrir(), '  ANA ')).statusCode).toBe(200);
  });

  it('contraseña equivocada y usuario inexistente: el mismo 401, y ambos pasan por argon2', async () => {
    await asegurarCuenta(ctx.db, 'beto', 'revisor');
    const nav = await ctx.navegador().abrir();
    const equivocada = await ingresar(nav, 'beto', 'no es la contraseña');
    const inexistente = await ingresar(nav, 'nadie-con-este-nombre', 'no es la contraseña');
    expect(equivocada.statusCode).toBe(401);
    expect(inexistente.statusCode).toBe(401);
    expect(equivocada.json()).toEqual(CREDENCIALES);
    expect(inexistente.json()).toEqual(CREDENCIALES);
    expect(inexistente.body).toBe(equivocada.body);
    expect(cookieDeSesionEn(equivocada)).toBeUndefined();

    // Both take at least about what one argon2id check takes here (a name that skipped it would
    // answer in a few milliseconds). The check's own time is measured, not assumed: it is 10 to
    // 50 ms depending on the machine.
    const { hash } = await ctx.db
      .selectFrom('personal')
      .select('hash')
      .where('usuario', '=', 'beto')
      .executeTakeFirstOrThrow();
    // Taking turns, so that a burst of load from another file reaches the three alike.
    const [argon2, msEquivocada, msInexistente] = (await minimosMs(5, [
      () => verify(hash, 'otra cosa'),
      () => ingresar(nav, 'beto', 'no es la contraseña'),
      () => ingresar(nav, 'nadie-con-este-nombre', 'no es la contraseña'),
    ])) as [number, number, number];
    expect(argon2).toBeGreaterThan(5);
    expect(msEquivocada).toBeGreaterThan(argon2 * 0.7);
    expect(msInexistente).toBeGreaterThan(argon2 * 0.7);
    // And a locked name, which runs no argon2, is measurably faster: the comparison can fail.
    await fallar(nav, 'cerrado', FALLOS_MAXIMOS);
    const msBloqueada = await minimoMs(3, () => ingresar(nav, 'cerrado', 'no es la contraseña'));
    expect(msBloqueada).toBeLessThan(msInexistente);
  });

  it(`${FALLOS_MAXIMOS} fallos bloquean la cuenta 15 minutos, aun con la contraseña correcta; después vuelve a entrar`, async () => {
    await asegurarCuenta(ctx.db, 'carla', 'revisor');
    const nav = await ctx.navegador().abrir();
    await fallar(nav, 'carla', FALLOS_MAXIMOS);
    const r = await ingresar(nav, 'carla', CONTRASENA_DE_PRUEBA);
    expect(r.statusCode).toBe(429);
    expect(r.json()).toEqual(BLOQUEADA);
    expect(r.headers['retry-after']).toBe('900');
    expect(cookieDeSesionEn(r)).toBeUndefined();
    // Another account is not affected.
    await asegurarCuenta(ctx.db, 'carla2', 'revisor');
    expect((await ingresar(nav, 'carla2')).statusCode).toBe(200);

    // Fifteen minutes later (the lock's end moved into the past):
    await ctx.db
      .updateTable('bloqueos_ingreso')
      .set({ bloqueado_hasta_ms: Date.now() - 1 })
      .where('usuario', '=', 'carla')
      .execute();
    expect((await ingresar(nav, 'carla')).statusCode).toBe(200);
    // A success clears the count: nine more failures do not lock it.
    await fallar(nav, 'carla', FALLOS_MAXIMOS - 1);
    expect((await ingresar(nav, 'carla')).statusCode).toBe(200);
  });

  it('un nombre inexistente se bloquea igual (la misma respuesta exista o no la cuenta)', async () => {
    const nav = await ctx.navegador().abrir();
    await fallar(nav, 'fantasma', FALLOS_MAXIMOS);
    const r = await ingresar(nav, 'fantasma');
    expect(r.statusCode).toBe(429);
    expect(r.json()).toEqual(BLOQUEADA);
  });

  it('fallos fuera de la ventana de 15 minutos no suman', async () => {
    await asegurarCuenta(ctx.db, 'dario', 'revisor');
    const nav = await ctx.navegador().abrir();
    await fallar(nav, 'dario', FALLOS_MAXIMOS - 1);
    await ctx.db
      .updateTable('bloqueos_ingreso')
      .set({ desde_ms: Date.now() - 16 * 60_000 })
      .where('usuario', '=', 'dario')
      .execute();
    await fallar(nav, 'dario', 1);
    expect((await ingresar(nav, 'dario')).statusCode).toBe(200);
  });

  it('pedidos en paralelo no prueban más de 10 contraseñas antes del bloqueo', async () => {
    await asegurarCuenta(ctx.db, 'elsa', 'revisor');
    const nav = await ctx.navegador().abrir();
    const respuestas = await Promise.all(
      Array.from({ length: 16 }, () => ingresar(nav, 'elsa', 'no es la contraseña')),
    );
    const codigos = respuestas.map((r) => r.statusCode);
    expect(codigos.filter((c) => c === 401)).toHaveLength(FALLOS_MAXIMOS);
    expect(codigos.filter((c) => c === 429)).toHaveLength(16 - FALLOS_MAXIMOS);
    expect((await ingresar(nav, 'elsa')).statusCode).toBe(429);
  });

  it('el bloqueo sobrevive a un reinicio y lo comparte otro proceso sobre la misma base', async () => {
    await asegurarCuenta(ctx.db, 'fede', 'revisor');
    await fallar(await ctx.navegador().abrir(), 'fede', FALLOS_MAXIMOS);
    await ctx.reiniciar();
    expect((await ingresar(await ctx.navegador().abrir(), 'fede')).statusCode).toBe(429);

    const otra = await buildApp(ctx.entorno.config);
    try {
      const nav = await new Navegador(() => otra).abrir();
      const r = await ingresar(nav, 'fede');
      expect(r.statusCode).toBe(429);
      expect(r.json()).toEqual(BLOQUEADA);
      // And failures counted by the other process lock this one too.
      await asegurarCuenta(ctx.db, 'fede2', 'revisor');
      await fallar(nav, 'fede2', FALLOS_MAXIMOS);
      expect((await ingresar(await ctx.navegador().abrir(), 'fede2')).statusCode).toBe(429);
    } finally {
      await otra.close();
    }
  });

  it('ingresar de nuevo rota la sesión: la cookie anterior deja de valer', async () => {
    const nav = await ingresarComo(ctx, 'gabi', 'revisor');
    const vieja = cookieDeSesion(nav)!;
    expect((await conCookie(ctx, vieja)).statusCode).toBe(200);
    expect((await ingresar(nav, 'gabi')).statusCode).toBe(200);
    const nueva = cookieDeSesion(nav)!;
    expect(nueva).not.toBe(vieja);
    const r = await conCookie(ctx, vieja);
    expect(r.statusCode).toBe(401);
    expect(borraLaCookie(r)).toBe(true);
    expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(200);
    const id = await ctx.db
      .selectFrom('sesiones_personal')
      .select('id')
      .where('id', '=', sha256(vieja))
      .executeTakeFirst();
    expect(id).toBeUndefined();
  });

  it('30 minutos sin uso cierran la sesión: 401 y la cookie borrada', async () => {
    const nav = await ingresarComo(ctx, 'hugo', 'revisor');
    const id = sha256(cookieDeSesion(nav)!);
    // 29 minutes idle is still fine, and the request counts as use.
    await ctx.db
      .updateTable('sesiones_personal')
      .set({ vista_ms: Date.now() - 29 * 60_000 })
      .where('id', '=', id)
      .execute();
    expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(200);
    const vista = await ctx.db
      .selectFrom('sesiones_personal')
      .select('vista_ms')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Date.now() - Number(vista.vista_ms)).toBeLessThan(60_000);

    await ctx.db
      .updateTable('sesiones_personal')
      .set({ vista_ms: Date.now() - 31 * 60_000 })
      .where('id', '=', id)
      .execute();
    const r = await nav.get('/api/gestion/sesion');
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ error: 'SIN_SESION', message: TEXTOS_GESTION.sinSesion });
    expect(borraLaCookie(r)).toBe(true);
    expect(cookieDeSesion(nav)).toBeUndefined();
    expect(
      await ctx.db.selectFrom('sesiones_personal').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('12 horas después de ingresar la sesión termina aunque se use', async () => {
    const nav = await ingresarComo(ctx, 'ines', 'revisor');
    const id = sha256(cookieDeSesion(nav)!);
    await ctx.db
      .updateTable('sesiones_personal')
      .set({ creada_ms: Date.now() - 12 * 60 * 60_000 + 60_000 })
      .where('id', '=', id)
      .execute();
    expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(200);
    await ctx.db
      .updateTable('sesiones_personal')
      .set({ creada_ms: Date.now() - 12 * 60 * 60_000 - 1_000 })
      .where('id', '=', id)
      .execute();
    const r = await nav.get('/api/gestion/sesion');
    expect(r.statusCode).toBe(401);
    expect(borraLaCookie(r)).toBe(true);
  });

  it('"Salir" cierra la sesión: 204, la cookie borrada y la anterior ya no vale', async () => {
    const nav = await ingresarComo(ctx, 'juan', 'revisor');
    const token = cookieDeSesion(nav)!;
    const r = await nav.delete('/api/gestion/sesion');
    expect(r.statusCode).toBe(204);
    expect(r.body).toBe('');
    expect(borraLaCookie(r)).toBe(true);
    expect(cookieDeSesion(nav)).toBeUndefined();
    expect((await conCookie(ctx, token)).statusCode).toBe(401);
    expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(401);
    // Without a session, "Salir" is a 401 like any other route.
    expect((await nav.delete('/api/gestion/sesion')).statusCode).toBe(401);
  });

  it('dar de baja la cuenta termina sus sesiones en el acto (servicio y ruta)', async () => {
    const a = await ingresarComo(ctx, 'kari', 'revisor');
    const b = await ingresarComo(ctx, 'kari', 'revisor');
    expect(await bajaPersonal(ctx.db, 'kari')).toBe(true);
    expect((await a.get('/api/gestion/sesion')).statusCode).toBe(401);
    expect((await b.get('/api/gestion/sesion')).statusCode).toBe(401);
    expect((await ingresar(a, 'kari')).json()).toEqual(CREDENCIALES);

    const revisor = await ingresarComo(ctx, 'lia', 'revisor');
    const admin = await ingresarComo(ctx, 'admin-baja', 'administrador');
    expect((await admin.post('/api/gestion/personal/lia/baja', {})).statusCode).toBe(204);
    expect((await revisor.get('/api/gestion/sesion')).statusCode).toBe(401);
    const quedan = await ctx.db
      .selectFrom('sesiones_personal')
      .innerJoin('personal', 'personal.id', 'sesiones_personal.personal_id')
      .select('sesiones_personal.id')
      .where('personal.usuario', 'in', ['kari', 'lia'])
      .execute();
    expect(quedan).toEqual([]);
  });

  it('la base guarda solo el sha256 de la cookie', async () => {
    const nav = await ingresarComo(ctx, 'memo', 'revisor');
    const token = cookieDeSesion(nav)!;
    const filas = await ctx.db.selectFrom('sesiones_personal').selectAll().execute();
    const volcado = JSON.stringify(filas);
    expect(volcado).not.toContain(token);
    expect(filas.map((f) => f.id)).toContain(sha256(token));
    // A copy of the database opens nothing: its value as a cookie is refused.
    expect((await conCookie(ctx, sha256(token))).statusCode).toBe(401);
  });

  it('sin la cabecera X-XSRF-TOKEN, ingresar responde 403', async () => {
    await asegurarCuenta(ctx.db, 'nora', 'revisor');
    const nav = await ctx.navegador().abrir();
    nav.enviarXsrf = false;
    const r = await ingresar(nav, 'nora');
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ error: 'ANTIFALSIFICACION' });
    expect(cookieDeSesionEn(r)).toBeUndefined();
    const sinXsrfAlSalir = await ingresarComo(ctx, 'nora', 'revisor');
    sinXsrfAlSalir.enviarXsrf = false;
    expect((await sinXsrfAlSalir.delete('/api/gestion/sesion')).statusCode).toBe(403);
    sinXsrfAlSalir.enviarXsrf = true;
    expect((await sinXsrfAlSalir.get('/api/gestion/sesion')).statusCode).toBe(200);
  });

  it('el cuerpo de ingreso se valida: campos de más o faltantes son 400', async () => {
    const nav = await ctx.navegador().abrir();
    expect((await nav.post('/api/gestion/sesion', { usuario: 'x' })).statusCode).toBe(400);
    expect(
      (await nav.post('/api/gestion/sesion', { usuario: 'x', contrasena: 'y', rol: 'administrador' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('la cookie de sesión en producción', () => {
  conCadaBase(
    'gestión: sesión en producción',
    (ctx) => {
      it('se llama __Host-gestion-sesion y es Secure, HttpOnly, SameSite=Strict, Path=/', async () => {
        const nav = await ingresarComo(ctx, 'olga', 'administrador');
        const token = nav.cookies.get('__Host-gestion-sesion');
        expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(nav.cookies.get('gestion-sesion')).toBeUndefined();
        const r = await ingresar(nav, 'olga');
        expect(cookieDeSesionEn(r)).toMatchObject({
          name: '__Host-gestion-sesion',
          secure: true,
          httpOnly: true,
          sameSite: 'Strict',
          path: '/',
        });
        expect(cookieDeSesionEn(r)).not.toHaveProperty('domain');
        expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(200);
        // The development name is not read in production.
        const r2 = await ctx.app.inject({
          method: 'GET',
          url: '/api/gestion/sesion',
          cookies: { 'gestion-sesion': nav.cookies.get('__Host-gestion-sesion')! },
        });
        expect(r2.statusCode).toBe(401);
        const salir = await nav.delete('/api/gestion/sesion');
        expect(salir.statusCode).toBe(204);
        expect(cookieDeSesionEn(salir)).toMatchObject({
          name: '__Host-gestion-sesion',
          value: '',
          secure: true,
        });
      });
    },
    { NODE_ENV: 'production' },
  );
});
