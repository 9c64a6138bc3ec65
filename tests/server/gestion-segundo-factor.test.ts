// The second factor (producto §9): enrolment with a QR code, confirmation with a code, then the
// sign-in asks for it; a wrong code counts as a failure, a used code is refused (replay), one step
// of drift is accepted and two are not. A signed-in session cannot replace an active factor;
// the operator removes a lost one (npm run personal -- quitar-segundo-factor).
import { beforeEach, expect, it } from 'vitest';
import { TEXTOS_GESTION } from '../../domain/index.js';
import { quitarSegundoFactor } from '../../server/servicios/personal.js';
import { codigoActual } from '../../server/servicios/segundo-factor.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { auditoriaDe, ingresar, ingresarComo, olvidarLimiteDeIngreso } from './ayuda/personal.js';

const PASO_MS = 30_000;

/** A 6-digit code that is none of the codes of the three steps around now. */
function codigoEquivocado(secreto: string, usuario: string): string {
  const validos = [-1, 0, 1].map((d) => codigoActual(secreto, usuario, Date.now() + d * PASO_MS));
  return ['123456', '654321', '111111', '999999'].find((c) => !validos.includes(c))!;
}

async function enrolar(nav: Navegador): Promise<string> {
  const r = await nav.post('/api/gestion/sesion/segundo-factor', {});
  expect(r.statusCode).toBe(200);
  return r.json<{ secreto: string }>().secreto;
}

conCadaBase('gestión: segundo factor', (ctx) => {
  beforeEach(() => olvidarLimiteDeIngreso(ctx.db));

  it('enrolar, confirmar y después ingresar con código: requerido, incorrecto, correcto, repetido, con desfase', async () => {
    const nav = await ingresarComo(ctx, 'totp', 'revisor');

    const r = await nav.post('/api/gestion/sesion/segundo-factor', {});
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
    const cuenta = await ctx.db
      .selectFrom('personal')
      .select(['totp_secreto', 'totp_pendiente'])
      .where('usuario', '=', 'totp')
      .executeTakeFirstOrThrow();
    expect(cuenta).toEqual({ totp_secreto: secreto, totp_pendiente: null });

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
    const otra = await nav.post('/api/gestion/sesion/segundo-factor', {});
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
    expect((await nav.post('/api/gestion/sesion/segundo-factor', {})).statusCode).toBe(401);
    expect(
      (await nav.post('/api/gestion/sesion/segundo-factor/confirmar', { codigo: '123456' })).statusCode,
    ).toBe(401);
  });
});
