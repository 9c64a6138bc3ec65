// Accounts managed at /gestion/personal (producto §16, decision 127): "Nueva cuenta" makes an
// account without a password, its 24 h link, the link's message and the audit rows in one
// transaction; "Cambiar rol" and "Quitar segundo factor" ask for the administrador's own password
// (counted toward their lockout and audited like a sign-in); the last active administrador can be
// neither disabled nor demoted, not even by two requests at once; "Cambiar correo", "Reactivar"
// and "Reenviar enlace" are audited; each bad input answers in the shared words (domain/cuentas.ts).
import { createHash } from 'node:crypto';
import { beforeEach, expect, it, vi } from 'vitest';
import { TEXTOS_CUENTAS, VIGENCIA_ENLACE_MS } from '../../domain/cuentas.js';
import { FALLOS_MAXIMOS, TEXTOS_GESTION } from '../../domain/index.js';
import type * as Cadena from '../../server/auditoria/cadena.js';
import { TEXTOS_PERSONAL } from '../../server/personal/rutas/personal.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { correosDeEnlace, crearCuenta, datosDe, enlacesDe, ultimoToken } from './ayuda/cuentas.js';
import { contrasenaPropiaEquivocada, fallosDe, ingresarConSegundoFactor, put } from './ayuda/mi-cuenta.js';
import {
  auditoria,
  auditoriaDe,
  CONTRASENA_DE_PRUEBA,
  ingresar,
  ingresarComo,
  olvidarLimiteDeIngreso,
} from './ayuda/personal.js';

/** The audit action that fails on purpose (null: none), to see that a failure leaves nothing behind. */
const falla = vi.hoisted(() => ({ accion: null as string | null }));
vi.mock('../../server/auditoria/cadena.js', async (original) => {
  const m = await original<typeof Cadena>();
  return {
    ...m,
    auditar: (...args: Parameters<typeof m.auditar>) => {
      if (args[1].accion === falla.accion) return Promise.reject(new Error('falla a propósito'));
      return m.auditar(...args);
    },
  };
});

const PERSONAL = '/api/gestion/personal';
const rol = (u: string) => `${PERSONAL}/${u}/rol`;
const baja = (u: string) => `${PERSONAL}/${u}/baja`;

const cuenta = (ctx: Contexto, usuario: string) =>
  ctx.db.selectFrom('personal').selectAll().where('usuario', '=', usuario).executeTakeFirst();

/** Only `usuarios` remain active administradores (the others of the file are made revisores). */
async function soloEstosAdministradores(ctx: Contexto, ...usuarios: string[]) {
  await ctx.db
    .updateTable('personal')
    .set({ rol: 'revisor' })
    .where('rol', '=', 'administrador')
    .where('usuario', 'not in', usuarios)
    .execute();
}

const administradoresActivos = async (ctx: Contexto) =>
  (
    await ctx.db
      .selectFrom('personal')
      .select('usuario')
      .where('rol', '=', 'administrador')
      .where('activo', '=', 1)
      .execute()
  ).map((f) => f.usuario);

conCadaBase('gestión: administrar cuentas', (ctx) => {
  beforeEach(async () => {
    falla.accion = null;
    await olvidarLimiteDeIngreso(ctx.db);
  });

  it('Nueva cuenta: 201 con la fila, sin contraseña, con su enlace de 24 h, su correo en la salida y su auditoría', async () => {
    const admin = await ingresarComo(ctx, 'nc-admin', 'administrador');
    const antes = Date.now();
    const filas = await auditoriaDe(ctx.db, async () => {
      const r = await crearCuenta(
        admin,
        datosDe('Nueva.Persona', { nombre: '  Nueva Persona ', correo: ' np@ejemplo.com ' }),
      );
      expect(r.statusCode).toBe(201);
      expect(r.json()).toEqual({
        usuario: 'nueva.persona',
        nombre: 'Nueva Persona',
        correo: 'np@ejemplo.com',
        rol: 'revisor',
        segundoFactor: false,
        activo: true,
        creadoEn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        bajaEn: null,
        ultimoIngreso: null,
        contrasenaPendiente: true,
      });
    });
    expect(filas.map((f) => [f.accion, f.usuario, f.objeto, f.detalle])).toEqual([
      ['alta_personal', 'nc-admin', 'nueva.persona', { rol: 'revisor' }],
      ['enlace_contrasena', 'nc-admin', 'nueva.persona', { tipo: 'alta' }],
    ]);
    expect((await cuenta(ctx, 'nueva.persona'))!.hash).toBe('');

    const [enlace, ...otros] = await enlacesDe(ctx, 'nueva.persona');
    expect(otros).toEqual([]);
    expect(enlace).toMatchObject({ tipo: 'alta', usado_en: null, retirado_en: null });
    const vence = Number(enlace!.vence_ms);
    expect(vence).toBeGreaterThanOrEqual(antes + VIGENCIA_ENLACE_MS.alta);
    expect(vence).toBeLessThanOrEqual(Date.now() + VIGENCIA_ENLACE_MS.alta);

    const [correo, ...mas] = await correosDeEnlace(ctx, 'nueva.persona');
    expect(mas).toEqual([]);
    expect(correo).toMatchObject({
      clave: `enlace_contrasena|${enlace!.id}`,
      para: 'np@ejemplo.com',
      estado: 'pendiente',
    });
    expect(correo!.evento).toMatchObject({ enlace: 'alta', vence: new Date(vence).toISOString() });
    // The table keeps only the sha256 of the token the message carries.
    const token = correo!.evento.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(enlace!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    // Neither the token nor the address goes into the audit log.
    expect(JSON.stringify(filas)).not.toContain(token);
    expect(JSON.stringify(filas)).not.toContain('np@ejemplo.com');

    // Without a password nobody gets in (the same answer as an unknown user).
    const nav = await ctx.navegador().abrir();
    for (const intento of ['', 'cualquier cosa larga']) {
      const r = await ingresar(nav, 'nueva.persona', intento);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ message: TEXTOS_GESTION.credencialesIncorrectas });
    }
    const lista = (await admin.get(PERSONAL)).json<{ usuario: string; contrasenaPendiente: boolean }[]>();
    expect(lista.find((f) => f.usuario === 'nueva.persona')).toMatchObject({ contrasenaPendiente: true });
  });

  it('Nueva cuenta: cada dato malo con su mensaje, un usuario repetido 409; nada se escribe; un revisor 403', async () => {
    const admin = await ingresarComo(ctx, 'nc-admin', 'administrador');
    const malos: [Partial<ReturnType<typeof datosDe>>, Record<string, string>][] = [
      [{ usuario: 'ab' }, { usuario: TEXTOS_CUENTAS.usuarioFormato }],
      [{ usuario: 'con espacio' }, { usuario: TEXTOS_CUENTAS.usuarioFormato }],
      [{ usuario: 'Mias' }, { usuario: TEXTOS_CUENTAS.usuarioReservado('mias') }],
      [{ nombre: '   ' }, { nombre: TEXTOS_CUENTAS.nombre }],
      [{ nombre: 'x'.repeat(101) }, { nombre: TEXTOS_CUENTAS.nombre }],
      [{ correo: 'no-es-correo' }, { correo: TEXTOS_CUENTAS.correo }],
      [{ correo: '' }, { correo: TEXTOS_CUENTAS.correo }],
      [{ rol: 'jefe' }, { rol: TEXTOS_CUENTAS.rol }],
    ];
    const nada = await auditoriaDe(ctx.db, async () => {
      for (const [cambio, fields] of malos) {
        const r = await crearCuenta(admin, datosDe('mala', cambio));
        expect(r.statusCode, JSON.stringify(cambio)).toBe(400);
        expect(r.json()).toEqual({ error: 'VALIDACION', message: Object.values(fields)[0], fields });
      }
      // Several at once: each field with its words.
      const varios = await crearCuenta(admin, datosDe('mala', { usuario: '', correo: 'x', rol: '' }));
      expect(varios.statusCode).toBe(400);
      const fields = {
        usuario: TEXTOS_CUENTAS.usuarioFormato,
        correo: TEXTOS_CUENTAS.correo,
        rol: TEXTOS_CUENTAS.rol,
      };
      expect(varios.json()).toEqual({ error: 'VALIDACION', message: expect.any(String), fields });
      expect(Object.values(fields)).toContain(varios.json<{ message: string }>().message);
      // A field missing or unknown: the schema refuses it.
      expect(
        (await admin.post(PERSONAL, { usuario: 'mala', nombre: 'Mala', rol: 'revisor' })).statusCode,
      ).toBe(400);
      expect(
        (await admin.post(PERSONAL, { ...datosDe('mala'), contrasena: 'x'.repeat(12) })).statusCode,
      ).toBe(400);
    });
    expect(nada).toEqual([]);
    expect(await cuenta(ctx, 'mala')).toBeUndefined();

    expect((await crearCuenta(admin, datosDe('repetida'))).statusCode).toBe(201);
    const otra = await auditoriaDe(ctx.db, async () => {
      const r = await crearCuenta(admin, datosDe('REPETIDA', { correo: 'otra@ejemplo.com' }));
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({
        error: 'CONFLICTO',
        message: TEXTOS_CUENTAS.usuarioExistente('repetida'),
        fields: { usuario: TEXTOS_CUENTAS.usuarioExistente('repetida') },
      });
    });
    expect(otra).toEqual([]);
    expect(await correosDeEnlace(ctx, 'repetida')).toHaveLength(1);
    expect((await cuenta(ctx, 'repetida'))!.correo).toBe('repetida@ejemplo.com');

    const revisor = await ingresarComo(ctx, 'nc-revisor', 'revisor');
    expect((await crearCuenta(revisor, datosDe('desde-revisor'))).statusCode).toBe(403);
    expect(await cuenta(ctx, 'desde-revisor')).toBeUndefined();
  });

  it('Nueva cuenta en una transacción: si la auditoría falla no quedan ni la cuenta, ni el enlace, ni el correo', async () => {
    const admin = await ingresarComo(ctx, 'nc-admin', 'administrador');
    const correosAntes = (await ctx.db.selectFrom('correos').select('id').execute()).length;
    const enlacesAntes = (await ctx.db.selectFrom('enlaces_personal').select('id').execute()).length;
    const filasAntes = (await auditoria(ctx.db)).length;
    falla.accion = 'enlace_contrasena';
    const r = await crearCuenta(admin, datosDe('a-medias'));
    expect(r.statusCode).toBe(500);
    falla.accion = null;
    expect(await cuenta(ctx, 'a-medias')).toBeUndefined();
    expect((await ctx.db.selectFrom('correos').select('id').execute()).length).toBe(correosAntes);
    expect((await ctx.db.selectFrom('enlaces_personal').select('id').execute()).length).toBe(enlacesAntes);
    expect((await auditoria(ctx.db)).length).toBe(filasAntes);
    // And it can be made afterwards: nothing half-made is in the way.
    expect((await crearCuenta(admin, datosDe('a-medias'))).statusCode).toBe(201);
  });

  it('Cambiar rol: pide la contraseña propia (equivocada: 400, cuenta para el bloqueo y se audita; bloqueada: 429)', async () => {
    const admin = await ingresarComo(ctx, 'cr-admin', 'administrador');
    const otro = await ingresarComo(ctx, 'cr-otro', 'revisor');

    // The rules and the account first: no attempt spent.
    const sinGastar = await auditoriaDe(ctx.db, async () => {
      const malo = await admin.post(rol('cr-otro'), { rol: 'jefe', contrasena: CONTRASENA_DE_PRUEBA });
      expect(malo.statusCode).toBe(400);
      expect(malo.json()).toMatchObject({ fields: { rol: TEXTOS_CUENTAS.rol } });
      const vacia = await admin.post(rol('cr-otro'), { rol: 'administrador', contrasena: '' });
      expect(vacia.json()).toMatchObject({ fields: { contrasena: TEXTOS_CUENTAS.tuContrasena } });
      const nadie = await admin.post(rol('nadie'), { rol: 'revisor', contrasena: CONTRASENA_DE_PRUEBA });
      expect(nadie.statusCode).toBe(404);
      expect(nadie.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_PERSONAL.cuentaInexistente });
    });
    expect(sinGastar).toEqual([]);
    expect(await fallosDe(ctx, 'cr-admin')).toBe(0);

    await contrasenaPropiaEquivocada(
      ctx,
      admin,
      rol('cr-otro'),
      { rol: 'administrador', contrasena: 'no es la mía' },
      { usuario: 'cr-admin', para: 'rol_personal' },
    );
    expect((await cuenta(ctx, 'cr-otro'))!.rol).toBe('revisor');

    const bien = await auditoriaDe(ctx.db, async () => {
      const r = await admin.post(rol('CR-OTRO'), { rol: 'administrador', contrasena: CONTRASENA_DE_PRUEBA });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ usuario: 'cr-otro', rol: 'administrador', activo: true });
    });
    expect(bien.map((f) => [f.accion, f.usuario, f.objeto, f.detalle])).toEqual([
      ['rol_personal', 'cr-admin', 'cr-otro', { de: 'revisor', a: 'administrador' }],
    ]);
    // A right password clears the count; the promoted session has the new role at once.
    expect(await fallosDe(ctx, 'cr-admin')).toBe(0);
    expect((await otro.get('/api/gestion/sesion')).json()).toMatchObject({ rol: 'administrador' });
    expect((await otro.get(PERSONAL)).statusCode).toBe(200);
    // The same role again: nothing to change, nothing audited.
    const igual = await auditoriaDe(ctx.db, async () => {
      const r = await admin.post(rol('cr-otro'), { rol: 'administrador', contrasena: CONTRASENA_DE_PRUEBA });
      expect(r.statusCode).toBe(200);
    });
    expect(igual).toEqual([]);

    // Locked (FALLOS_MAXIMOS wrong attempts): 429 with Retry-After, even with the right password.
    for (let i = 0; i < FALLOS_MAXIMOS; i++) {
      await admin.post(rol('cr-otro'), { rol: 'revisor', contrasena: `mala ${i} mala mala` });
    }
    const bloqueada = await admin.post(rol('cr-otro'), { rol: 'revisor', contrasena: CONTRASENA_DE_PRUEBA });
    expect(bloqueada.statusCode).toBe(429);
    expect(bloqueada.headers['retry-after']).toBe('900');
    expect(bloqueada.json()).toMatchObject({
      error: 'CUENTA_BLOQUEADA',
      fields: { contrasena: TEXTOS_GESTION.demasiadosIntentos },
    });
    expect((await cuenta(ctx, 'cr-otro'))!.rol).toBe('administrador');
    await ctx.db.deleteFrom('bloqueos_ingreso').where('usuario', '=', 'cr-admin').execute();
  });

  it('el último administrador activo no pasa a revisor ni se da de baja: 409 y nada cambia', async () => {
    const unico = await ingresarComo(ctx, 'ua-unico', 'administrador');
    await soloEstosAdministradores(ctx, 'ua-unico');
    const nada = await auditoriaDe(ctx.db, async () => {
      const r = await unico.post(rol('ua-unico'), { rol: 'revisor', contrasena: CONTRASENA_DE_PRUEBA });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ error: 'CONFLICTO', message: TEXTOS_CUENTAS.ultimoAdministrador });
    });
    expect(nada).toEqual([]);
    expect(await administradoresActivos(ctx)).toEqual(['ua-unico']);

    // A disabled administrador does not count; with another active one, the change goes through.
    const segundo = await ingresarComo(ctx, 'ua-segundo', 'administrador');
    expect((await unico.post(baja('ua-segundo'), {})).statusCode).toBe(204);
    expect(
      (await unico.post(rol('ua-unico'), { rol: 'revisor', contrasena: CONTRASENA_DE_PRUEBA })).statusCode,
    ).toBe(409);
    expect((await unico.post(`${PERSONAL}/ua-segundo/reactivar`, {})).statusCode).toBe(200);
    expect((await ingresar(segundo, 'ua-segundo')).statusCode).toBe(200);
    const r = await unico.post(rol('ua-unico'), { rol: 'revisor', contrasena: CONTRASENA_DE_PRUEBA });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ rol: 'revisor' });
    // Now ua-segundo is the last one: ua-unico (a revisor) cannot manage accounts any more.
    expect((await unico.get(PERSONAL)).statusCode).toBe(403);
    expect(await administradoresActivos(ctx)).toEqual(['ua-segundo']);
  });

  it('dos administradores que se quitan uno al otro a la vez: solo uno lo logra', async () => {
    for (let vuelta = 0; vuelta < 3; vuelta++) {
      const a = `par-a${vuelta}`;
      const b = `par-b${vuelta}`;
      const navA = await ingresarComo(ctx, a, 'administrador');
      const navB = await ingresarComo(ctx, b, 'administrador');
      await soloEstosAdministradores(ctx, a, b);
      // Each demotes the other, at once.
      const roles = await Promise.all([
        navA.post(rol(b), { rol: 'revisor', contrasena: CONTRASENA_DE_PRUEBA }),
        navB.post(rol(a), { rol: 'revisor', contrasena: CONTRASENA_DE_PRUEBA }),
      ]);
      // One demotes the other; the other is refused by the guard (or, had the first one finished
      // before its session was checked, for no longer being an administrador).
      const estados = roles.map((r) => r.statusCode).sort();
      expect(estados[0]).toBe(200);
      expect([403, 409]).toContain(estados[1]);
      expect(await administradoresActivos(ctx)).toHaveLength(1);
      expect(
        (await auditoria(ctx.db)).filter((f) => f.accion === 'rol_personal' && [a, b].includes(f.objeto!)),
      ).toHaveLength(1);

      // Each disables the other, at once.
      const c = `par-c${vuelta}`;
      const d = `par-d${vuelta}`;
      const navC = await ingresarComo(ctx, c, 'administrador');
      const navD = await ingresarComo(ctx, d, 'administrador');
      await soloEstosAdministradores(ctx, c, d);
      const bajas = await Promise.all([navC.post(baja(d), {}), navD.post(baja(c), {})]);
      // One disables the other; the other is refused by the guard (or, had the first one
      // finished before its session was checked, by having no session any more).
      const deBaja = bajas.map((r) => r.statusCode).sort();
      expect(deBaja[0]).toBe(204);
      expect([401, 409]).toContain(deBaja[1]);
      expect(await administradoresActivos(ctx)).toHaveLength(1);
      await olvidarLimiteDeIngreso(ctx.db);
    }
  });

  it('baja con el guardián; Reactivar: 200 con la fila, auditado, vuelve a ingresar; una activa queda igual; inexistente 404', async () => {
    const admin = await ingresarComo(ctx, 're-admin', 'administrador');
    await ingresarComo(ctx, 're-otra', 'revisor');
    expect((await admin.post(baja('re-otra'), {})).statusCode).toBe(204);
    expect((await ingresar(await ctx.navegador().abrir(), 're-otra')).statusCode).toBe(401);

    const filas = await auditoriaDe(ctx.db, async () => {
      const r = await admin.post(`${PERSONAL}/RE-OTRA/reactivar`, {});
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({
        usuario: 're-otra',
        activo: true,
        bajaEn: null,
        contrasenaPendiente: false,
      });
    });
    expect(filas.map((f) => [f.accion, f.usuario, f.objeto])).toEqual([
      ['reactivar_personal', 're-admin', 're-otra'],
    ]);
    expect((await ingresar(await ctx.navegador().abrir(), 're-otra')).statusCode).toBe(200);

    const igual = await auditoriaDe(ctx.db, async () => {
      expect((await admin.post(`${PERSONAL}/re-otra/reactivar`, {})).statusCode).toBe(200);
    });
    expect(igual).toEqual([]);
    const nadie = await admin.post(`${PERSONAL}/nadie/reactivar`, {});
    expect(nadie.statusCode).toBe(404);
    expect(nadie.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_PERSONAL.cuentaDesconocida });
  });

  it('Cambiar correo: 200 con la fila, auditado sin la dirección, retira los enlaces sin usar; malo 400; inexistente 404', async () => {
    const admin = await ingresarComo(ctx, 'cc-admin', 'administrador');
    expect((await crearCuenta(admin, datosDe('cc-nueva'))).statusCode).toBe(201);
    const filas = await auditoriaDe(ctx.db, async () => {
      const r = await put(ctx, admin, `${PERSONAL}/cc-nueva/correo`, { correo: ' bien@ejemplo.com ' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ usuario: 'cc-nueva', correo: 'bien@ejemplo.com' });
    });
    expect(filas.map((f) => [f.accion, f.usuario, f.objeto, f.detalle])).toEqual([
      ['correo_personal', 'cc-admin', 'cc-nueva', null],
    ]);
    expect(JSON.stringify(filas)).not.toContain('ejemplo.com');
    // The link sent to the old address no longer works.
    expect((await enlacesDe(ctx, 'cc-nueva'))[0]!.retirado_en).not.toBeNull();

    const mala = await put(ctx, admin, `${PERSONAL}/cc-nueva/correo`, { correo: 'mal@' });
    expect(mala.statusCode).toBe(400);
    expect(mala.json()).toMatchObject({ fields: { correo: TEXTOS_CUENTAS.correo } });
    expect((await put(ctx, admin, `${PERSONAL}/cc-nueva/correo`, {})).statusCode).toBe(400);
    const nadie = await put(ctx, admin, `${PERSONAL}/nadie/correo`, { correo: 'n@ejemplo.com' });
    expect(nadie.statusCode).toBe(404);
    expect(nadie.json()).toMatchObject({ message: TEXTOS_PERSONAL.cuentaDesconocida });
    expect((await cuenta(ctx, 'cc-nueva'))!.correo).toBe('bien@ejemplo.com');
  });

  it('Reenviar enlace: uno nuevo de 24 h y el anterior retirado; con contraseña ya elegida 409; inexistente 404', async () => {
    const admin = await ingresarComo(ctx, 'rn-admin', 'administrador');
    expect((await crearCuenta(admin, datosDe('rn-nueva'))).statusCode).toBe(201);
    const primero = await ultimoToken(ctx, 'rn-nueva');
    const filas = await auditoriaDe(ctx.db, async () => {
      const r = await admin.post(`${PERSONAL}/rn-nueva/enlace`, {});
      expect(r.statusCode).toBe(204);
    });
    expect(filas.map((f) => [f.accion, f.usuario, f.objeto, f.detalle])).toEqual([
      ['enlace_contrasena', 'rn-admin', 'rn-nueva', { tipo: 'alta' }],
    ]);
    const enlaces = await enlacesDe(ctx, 'rn-nueva');
    expect(enlaces).toHaveLength(2);
    expect(enlaces.filter((e) => e.retirado_en === null)).toHaveLength(1);
    const correos = await correosDeEnlace(ctx, 'rn-nueva');
    expect(correos).toHaveLength(2);
    expect(new Set(correos.map((c) => c.evento.token)).size).toBe(2);
    expect(correos.map((c) => c.evento.token)).toContain(primero);

    await ingresarComo(ctx, 'rn-con-clave', 'revisor');
    await ctx.db
      .updateTable('personal')
      .set({ correo: 'c@ejemplo.com' })
      .where('usuario', '=', 'rn-con-clave')
      .execute();
    const conClave = await admin.post(`${PERSONAL}/rn-con-clave/enlace`, {});
    expect(conClave.statusCode).toBe(409);
    expect(conClave.json()).toEqual({ error: 'CONFLICTO', message: TEXTOS_PERSONAL.contrasenaYaElegida });
    const nadie = await admin.post(`${PERSONAL}/nadie/enlace`, {});
    expect(nadie.statusCode).toBe(404);
    expect(nadie.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_PERSONAL.cuentaInexistente });
  });

  it('Quitar segundo factor de otra cuenta: pide la contraseña propia; quita también los códigos y cierra sus sesiones', async () => {
    const admin = await ingresarComo(ctx, 'qs-admin', 'administrador');
    const { nav: suya } = await ingresarConSegundoFactor(ctx, 'qs-otra');
    expect(
      (await suya.post('/api/gestion/cuenta/codigos-recuperacion', { contrasena: CONTRASENA_DE_PRUEBA }))
        .statusCode,
    ).toBe(200);
    const url = `${PERSONAL}/qs-otra/segundo-factor/quitar`;

    await contrasenaPropiaEquivocada(
      ctx,
      admin,
      url,
      { contrasena: 'no es la mía' },
      {
        usuario: 'qs-admin',
        para: 'quitar_segundo_factor_personal',
      },
    );
    expect((await cuenta(ctx, 'qs-otra'))!.totp_secreto).not.toBeNull();

    const filas = await auditoriaDe(ctx.db, async () => {
      const r = await admin.post(url, { contrasena: CONTRASENA_DE_PRUEBA });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ usuario: 'qs-otra', segundoFactor: false });
    });
    expect(filas.map((f) => [f.accion, f.usuario, f.objeto])).toEqual([
      ['quitar_segundo_factor', 'qs-admin', 'qs-otra'],
    ]);
    expect((await suya.get('/api/gestion/sesion')).statusCode).toBe(401);
    const id = (await cuenta(ctx, 'qs-otra'))!.id;
    expect(
      await ctx.db.selectFrom('codigos_recuperacion').select('id').where('personal_id', '=', id).execute(),
    ).toEqual([]);
    // The administrador's own session stays.
    expect((await admin.get('/api/gestion/sesion')).statusCode).toBe(200);

    // Nothing to remove: 409 before the password is asked (no attempt spent).
    const sin = await auditoriaDe(ctx.db, async () => {
      const r = await admin.post(url, { contrasena: 'tampoco es la mía' });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ error: 'CONFLICTO', message: TEXTOS_PERSONAL.sinSegundoFactor });
    });
    expect(sin).toEqual([]);
    expect(
      (await admin.post(`${PERSONAL}/nadie/segundo-factor/quitar`, { contrasena: 'x' })).statusCode,
    ).toBe(404);
  });

  it('Quitar el propio segundo factor desde Personal conserva la sesión que lo pidió', async () => {
    const { nav } = await ingresarConSegundoFactor(ctx, 'qs-propio', 'administrador');
    const r = await nav.post(`${PERSONAL}/qs-propio/segundo-factor/quitar`, {
      contrasena: CONTRASENA_DE_PRUEBA,
    });
    expect(r.statusCode).toBe(200);
    expect((await nav.get('/api/gestion/sesion')).json()).toMatchObject({
      usuario: 'qs-propio',
      segundoFactor: false,
    });
  });

  it('sin sesión 401; un revisor 403 en cada ruta nueva', async () => {
    const revisor = await ingresarComo(ctx, 'au-revisor', 'revisor');
    const anonimo = await ctx.navegador().abrir();
    const pedidos: [string, string, unknown][] = [
      ['POST', PERSONAL, datosDe('au-x')],
      ['PUT', `${PERSONAL}/au-revisor/correo`, { correo: 'a@ejemplo.com' }],
      ['POST', rol('au-revisor'), { rol: 'administrador', contrasena: CONTRASENA_DE_PRUEBA }],
      ['POST', `${PERSONAL}/au-revisor/reactivar`, {}],
      ['POST', `${PERSONAL}/au-revisor/segundo-factor/quitar`, { contrasena: CONTRASENA_DE_PRUEBA }],
      ['POST', `${PERSONAL}/au-revisor/enlace`, {}],
    ];
    for (const [metodo, url, cuerpo] of pedidos) {
      const enviar = (nav: typeof revisor) =>
        metodo === 'PUT' ? put(ctx, nav, url, cuerpo) : nav.post(url, cuerpo);
      expect((await enviar(anonimo)).statusCode, `${metodo} ${url}`).toBe(401);
      expect((await enviar(revisor)).statusCode, `${metodo} ${url}`).toBe(403);
    }
    expect(await cuenta(ctx, 'au-revisor')).toMatchObject({ rol: 'revisor', correo: null });
  });
});
