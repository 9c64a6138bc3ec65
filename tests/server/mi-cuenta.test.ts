// Mi cuenta (producto §16): the account as its owner sees it; "Cambiar contraseña" asks for the
// current one (a wrong one counts toward the sign-in lockout and is audited like a sign-in), holds
// the new one to the shared rules, ends the account's other sessions but not this one and
// withdraws the account's unused links (a reset link sent before no longer works); removing one's
// own second factor asks for the password and keeps this session; "Resumen diario" needs an
// e-mail to be turned on.
import { verify } from '@node-rs/argon2';
import { beforeEach, expect, it } from 'vitest';
import { FALLOS_MAXIMOS, TEXTOS_GESTION } from '../../domain/index.js';
import { TEXTOS_CUENTAS } from '../../domain/cuentas.js';
import { crearEnlace } from '../../server/personal/enlaces.js';
import { cambiarContrasenaPropia } from '../../server/personal/mi-cuenta.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { enlacesDe } from './ayuda/cuentas.js';
import {
  contrasenaPropiaEquivocada,
  fallosDe,
  idDeCuenta,
  ingresarConSegundoFactor,
  put,
  sesionesDe,
} from './ayuda/mi-cuenta.js';
import {
  asegurarCuenta,
  auditoriaDe,
  CONTRASENA_DE_PRUEBA,
  ingresar,
  ingresarComo,
  olvidarLimiteDeIngreso,
} from './ayuda/personal.js';
import { codigoActual } from './ayuda/totp.js';

const CUENTA = '/api/gestion/cuenta';
const CAMBIAR = '/api/gestion/cuenta/contrasena';
const QUITAR = '/api/gestion/cuenta/segundo-factor/quitar';
const RESUMEN = '/api/gestion/cuenta/resumen-diario';
const NUEVA = 'otra contraseña bien larga';

const hashDe = async (ctx: Contexto, usuario: string) =>
  (
    await ctx.db
      .selectFrom('personal')
      .select('hash')
      .where('usuario', '=', usuario)
      .executeTakeFirstOrThrow()
  ).hash;

conCadaBase('gestión: Mi cuenta', (ctx) => {
  beforeEach(() => olvidarLimiteDeIngreso(ctx.db));

  it('GET /cuenta: la cuenta, su correo, el resumen diario y los códigos que quedan; sin sesión 401', async () => {
    const nav = await ingresarComo(ctx, 'mia', 'administrador');
    const r = await nav.get(CUENTA);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      usuario: 'mia',
      nombre: 'Cuenta mia',
      rol: 'administrador',
      segundoFactor: false,
      correo: null,
      resumenDiario: false,
      codigosRestantes: 0,
    });
    await ctx.db
      .updateTable('personal')
      .set({ correo: 'mia@ejemplo.com' })
      .where('usuario', '=', 'mia')
      .execute();
    expect((await nav.get(CUENTA)).json()).toMatchObject({ correo: 'mia@ejemplo.com' });
    expect((await (await ctx.navegador().abrir()).get(CUENTA)).statusCode).toBe(401);
  });

  it('cambiar la contraseña: pide la actual, cierra las demás sesiones y conserva esta; se audita', async () => {
    const nav = await ingresarComo(ctx, 'cambia', 'revisor');
    const otra = await ingresarComo(ctx, 'cambia', 'revisor');
    const tercera = await ingresarComo(ctx, 'cambia', 'revisor');
    const ajena = await ingresarComo(ctx, 'cambia-ajena', 'revisor');
    expect(await sesionesDe(ctx, 'cambia')).toBe(3);

    const filas = await auditoriaDe(ctx.db, async () => {
      const r = await nav.post(CAMBIAR, { actual: CONTRASENA_DE_PRUEBA, nueva: NUEVA });
      expect(r.statusCode).toBe(204);
      expect(r.body).toBe('');
    });
    expect(filas.map((f) => [f.accion, f.usuario, f.objeto, f.detalle])).toEqual([
      ['contrasena', 'cambia', 'cambia', { por: 'cuenta' }],
    ]);
    expect(JSON.stringify(filas)).not.toContain(NUEVA);
    // This session goes on; the others of the account end; another account's does not.
    expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(200);
    expect((await otra.get('/api/gestion/sesion')).statusCode).toBe(401);
    expect((await tercera.get('/api/gestion/sesion')).statusCode).toBe(401);
    expect((await ajena.get('/api/gestion/sesion')).statusCode).toBe(200);
    expect(await sesionesDe(ctx, 'cambia')).toBe(1);
    // Stored as argon2 of the new one; the old one no longer signs in.
    expect(await verify(await hashDe(ctx, 'cambia'), NUEVA)).toBe(true);
    expect((await ingresar(await ctx.navegador().abrir(), 'cambia')).statusCode).toBe(401);
    expect((await ingresar(await ctx.navegador().abrir(), 'cambia', NUEVA)).statusCode).toBe(200);
  });

  it('cambiar la contraseña retira los enlaces sin usar: uno de restablecimiento enviado antes ya no sirve', async () => {
    const nav = await ingresarComo(ctx, 'cambia-enlace', 'revisor');
    // "¿Olvidaste tu contraseña?" sent a link (maybe asked by whoever knows the old password).
    const id = await idDeCuenta(ctx, 'cambia-enlace');
    const { token } = await ctx.db
      .transaction()
      .execute((trx) => crearEnlace(trx, { id, correo: 'cambia-enlace@ejemplo.com' }, 'restablecer'));

    expect((await nav.post(CAMBIAR, { actual: CONTRASENA_DE_PRUEBA, nueva: NUEVA })).statusCode).toBe(204);
    const [enlace] = await enlacesDe(ctx, 'cambia-enlace');
    expect(enlace!.usado_en).toBeNull();
    expect(enlace!.retirado_en).not.toBeNull();
    const otro = await ctx.navegador().abrir();
    for (const r of [
      await otro.post('/api/gestion/contrasena/enlace', { token }),
      await otro.post('/api/gestion/contrasena', { token, contrasena: 'la del enlace, bien larga' }),
    ]) {
      expect(r.statusCode).toBe(410);
      expect(r.json()).toEqual({ error: 'ENLACE_VENCIDO', message: TEXTOS_CUENTAS.enlaceReemplazado });
    }
    // The password chosen in Mi cuenta stays, and so does this session.
    expect(await verify(await hashDe(ctx, 'cambia-enlace'), NUEVA)).toBe(true);
    expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(200);
  });

  it('un cambio cuya sesión terminó entretanto (un enlace usado a la vez) no escribe sobre la contraseña del enlace', async () => {
    await asegurarCuenta(ctx.db, 'cambia-tarde', 'revisor');
    const personalId = await idDeCuenta(ctx, 'cambia-tarde');
    const antes = await hashDe(ctx, 'cambia-tarde');
    // The route checked the session and the password; then a link ended every session.
    const sesion = { id: 'f'.repeat(64), personalId, usuario: 'cambia-tarde' };
    const filas = await auditoriaDe(ctx.db, async () => {
      expect(await cambiarContrasenaPropia(ctx.db, { sesion, ip: '127.0.0.1' }, NUEVA)).toBe(false);
    });
    expect(await hashDe(ctx, 'cambia-tarde')).toBe(antes);
    expect(filas).toEqual([]);
  });

  it('la contraseña actual equivocada: 400 en su campo, nada cambia, se audita como ingreso fallido y cuenta', async () => {
    const nav = await ingresarComo(ctx, 'equivoca', 'revisor');
    const otra = await ingresarComo(ctx, 'equivoca', 'revisor');
    const hash = await hashDe(ctx, 'equivoca');
    const mensaje = TEXTOS_CUENTAS.contrasenaActualIncorrecta;
    const filas = await auditoriaDe(ctx.db, async () => {
      const r = await nav.post(CAMBIAR, { actual: 'no es la contraseña', nueva: NUEVA });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ error: 'CREDENCIALES', message: mensaje, fields: { actual: mensaje } });
    });
    expect(filas.map((f) => [f.accion, f.usuario, f.objeto, f.detalle])).toEqual([
      ['ingreso_fallido', 'equivoca', 'equivoca', { para: 'contrasena', motivo: 'contraseña' }],
    ]);
    expect(JSON.stringify(filas)).not.toContain('no es la contraseña');
    expect(await fallosDe(ctx, 'equivoca')).toBe(1);
    expect(await hashDe(ctx, 'equivoca')).toBe(hash);
    expect((await otra.get('/api/gestion/sesion')).statusCode).toBe(200);
    expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(200);
  });

  it('las contraseñas actuales equivocadas suman al bloqueo del ingreso: después ni la correcta pasa', async () => {
    const nav = await ingresarComo(ctx, 'adivina', 'revisor');
    const hash = await hashDe(ctx, 'adivina');
    for (let i = 0; i < FALLOS_MAXIMOS; i++)
      expect((await nav.post(CAMBIAR, { actual: `mala ${i}`, nueva: NUEVA })).statusCode).toBe(400);
    const r = await nav.post(CAMBIAR, { actual: CONTRASENA_DE_PRUEBA, nueva: NUEVA });
    expect(r.statusCode).toBe(429);
    expect(r.headers['retry-after']).toBe(String(15 * 60));
    expect(r.json()).toEqual({
      error: 'CUENTA_BLOQUEADA',
      message: TEXTOS_GESTION.demasiadosIntentos,
      fields: { actual: TEXTOS_GESTION.demasiadosIntentos },
    });
    expect(await hashDe(ctx, 'adivina')).toBe(hash);
    // The same lock at the sign-in page.
    expect((await ingresar(await ctx.navegador().abrir(), 'adivina')).statusCode).toBe(429);
  });

  it('la nueva sigue las reglas compartidas: corta o igual al usuario se rechaza, sin gastar un intento', async () => {
    const usuario = 'usuario-largo1';
    const nav = await ingresarComo(ctx, usuario, 'revisor');
    const hash = await hashDe(ctx, usuario);
    const casos: [Record<string, string>, Record<string, string>][] = [
      [{ actual: CONTRASENA_DE_PRUEBA, nueva: 'corta' }, { nueva: TEXTOS_CUENTAS.contrasenaCorta }],
      // Eleven: one short.
      [{ actual: CONTRASENA_DE_PRUEBA, nueva: '12345678901' }, { nueva: TEXTOS_CUENTAS.contrasenaCorta }],
      [{ actual: CONTRASENA_DE_PRUEBA, nueva: usuario }, { nueva: TEXTOS_CUENTAS.contrasenaIgualUsuario }],
      [
        { actual: CONTRASENA_DE_PRUEBA, nueva: ' USUARIO-LARGO1 ' },
        { nueva: TEXTOS_CUENTAS.contrasenaIgualUsuario },
      ],
      [{ actual: '', nueva: NUEVA }, { actual: TEXTOS_CUENTAS.contrasenaActual }],
    ];
    const filas = await auditoriaDe(ctx.db, async () => {
      for (const [cuerpo, campos] of casos) {
        const r = await nav.post(CAMBIAR, cuerpo);
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({ error: 'VALIDACION', fields: campos });
      }
      expect((await nav.post(CAMBIAR, { actual: CONTRASENA_DE_PRUEBA })).statusCode).toBe(400);
    });
    expect(filas).toEqual([]);
    expect(await fallosDe(ctx, usuario)).toBe(0);
    expect(await hashDe(ctx, usuario)).toBe(hash);
    // Twelve is enough.
    expect(
      (await nav.post(CAMBIAR, { actual: CONTRASENA_DE_PRUEBA, nueva: '123456789012' })).statusCode,
    ).toBe(204);
  });

  it('quitar el propio segundo factor: pide la contraseña, conserva esta sesión, borra los códigos; sin factor 409', async () => {
    const sinFactor = await ingresarComo(ctx, 'sin-factor-mc', 'revisor');
    const nada = await auditoriaDe(ctx.db, async () => {
      const r = await sinFactor.post(QUITAR, { contrasena: CONTRASENA_DE_PRUEBA });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ error: 'CONFLICTO', message: TEXTOS_CUENTAS.sinSegundoFactor });
    });
    expect(nada).toEqual([]);
    expect(await fallosDe(ctx, 'sin-factor-mc')).toBe(0);

    const { nav, secreto } = await ingresarConSegundoFactor(ctx, 'quita');
    const generados = await nav.post('/api/gestion/cuenta/codigos-recuperacion', {
      contrasena: CONTRASENA_DE_PRUEBA,
    });
    expect(generados.statusCode).toBe(200);
    const otra = await ctx.navegador().abrir();
    expect((await ingresar(otra, 'quita', undefined, codigoActual(secreto, 'quita'))).statusCode).toBe(200);

    // A wrong password: refused on the field, audited and counted; the factor stays.
    await contrasenaPropiaEquivocada(
      ctx,
      nav,
      QUITAR,
      { contrasena: 'no es la contraseña' },
      {
        usuario: 'quita',
        para: 'quitar_segundo_factor',
      },
    );
    expect((await nav.get(CUENTA)).json()).toMatchObject({ segundoFactor: true, codigosRestantes: 10 });

    const filas = await auditoriaDe(ctx.db, async () => {
      const r = await nav.post(QUITAR, { contrasena: CONTRASENA_DE_PRUEBA });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        usuario: 'quita',
        nombre: 'Cuenta quita',
        rol: 'revisor',
        segundoFactor: false,
        correo: null,
        resumenDiario: false,
        codigosRestantes: 0,
      });
    });
    expect(filas.map((f) => [f.accion, f.usuario, f.objeto])).toEqual([
      ['quitar_segundo_factor', 'quita', 'quita'],
    ]);
    // This session stays; the other one (signed in with the factor) ends; the codes are gone.
    expect((await nav.get('/api/gestion/sesion')).json()).toMatchObject({ segundoFactor: false });
    expect((await otra.get('/api/gestion/sesion')).statusCode).toBe(401);
    const codigos = await ctx.db
      .selectFrom('codigos_recuperacion')
      .innerJoin('personal', 'personal.id', 'codigos_recuperacion.personal_id')
      .select('codigos_recuperacion.id')
      .where('personal.usuario', '=', 'quita')
      .execute();
    expect(codigos).toEqual([]);
    // Signing in needs no code now.
    expect((await ingresar(await ctx.navegador().abrir(), 'quita')).statusCode).toBe(200);
  });

  it('resumen diario: sin correo no se activa (400); con correo sí, y se audita; desactivar siempre se puede', async () => {
    const nav = await ingresarComo(ctx, 'resumen', 'revisor');
    const sinCorreo = await auditoriaDe(ctx.db, async () => {
      const r = await put(ctx, nav, RESUMEN, { activo: true });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({
        error: 'VALIDACION',
        message: TEXTOS_CUENTAS.sinCorreo,
        fields: { activo: TEXTOS_CUENTAS.sinCorreo },
      });
    });
    expect(sinCorreo).toEqual([]);
    expect((await nav.get(CUENTA)).json()).toMatchObject({ resumenDiario: false });
    expect((await put(ctx, nav, RESUMEN, {})).statusCode).toBe(400);

    await ctx.db
      .updateTable('personal')
      .set({ correo: 'resumen@ejemplo.com' })
      .where('usuario', '=', 'resumen')
      .execute();
    const filas = await auditoriaDe(ctx.db, async () => {
      const r = await put(ctx, nav, RESUMEN, { activo: true });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({
        usuario: 'resumen',
        correo: 'resumen@ejemplo.com',
        resumenDiario: true,
      });
    });
    expect(filas.map((f) => [f.accion, f.usuario, f.objeto, f.detalle])).toEqual([
      ['resumen_diario', 'resumen', 'resumen', { activo: true }],
    ]);
    const fila = await ctx.db
      .selectFrom('personal')
      .select('resumen_diario')
      .where('usuario', '=', 'resumen')
      .executeTakeFirstOrThrow();
    expect(Number(fila.resumen_diario)).toBe(1);

    await ctx.db.updateTable('personal').set({ correo: null }).where('usuario', '=', 'resumen').execute();
    const apagado = await put(ctx, nav, RESUMEN, { activo: false });
    expect(apagado.statusCode).toBe(200);
    expect(apagado.json()).toMatchObject({ resumenDiario: false });
  });

  it('las rutas de Mi cuenta exigen sesión', async () => {
    await asegurarCuenta(ctx.db, 'sin-sesion-mc', 'revisor');
    const nav = await ctx.navegador().abrir();
    expect((await nav.get(CUENTA)).statusCode).toBe(401);
    expect((await nav.post(CAMBIAR, { actual: CONTRASENA_DE_PRUEBA, nueva: NUEVA })).statusCode).toBe(401);
    expect((await nav.post(QUITAR, { contrasena: CONTRASENA_DE_PRUEBA })).statusCode).toBe(401);
    expect(
      (await nav.post('/api/gestion/cuenta/codigos-recuperacion', { contrasena: CONTRASENA_DE_PRUEBA }))
        .statusCode,
    ).toBe(401);
    expect((await put(ctx, nav, RESUMEN, { activo: false })).statusCode).toBe(401);
  });
});
