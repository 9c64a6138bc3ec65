// Recovery codes (producto §16): made in Mi cuenta with the password, 10 of them, shown once and
// stored only as sha256; typed at sign-in in the "Código de verificación" field instead of the
// app's code, each works once — a used one is refused with its own words, counted toward the
// lockout like a wrong code and changes nothing — and each use is audited without the code. Two
// sign-ins with one code open one session.
import { createHash } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { FALLOS_MAXIMOS, TEXTOS_GESTION } from '../../domain/index.js';
import { CANTIDAD_CODIGOS_RECUPERACION, TEXTOS_CUENTAS } from '../../domain/cuentas.js';
import { usarCodigoRecuperacion } from '../../server/personal/codigos-recuperacion.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import {
  contrasenaPropiaEquivocada,
  fallosDe,
  idDeCuenta,
  ingresarConSegundoFactor,
  sesionesDe,
} from './ayuda/mi-cuenta.js';
import {
  auditoria,
  auditoriaDe,
  CONTRASENA_DE_PRUEBA,
  ingresar,
  ingresarComo,
  olvidarLimiteDeIngreso,
} from './ayuda/personal.js';

const CODIGOS = '/api/gestion/cuenta/codigos-recuperacion';
const FORMATO = /^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/;
const sha256 = (texto: string) => createHash('sha256').update(texto).digest('hex');

async function generar(nav: Navegador): Promise<string[]> {
  const r = await nav.post(CODIGOS, { contrasena: CONTRASENA_DE_PRUEBA });
  expect(r.statusCode).toBe(200);
  return r.json<{ codigos: string[] }>().codigos;
}

const filasDe = async (ctx: Contexto, usuario: string) =>
  ctx.db
    .selectFrom('codigos_recuperacion')
    .selectAll()
    .where('personal_id', '=', await idDeCuenta(ctx, usuario))
    .orderBy('hash')
    .execute();

const restantes = async (nav: Navegador) =>
  (await nav.get('/api/gestion/cuenta')).json<{ codigosRestantes: number }>().codigosRestantes;

conCadaBase('gestión: códigos de recuperación', (ctx) => {
  beforeEach(() => olvidarLimiteDeIngreso(ctx.db));

  it('con la contraseña: 10 códigos distintos, mostrados una vez, guardados solo como sha256 y auditados sin ellos', async () => {
    const { nav } = await ingresarConSegundoFactor(ctx, 'codigos');
    expect(await restantes(nav)).toBe(0);

    let respuesta!: Awaited<ReturnType<Navegador['post']>>;
    const filas = await auditoriaDe(ctx.db, async () => {
      respuesta = await nav.post(CODIGOS, { contrasena: CONTRASENA_DE_PRUEBA });
    });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.headers['cache-control']).toBe('no-store');
    const { codigos } = respuesta.json<{ codigos: string[] }>();
    expect(codigos).toHaveLength(CANTIDAD_CODIGOS_RECUPERACION);
    expect(new Set(codigos).size).toBe(CANTIDAD_CODIGOS_RECUPERACION);
    for (const c of codigos) expect(c).toMatch(FORMATO);

    // Stored: one sha256 of the 16 characters each, never the text shown.
    const guardados = await filasDe(ctx, 'codigos');
    expect(guardados.map((f) => f.hash).sort()).toEqual(
      codigos.map((c) => sha256(c.replace(/-/g, ''))).sort(),
    );
    expect(guardados.every((f) => f.usado_en === null)).toBe(true);
    const todo = JSON.stringify([guardados, await auditoria(ctx.db)]);
    for (const c of codigos) {
      expect(todo).not.toContain(c);
      expect(todo).not.toContain(c.replace(/-/g, ''));
    }
    expect(filas.map((f) => [f.accion, f.usuario, f.objeto])).toEqual([
      ['codigos_recuperacion', 'codigos', 'codigos'],
    ]);
    expect(await restantes(nav)).toBe(CANTIDAD_CODIGOS_RECUPERACION);

    // New ones replace them all: an old code no longer signs in, a new one does.
    const nuevos = await generar(nav);
    expect(nuevos.some((c) => codigos.includes(c))).toBe(false);
    expect(await filasDe(ctx, 'codigos')).toHaveLength(CANTIDAD_CODIGOS_RECUPERACION);
    const viejo = await ingresar(await ctx.navegador().abrir(), 'codigos', undefined, codigos[0]);
    expect(viejo.statusCode).toBe(401);
    expect(viejo.json()).toEqual({ error: 'CODIGO_INCORRECTO', message: TEXTOS_GESTION.codigoIncorrecto });
    expect((await ingresar(await ctx.navegador().abrir(), 'codigos', undefined, nuevos[0])).statusCode).toBe(
      200,
    );
  });

  it('cada código sirve una vez al ingresar; repetido: su propio mensaje, cuenta como fallo y no cambia nada', async () => {
    const { nav } = await ingresarConSegundoFactor(ctx, 'recupera');
    const [primero, segundo] = (await generar(nav)) as [string, string];

    // Typed as people do: capitals, a space for a dash, O for 0 and I for 1.
    const tipeado = primero.toUpperCase().replace('-', ' ').replace(/0/g, 'O').replace(/1/g, 'I');
    const otro = await ctx.navegador().abrir();
    const filas = await auditoriaDe(ctx.db, async () => {
      const r = await ingresar(otro, 'recupera', undefined, tipeado);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ usuario: 'recupera', segundoFactor: true });
    });
    expect((await otro.get('/api/gestion/sesion')).statusCode).toBe(200);
    expect(filas.map((f) => [f.accion, f.usuario, f.objeto, f.detalle])).toEqual([
      ['ingreso', 'recupera', null, null],
      ['codigo_recuperacion', 'recupera', 'recupera', { restantes: CANTIDAD_CODIGOS_RECUPERACION - 1 }],
    ]);
    expect(JSON.stringify(filas)).not.toContain(primero.slice(0, 4));
    expect(await restantes(nav)).toBe(CANTIDAD_CODIGOS_RECUPERACION - 1);

    // The same code again: refused with its own words on the field, counted, audited, nothing used.
    const antes = await filasDe(ctx, 'recupera');
    const sesiones = await sesionesDe(ctx, 'recupera');
    const fallos = await fallosDe(ctx, 'recupera');
    const ajeno = await ctx.navegador().abrir();
    const fallidas = await auditoriaDe(ctx.db, async () => {
      const r = await ingresar(ajeno, 'recupera', undefined, primero);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({
        error: 'CODIGO_INCORRECTO',
        message: TEXTOS_CUENTAS.codigoRecuperacionUsado,
        fields: { codigo: TEXTOS_CUENTAS.codigoRecuperacionUsado },
      });
      expect(r.cookies.some((c: { name: string }) => c.name.endsWith('gestion-sesion'))).toBe(false);
    });
    expect(fallidas.map((f) => [f.accion, f.usuario, f.detalle])).toEqual([
      ['ingreso_fallido', 'recupera', { motivo: 'segundo factor', codigoRecuperacion: 'usado' }],
    ]);
    expect(await fallosDe(ctx, 'recupera')).toBe(fallos + 1);
    expect(await filasDe(ctx, 'recupera')).toEqual(antes);
    expect(await sesionesDe(ctx, 'recupera')).toBe(sesiones);

    // A code that is not the account's (the right shape): the usual wrong code, counted as well.
    const ajenoCodigo = 'zzzz-zzzz-zzzz-zzzz';
    const desconocido = await ingresar(ajeno, 'recupera', undefined, ajenoCodigo);
    expect(desconocido.statusCode).toBe(401);
    expect(desconocido.json()).toEqual({
      error: 'CODIGO_INCORRECTO',
      message: TEXTOS_GESTION.codigoIncorrecto,
    });
    expect(await fallosDe(ctx, 'recupera')).toBe(fallos + 2);

    // A wrong password with a good code: the password's refusal, and the code is not spent.
    const malaClave = await ingresar(ajeno, 'recupera', 'no es la contraseña', segundo);
    expect(malaClave.json()).toMatchObject({ error: 'CREDENCIALES' });
    expect(await restantes(nav)).toBe(CANTIDAD_CODIGOS_RECUPERACION - 1);
    // The second code still works, once; a success clears the count.
    expect((await ingresar(ajeno, 'recupera', undefined, segundo)).statusCode).toBe(200);
    expect(await fallosDe(ctx, 'recupera')).toBe(0);
    expect(await restantes(nav)).toBe(CANTIDAD_CODIGOS_RECUPERACION - 2);
  });

  it('los códigos usados suman al bloqueo como los códigos equivocados: después ni uno nuevo pasa', async () => {
    const { nav } = await ingresarConSegundoFactor(ctx, 'gastados');
    const codigos = await generar(nav);
    expect(
      (await ingresar(await ctx.navegador().abrir(), 'gastados', undefined, codigos[0])).statusCode,
    ).toBe(200);
    const ajeno = await ctx.navegador().abrir();
    for (let i = 0; i < FALLOS_MAXIMOS; i++)
      expect((await ingresar(ajeno, 'gastados', undefined, codigos[0])).statusCode).toBe(401);
    const r = await ingresar(ajeno, 'gastados', undefined, codigos[1]);
    expect(r.statusCode).toBe(429);
    expect(r.headers['retry-after']).toBe('900');
    // Refused before the code was looked at: it is still unused.
    expect(await restantes(nav)).toBe(CANTIDAD_CODIGOS_RECUPERACION - 1);
  });

  it('dos ingresos a la vez con el mismo código: entra uno solo', async () => {
    const { nav } = await ingresarConSegundoFactor(ctx, 'carrera');
    const [codigo] = (await generar(nav)) as [string];
    const sesiones = await sesionesDe(ctx, 'carrera');
    const [a, b] = await Promise.all([ctx.navegador().abrir(), ctx.navegador().abrir()]);
    const filas = await auditoriaDe(ctx.db, async () => {
      const estados = (
        await Promise.all([
          ingresar(a, 'carrera', undefined, codigo),
          ingresar(b, 'carrera', undefined, codigo),
        ])
      ).map((r) => r.statusCode);
      expect(estados.sort()).toEqual([200, 401]);
    });
    expect(await sesionesDe(ctx, 'carrera')).toBe(sesiones + 1);
    expect(filas.filter((f) => f.accion === 'codigo_recuperacion')).toHaveLength(1);
    expect(filas.filter((f) => f.accion === 'ingreso_fallido')).toHaveLength(1);
  });

  it('el uso es condicional: de dos transacciones con un código, solo la primera lo usa', async () => {
    const { nav } = await ingresarConSegundoFactor(ctx, 'condicional');
    const [codigo] = (await generar(nav)) as [string];
    const id = await idDeCuenta(ctx, 'condicional');
    const normal = codigo.replace(/-/g, '');
    expect(await ctx.db.transaction().execute((trx) => usarCodigoRecuperacion(trx, id, normal))).toBe('ok');
    expect(await ctx.db.transaction().execute((trx) => usarCodigoRecuperacion(trx, id, normal))).toBe(
      'usado',
    );
    // Another account's code is not this one's.
    const { nav: otraNav } = await ingresarConSegundoFactor(ctx, 'condicional2');
    const [ajeno] = (await generar(otraNav)) as [string];
    expect(await usarCodigoRecuperacion(ctx.db, id, ajeno.replace(/-/g, ''))).toBe('desconocido');
  });

  it('sin segundo factor no hay códigos (409, sin gastar un intento); la contraseña equivocada se rechaza, se audita y cuenta', async () => {
    const nav = await ingresarComo(ctx, 'sin-factor', 'revisor');
    const sinFactor = await auditoriaDe(ctx.db, async () => {
      const r = await nav.post(CODIGOS, { contrasena: CONTRASENA_DE_PRUEBA });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ error: 'CONFLICTO', message: TEXTOS_CUENTAS.codigosSinSegundoFactor });
    });
    expect(sinFactor).toEqual([]);
    expect(await filasDe(ctx, 'sin-factor')).toEqual([]);

    const { nav: conFactor } = await ingresarConSegundoFactor(ctx, 'con-factor');
    const vacia = await conFactor.post(CODIGOS, { contrasena: '' });
    expect(vacia.statusCode).toBe(400);
    expect(vacia.json()).toMatchObject({ fields: { contrasena: TEXTOS_CUENTAS.tuContrasena } });
    await contrasenaPropiaEquivocada(
      ctx,
      conFactor,
      CODIGOS,
      { contrasena: 'no es la contraseña' },
      {
        usuario: 'con-factor',
        para: 'codigos_recuperacion',
      },
    );
    expect(await filasDe(ctx, 'con-factor')).toEqual([]);
  });
});
