// The second factor (producto §9): enrolment with a QR code — only after the account's
// password is typed again, counted toward the sign-in lockout — confirmation with a code from the
// session that proved the password, then the sign-in asks for it; a wrong code counts as a
// failure, a used code is refused (replay), one step of drift is accepted and two are not. A
// signed-in session cannot replace an active factor; the operator removes a lost one
// (npm run personal -- quitar-segundo-factor).
import { beforeEach, expect, it } from 'vitest';
import { FALLOS_MAXIMOS, TEXTOS_GESTION } from '../../domain/index.js';
import { quitarSegundoFactor } from '../../server/personal/cuentas.js';
import { codigoActual } from './ayuda/totp.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import {
  auditoriaDe,
  CONTRASENA_DE_PRUEBA,
  ingresar,
  ingresarComo,
  olvidarLimiteDeIngreso,
} from './ayuda/personal.js';

const PASO_MS = 30_000;

/** A 6-digit code that is none of the codes of the three steps around now. */
function codigoEquivocado(secreto: string, usuario: string): string {
  const validos = [-1, 0, 1].map((d) => codigoActual(secreto, usuario, Date.now() + d * PASO_MS));
  return ['123456', '654321', '111111', '999999'].find((c) => !validos.includes(c))!;
}

const ENROLAR = '/api/gestion/sesion/segundo-factor';
const CONFIRMAR = '/api/gestion/sesion/segundo-factor/confirmar';
const CONTRASENA_INCORRECTA = 'La contraseña no es correcta.';

async function enrolar(nav: Navegador): Promise<string> {
  const r = await nav.post(ENROLAR, { contrasena: CONTRASENA_DE_PRUEBA });
  expect(r.statusCode).toBe(200);
  return r.json<{ secreto: string }>().secreto;
}

const cuentaDe = (ctx: Contexto, usuario: string) =>
  ctx.db
    .selectFrom('personal')
    .select(['totp_secreto', 'totp_pendiente'])
    .where('usuario', '=', usuario)
    .executeTakeFirstOrThrow();

const fallosDe = async (ctx: Contexto, usuario: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('bloqueos_ingreso')
        .select('fallos')
        .where('usuario', '=', usuario)
        .executeTakeFirst()
    )?.fallos ?? 0,
  );

conCadaBase('gestión: segundo factor', (ctx) => {
  beforeEach(() => olvidarLimiteDeIngreso(ctx.db));

  it('enrolar, confirmar y después ingresar con código: requerido, incorrecto, correcto, repetido, con desfase', async () => {
    const nav = await ingresarComo(ctx, 'totp', 'revisor');

    const r = await nav.post(ENROLAR, { contrasena: CONTRASENA_DE_PRUEBA });
    expect(r.statusCode).toBe(200);
    const { secreto, uri, qrSvg } = r.json<{ secreto: string; uri: string; qrSvg: string }>();
    expect(secreto).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const url = new URL(uri);
    expect(url.searchParams.get('secret')).toBe(secreto);
    expect(url.searchParams.get('issuer')).toBe('AMR Alta de Prestadores');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain('totp');
    expect(qrSvg.trimStart()).toMatch(/^<svg[\s>]/);
    expect(qrSvg.trimEnd()).toMatch(/<\/svg>$/);

    // Not on until confirmed: signing in still needs no code.
    expect((await ingresar(await ctx.navegador().abrir(), 'totp')).statusCode).toBe(200);

    // A wrong code does not confirm it.
    const mal = await nav.post('/api/gestion/sesion/segundo-factor/confirmar', {
      codigo: codigoEquivocado(secreto, 'totp'),
    });
    expect(mal.statusCode).toBe(400);
    expect(mal.json()).toMatchObject({
      error: 'CODIGO_INCORRECTO',
      fields: { codigo: TEXTOS_GESTION.codigoIncorrecto },
    });
    expect((await nav.get('/api/gestion/sesion')).json()).toMatchObject({ segundoFactor: false });

    // Confirmed with the code of the step before (one step of drift), typed with a space.
    const atrasado = codigoActual(secreto, 'totp', Date.now() - PASO_MS);
    const filas = await auditoriaDe(ctx.db, async () => {
      const ok = await nav.post('/api/gestion/sesion/segundo-factor/confirmar', {
        codigo: `${atrasado.slice(0, 3)} ${atrasado.slice(3)}`,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({
        usuario: 'totp',
        nombre: 'Cuenta totp',
        rol: 'revisor',
        segundoFactor: true,
      });
    });
    expect(filas.map((f) => [f.accion, f.usuario])).toEqual([['segundo_factor', 'totp']]);
    expect((await nav.get('/api/gestion/sesion')).json()).toMatchObject({ segundoFactor: true });
    expect(await cuentaDe(ctx, 'totp')).toEqual({ totp_secreto: secreto, totp_pendiente: null });

    const otro = await ctx.navegador().abrir();
    // The password alone: 401 asking for the code, no session.
    const sinCodigo = await ingresar(otro, 'totp');
    expect(sinCodigo.statusCode).toBe(401);
    expect(sinCodigo.json()).toEqual({ error: 'CODIGO_REQUERIDO', message: TEXTOS_GESTION.codigoRequerido });
    expect(sinCodigo.cookies).toEqual([]);
    // A wrong password never reveals that the account has a second factor.
    expect((await ingresar(otro, 'totp', 'no es la contraseña', atrasado)).json()).toMatchObject({
      error: 'CREDENCIALES',
    });

    // A wrong code: 401, counted as a failure and audited as one.
    const antes = await ctx.db
      .selectFrom('bloqueos_ingreso')
      .select('fallos')
      .where('usuario', '=', 'totp')
      .executeTakeFirst();
    const fallidas = await auditoriaDe(ctx.db, async () => {
      const r = await ingresar(otro, 'totp', undefined, codigoEquivocado(secreto, 'totp'));
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: 'CODIGO_INCORRECTO', message: TEXTOS_GESTION.codigoIncorrecto });
    });
    expect(fallidas.map((f) => [f.accion, f.usuario, f.detalle])).toEqual([
      ['ingreso_fallido', 'totp', { motivo: 'segundo factor' }],
    ]);
    const despues = await ctx.db
      .selectFrom('bloqueos_ingreso')
      .select('fallos')
      .where('usuario', '=', 'totp')
      .executeTakeFirstOrThrow();
    expect(Number(despues.fallos)).toBe(Number(antes?.fallos ?? 0) + 1);

    // The right code: in. The step it belongs to is after the one used to confirm.
    const ahora = codigoActual(secreto, 'totp');
    const bien = await ingresar(otro, 'totp', undefined, ahora);
    expect(bien.statusCode).toBe(200);
    expect(bien.json()).toMatchObject({ segundoFactor: true });
    expect((await otro.get('/api/gestion/sesion')).statusCode).toBe(200);

    // The same code again (seen over a shoulder): refused, even with the password.
    const repetido = await ingresar(await ctx.navegador().abrir(), 'totp', undefined, ahora);
    expect(repetido.statusCode).toBe(401);
    expect(repetido.json()).toMatchObject({ error: 'CODIGO_INCORRECTO' });
    // So is an older one.
    expect((await ingresar(await ctx.navegador().abrir(), 'totp', undefined, atrasado)).statusCode).toBe(401);

    // The next step's code (a phone a little ahead): accepted. Three steps ahead: not.
    expect(
      (
        await ingresar(
          await ctx.navegador().abrir(),
          'totp',
          undefined,
          codigoActual(secreto, 'totp', Date.now() + PASO_MS),
        )
      ).statusCode,
    ).toBe(200);
    const lejano = codigoActual(secreto, 'totp', Date.now() + 3 * PASO_MS);
    expect((await ingresar(await ctx.navegador().abrir(), 'totp', undefined, lejano)).statusCode).toBe(401);
  });

  it('dos ingresos a la vez con el mismo código: entra uno solo', async () => {
    const nav = await ingresarComo(ctx, 'doble', 'revisor');
    const secreto = await enrolar(nav);
    const confirmado = await nav.post('/api/gestion/sesion/segundo-factor/confirmar', {
      codigo: codigoActual(secreto, 'doble', Date.now() - PASO_MS),
    });
    expect(confirmado.statusCode).toBe(200);
    const codigo = codigoActual(secreto, 'doble');
    const [a, b] = await Promise.all([ctx.navegador().abrir(), ctx.navegador().abrir()]);
    const codigos = (
      await Promise.all([ingresar(a, 'doble', undefined, codigo), ingresar(b, 'doble', undefined, codigo)])
    ).map((r) => r.statusCode);
    expect(codigos.sort()).toEqual([200, 401]);
  });

  it('confirmar sin haber enrolado, o con un código de otro secreto, es 400', async () => {
    const nav = await ingresarComo(ctx, 'sin-enrolar', 'revisor');
    const r = await nav.post('/api/gestion/sesion/segundo-factor/confirmar', { codigo: '123456' });
    expect(r.statusCode).toBe(400);
    const primero = await enrolar(nav);
    const segundo = await enrolar(nav);
    expect(segundo).not.toBe(primero);
    // The newest enrolment is the one pending: a code of the first is refused.
    const delPrimero = codigoActual(primero, 'sin-enrolar');
    if (delPrimero !== codigoActual(segundo, 'sin-enrolar')) {
      expect(
        (await nav.post('/api/gestion/sesion/segundo-factor/confirmar', { codigo: delPrimero })).statusCode,
      ).toBe(400);
    }
    // Not six digits: refused as well.
    expect(
      (await nav.post('/api/gestion/sesion/segundo-factor/confirmar', { codigo: 'abcdef' })).statusCode,
    ).toBe(400);
  });

  it('con el segundo factor activo, una sesión no puede reemplazarlo (409); el operador lo quita', async () => {
    const nav = await ingresarComo(ctx, 'perdido', 'administrador');
    const secreto = await enrolar(nav);
    const codigo = codigoActual(secreto, 'perdido', Date.now() - PASO_MS);
    expect((await nav.post('/api/gestion/sesion/segundo-factor/confirmar', { codigo })).statusCode).toBe(200);
    const otra = await nav.post(ENROLAR, { contrasena: CONTRASENA_DE_PRUEBA });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toMatchObject({
      error: 'CONFLICTO',
      message: 'Tu cuenta ya tiene el segundo factor activado.',
    });

    // The phone is lost: the operator's command turns it off and ends the sessions.
    expect(await quitarSegundoFactor(ctx.db, 'perdido')).toBe(true);
    expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(401);
    expect(await quitarSegundoFactor(ctx.db, 'perdido')).toBe(false);
    const deNuevo = await ingresar(await ctx.navegador().abrir(), 'perdido');
    expect(deNuevo.statusCode).toBe(200);
    expect(deNuevo.json()).toMatchObject({ segundoFactor: false });
  });

  it('las rutas del segundo factor exigen sesión', async () => {
    const nav = await ctx.navegador().abrir();
    expect((await nav.post(ENROLAR, {})).statusCode).toBe(401);
    expect((await nav.post(ENROLAR, { contrasena: CONTRASENA_DE_PRUEBA })).statusCode).toBe(401);
    expect(
      (await nav.post('/api/gestion/sesion/segundo-factor/confirmar', { codigo: '123456' })).statusCode,
    ).toBe(401);
  });

  it('activar pide la contraseña: sin ella 400, equivocada se rechaza, se audita y cuenta; correcta, el QR', async () => {
    const nav = await ingresarComo(ctx, 'repregunta', 'revisor');
    const nada = { totp_secreto: null, totp_pendiente: null };

    // Without the password, or an empty one: a validation error on the field, nothing else.
    const sinCuerpo = await auditoriaDe(ctx.db, async () => {
      for (const cuerpo of [{}, { contrasena: '' }]) {
        const r = await nav.post(ENROLAR, cuerpo);
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({ error: 'VALIDACION', fields: { contrasena: expect.any(String) } });
      }
    });
    expect(sinCuerpo).toEqual([]);
    expect(await fallosDe(ctx, 'repregunta')).toBe(0);
    expect(await cuentaDe(ctx, 'repregunta')).toEqual(nada);

    // A wrong one: refused on the field, no secret made, one audit row naming only the account,
    // and one attempt counted toward the sign-in lockout.
    const filas = await auditoriaDe(ctx.db, async () => {
      const r = await nav.post(ENROLAR, { contrasena: 'no es la contraseña' });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({
        error: 'CREDENCIALES',
        message: CONTRASENA_INCORRECTA,
        fields: { contrasena: CONTRASENA_INCORRECTA },
      });
    });
    expect(filas.map((f) => [f.accion, f.usuario, f.objeto, f.detalle])).toEqual([
      ['ingreso_fallido', 'repregunta', 'repregunta', { para: 'segundo_factor', motivo: 'contraseña' }],
    ]);
    expect(JSON.stringify(filas)).not.toContain('no es la contraseña');
    expect(await cuentaDe(ctx, 'repregunta')).toEqual(nada);
    expect(await fallosDe(ctx, 'repregunta')).toBe(1);
    // The session is still good: a wrong password here signs no one out.
    expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(200);

    // The right one: the QR code, a secret pending, and the count cleared as a sign-in clears it.
    const bien = await auditoriaDe(ctx.db, () => enrolar(nav));
    expect(bien).toEqual([]);
    expect((await cuentaDe(ctx, 'repregunta')).totp_pendiente).not.toBeNull();
    expect(await fallosDe(ctx, 'repregunta')).toBe(0);
  });

  it('las contraseñas equivocadas al activar suman al bloqueo del ingreso: después ni la correcta pasa', async () => {
    const nav = await ingresarComo(ctx, 'robada', 'revisor');
    const ajena = await ctx.navegador().abrir();
    // Half at the sign-in page, half through the (stolen) session: one count.
    const mitad = FALLOS_MAXIMOS / 2;
    for (let i = 0; i < mitad; i++)
      expect((await ingresar(ajena, 'robada', `mala ${i}`)).statusCode).toBe(401);
    const filas = await auditoriaDe(ctx.db, async () => {
      for (let i = mitad; i < FALLOS_MAXIMOS; i++) {
        expect((await nav.post(ENROLAR, { contrasena: `mala ${i}` })).statusCode).toBe(400);
      }
      const r = await nav.post(ENROLAR, { contrasena: CONTRASENA_DE_PRUEBA });
      expect(r.statusCode).toBe(429);
      expect(r.headers['retry-after']).toBe(String(15 * 60));
      expect(r.json()).toEqual({
        error: 'CUENTA_BLOQUEADA',
        message: TEXTOS_GESTION.demasiadosIntentos,
        fields: { contrasena: TEXTOS_GESTION.demasiadosIntentos },
      });
    });
    expect(filas.at(-2)).toMatchObject({
      accion: 'ingreso_fallido',
      usuario: 'robada',
      detalle: { para: 'segundo_factor', motivo: 'contraseña', bloqueo: true },
    });
    expect(filas.at(-1)).toMatchObject({
      accion: 'ingreso_bloqueado',
      usuario: 'robada',
      detalle: { para: 'segundo_factor' },
    });
    expect(await cuentaDe(ctx, 'robada')).toEqual({ totp_secreto: null, totp_pendiente: null });
    // The same lock at the sign-in page.
    expect((await ingresar(await ctx.navegador().abrir(), 'robada')).statusCode).toBe(429);
  });

  it('solo se confirma el secreto de esta sesión, hecho tras la contraseña y hace menos de 15 minutos', async () => {
    const nav = await ingresarComo(ctx, 'atada', 'revisor');
    const otra = await ingresarComo(ctx, 'atada', 'revisor');
    const vencido = {
      error: 'CONFLICTO',
      message:
        'La activación del segundo factor venció o se empezó en otra sesión. ' +
        'Volvé a ingresar tu contraseña para empezar de nuevo.',
    };
    const confirmar = (n: Navegador, secreto: string) =>
      n.post(CONFIRMAR, { codigo: codigoActual(secreto, 'atada', Date.now() - PASO_MS) });

    // Started by one session: another session of the account (a stolen cookie) cannot turn it on.
    const secreto = await enrolar(nav);
    const ajena = await confirmar(otra, secreto);
    expect(ajena.statusCode).toBe(409);
    expect(ajena.json()).toEqual(vencido);

    // Left longer than 15 minutes: refused, start again.
    const guardado = (await cuentaDe(ctx, 'atada')).totp_pendiente!;
    const viejo = guardado.replace(/:(\d+):/, (_, hasta: string) => `:${Number(hasta) - 15 * 60_000 - 1}:`);
    expect(viejo).not.toBe(guardado);
    await ctx.db
      .updateTable('personal')
      .set({ totp_pendiente: viejo })
      .where('usuario', '=', 'atada')
      .execute();
    expect((await confirmar(nav, secreto)).json()).toEqual(vencido);

    // A bare secret, as enrolment stored it before the password was asked: never turned on.
    await ctx.db
      .updateTable('personal')
      .set({ totp_pendiente: secreto })
      .where('usuario', '=', 'atada')
      .execute();
    expect((await confirmar(nav, secreto)).statusCode).toBe(409);
    expect((await cuentaDe(ctx, 'atada')).totp_secreto).toBeNull();

    // Started again with the password: this session confirms it.
    const nuevo = await enrolar(nav);
    const ok = await confirmar(nav, nuevo);
    expect(ok.statusCode).toBe(200);
    expect(await cuentaDe(ctx, 'atada')).toEqual({ totp_secreto: nuevo, totp_pendiente: null });
  });
});
