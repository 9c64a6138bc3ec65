// The links to choose a password and "¿Olvidaste tu contraseña?" (producto §16, decision 127): the
// message written from the outbox (an .eml without SMTP_URL) carries the link with its token after
// `#`; the link names its account; the password chosen through it follows the shared rules; using
// it ends the account's sessions, clears its lockout and withdraws the account's other unused
// links, once (also with two requests at once); a used, expired, replaced link or one of a
// disabled account is refused with its own words; the forgotten-password request answers the
// same, in about the same time, whether or not the account exists, and is rate-limited per
// address.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { beforeEach, expect, it } from 'vitest';
import { RUTA_ELEGIR_CONTRASENA, TEXTOS_CUENTAS, VIGENCIA_ENLACE_MS } from '../../domain/cuentas.js';
import { TEXTOS_GESTION } from '../../domain/index.js';
import { contrasenaValida, hashDeContrasena } from '../../server/personal/contrasenas.js';
import {
  consultarEnlace,
  crearEnlace,
  DURACION_MINIMA_OLVIDO_MS,
  ErrorEnlace,
  pedirRestablecimiento,
  usarEnlace,
} from '../../server/personal/enlaces.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import {
  correosDeEnlace,
  crearCuenta,
  datosDe,
  enlacesDe,
  olvidarLimitesDeContrasena,
  ultimoToken,
} from './ayuda/cuentas.js';
import { fallosDe, idDeCuenta, sesionesDe } from './ayuda/mi-cuenta.js';
import { auditoria, auditoriaDe, ingresar, ingresarComo, olvidarLimiteDeIngreso } from './ayuda/personal.js';

const OLVIDO = '/api/gestion/contrasena/olvido';
const ENLACE = '/api/gestion/contrasena/enlace';
const CONTRASENA = '/api/gestion/contrasena';
const ELEGIDA = 'mi contraseña elegida';

/** The .eml files written so far, parsed. */
async function mensajesEscritos(ctx: Contexto): Promise<ParsedMail[]> {
  const carpeta = path.join(ctx.entorno.config.dataDir, 'correo');
  const nombres = await readdir(carpeta).catch(() => [] as string[]);
  return Promise.all(nombres.map(async (n) => simpleParser(await readFile(path.join(carpeta, n)))));
}

const para = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0]?.text : m.to?.text);

/** An account made through "Nueva cuenta" by `admin`, and its link's token. */
async function cuentaNueva(ctx: Contexto, usuario: string): Promise<string> {
  const admin = await ingresarComo(ctx, 'en-admin', 'administrador');
  expect((await crearCuenta(admin, datosDe(usuario))).statusCode).toBe(201);
  return ultimoToken(ctx, usuario);
}

/** An account with a password, an e-mail and a session, as a person who forgot it. */
async function cuentaConCorreo(ctx: Contexto, usuario: string) {
  const nav = await ingresarComo(ctx, usuario, 'revisor');
  await ctx.db
    .updateTable('personal')
    .set({ correo: `${usuario}@ejemplo.com` })
    .where('usuario', '=', usuario)
    .execute();
  return nav;
}

const contadores = async (ctx: Contexto) => ({
  correos: (await ctx.db.selectFrom('correos').select('id').execute()).length,
  enlaces: (await ctx.db.selectFrom('enlaces_personal').select('id').execute()).length,
});

conCadaBase(
  'gestión: enlaces para elegir la contraseña',
  (ctx) => {
    beforeEach(async () => {
      await olvidarLimiteDeIngreso(ctx.db);
      await olvidarLimitesDeContrasena(ctx);
    });

    it('el correo (.eml) lleva el enlace; el enlace nombra la cuenta; la contraseña se elige una vez y se ingresa', async () => {
      const token = await cuentaNueva(ctx, 'en-nueva');
      await ctx.app.correo.repartir();
      const mensaje = (await mensajesEscritos(ctx)).find((m) => para(m) === 'en-nueva@ejemplo.com')!;
      expect(mensaje.subject).toBe('Tu cuenta en la gestión de Alta de Prestadores');
      const url = `${ctx.entorno.config.publicUrl}${RUTA_ELEGIR_CONTRASENA}#${token}`;
      expect(mensaje.text).toContain(url);
      expect(mensaje.html).toContain(url);
      expect(mensaje.text).toContain('"en-nueva"');
      expect(mensaje.text).toContain('24 horas');

      const nav = await ctx.navegador().abrir();
      const consulta = await nav.post(ENLACE, { token });
      expect(consulta.statusCode).toBe(200);
      expect(consulta.json()).toEqual({ usuario: 'en-nueva', nombre: 'Persona en-nueva', tipo: 'alta' });

      // The shared rules, on the field; the link stays unused.
      const rechazos: [string, string][] = [
        ['once chars!', TEXTOS_CUENTAS.contrasenaCorta],
        ['', TEXTOS_CUENTAS.contrasenaCorta],
        ['En-Nueva', TEXTOS_CUENTAS.contrasenaCorta],
        // Twelve characters, but the user name (spaces and case aside).
        ['  EN-NUEVA  ', TEXTOS_CUENTAS.contrasenaIgualUsuario],
      ];
      for (const [contrasena, mensajeCampo] of rechazos) {
        const r = await nav.post(CONTRASENA, { token, contrasena });
        expect(r.statusCode, contrasena).toBe(400);
        expect(r.json()).toEqual({
          error: 'VALIDACION',
          message: mensajeCampo,
          fields: { contrasena: mensajeCampo },
        });
      }
      expect((await enlacesDe(ctx, 'en-nueva'))[0]!.usado_en).toBeNull();

      const filas = await auditoriaDe(ctx.db, async () => {
        const r = await nav.post(CONTRASENA, { token, contrasena: ELEGIDA });
        expect(r.statusCode).toBe(204);
        expect(r.body).toBe('');
      });
      expect(filas.map((f) => [f.accion, f.usuario, f.objeto, f.detalle])).toEqual([
        ['contrasena', 'en-nueva', 'en-nueva', { por: 'enlace' }],
      ]);
      expect(JSON.stringify(filas)).not.toContain(token);
      expect(JSON.stringify(filas)).not.toContain(ELEGIDA);
      expect((await enlacesDe(ctx, 'en-nueva'))[0]!.usado_en).not.toBeNull();
      const ingreso = await ingresar(await ctx.navegador().abrir(), 'en-nueva', ELEGIDA);
      expect(ingreso.statusCode).toBe(200);

      // Used: refused, reading or using it again, and the password stays.
      for (const r of [
        await nav.post(ENLACE, { token }),
        await nav.post(CONTRASENA, { token, contrasena: 'otra contraseña larga' }),
      ]) {
        expect(r.statusCode).toBe(410);
        expect(r.json()).toEqual({ error: 'ENLACE_VENCIDO', message: TEXTOS_CUENTAS.enlaceUsado });
      }
      expect((await ingresar(await ctx.navegador().abrir(), 'en-nueva', ELEGIDA)).statusCode).toBe(200);
    });

    it('un enlace inexistente o mal formado: 404 con su mensaje', async () => {
      const nav = await ctx.navegador().abrir();
      for (const token of ['A'.repeat(43), 'corto', '', 'x'.repeat(100), `${'a'.repeat(42)}=`]) {
        for (const r of [
          await nav.post(ENLACE, { token }),
          await nav.post(CONTRASENA, { token, contrasena: ELEGIDA }),
        ]) {
          expect(r.statusCode, token).toBe(404);
          expect(r.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_CUENTAS.enlaceInvalido });
        }
      }
      expect((await nav.post(ENLACE, {})).statusCode).toBe(400);
      expect((await nav.post(ENLACE, { token: 'x'.repeat(101) })).statusCode).toBe(400);
    });

    it('vencido (24 h la nueva cuenta, 1 h el restablecimiento): 410 con su mensaje', async () => {
      const token = await cuentaNueva(ctx, 'en-vence');
      const [enlace] = await enlacesDe(ctx, 'en-vence');
      const vence = Number(enlace!.vence_ms);
      // The service at the deadline, and a millisecond before it.
      await expect(consultarEnlace(ctx.db, token, vence - 1)).resolves.toMatchObject({ usuario: 'en-vence' });
      await expect(consultarEnlace(ctx.db, token, vence)).rejects.toMatchObject({ motivo: 'vencido' });
      await expect(usarEnlace(ctx.db, token, ELEGIDA, '127.0.0.1', vence + 1)).rejects.toBeInstanceOf(
        ErrorEnlace,
      );
      // Through the routes, once the deadline is in the past.
      await ctx.db
        .updateTable('enlaces_personal')
        .set({ vence_ms: Date.now() - 1 })
        .where('id', '=', enlace!.id)
        .execute();
      const nav = await ctx.navegador().abrir();
      for (const r of [
        await nav.post(ENLACE, { token }),
        await nav.post(CONTRASENA, { token, contrasena: ELEGIDA }),
      ]) {
        expect(r.statusCode).toBe(410);
        expect(r.json()).toEqual({ error: 'ENLACE_VENCIDO', message: TEXTOS_CUENTAS.enlaceVencido });
      }
      expect(
        (
          await ctx.db
            .selectFrom('personal')
            .select('hash')
            .where('usuario', '=', 'en-vence')
            .executeTakeFirstOrThrow()
        ).hash,
      ).toBe('');

      // A forgotten password's link lasts one hour.
      await cuentaConCorreo(ctx, 'en-vence-1h');
      const ahora = Date.now();
      await pedirRestablecimiento(ctx.db, 'en-vence-1h', '127.0.0.1', { ahora, duracionMinimaMs: 0 });
      const [restablecer] = await enlacesDe(ctx, 'en-vence-1h');
      expect(restablecer).toMatchObject({ tipo: 'restablecer' });
      expect(Number(restablecer!.vence_ms)).toBe(ahora + VIGENCIA_ENLACE_MS.restablecer);
      const otro = await ultimoToken(ctx, 'en-vence-1h');
      await expect(consultarEnlace(ctx.db, otro, ahora + 60 * 60_000)).rejects.toMatchObject({
        motivo: 'vencido',
      });
    });

    it('reemplazado por uno más nuevo: 410 con su mensaje; el nuevo sirve', async () => {
      const viejo = await cuentaNueva(ctx, 'en-reemplazo');
      const admin = await ingresarComo(ctx, 'en-admin', 'administrador');
      expect((await admin.post('/api/gestion/personal/en-reemplazo/enlace', {})).statusCode).toBe(204);
      const nuevo = await ultimoToken(ctx, 'en-reemplazo');
      expect(nuevo).not.toBe(viejo);
      const nav = await ctx.navegador().abrir();
      for (const r of [
        await nav.post(ENLACE, { token: viejo }),
        await nav.post(CONTRASENA, { token: viejo, contrasena: ELEGIDA }),
      ]) {
        expect(r.statusCode).toBe(410);
        expect(r.json()).toEqual({ error: 'ENLACE_VENCIDO', message: TEXTOS_CUENTAS.enlaceReemplazado });
      }
      expect((await nav.post(CONTRASENA, { token: nuevo, contrasena: ELEGIDA })).statusCode).toBe(204);
      // Once used, the account has a password: no more links from "Reenviar enlace".
      expect((await admin.post('/api/gestion/personal/en-reemplazo/enlace', {})).statusCode).toBe(409);
    });

    it('de una cuenta dada de baja: 410 con su mensaje, y su correo no se escribe', async () => {
      const token = await cuentaNueva(ctx, 'en-baja');
      const admin = await ingresarComo(ctx, 'en-admin', 'administrador');
      expect((await admin.post('/api/gestion/personal/en-baja/baja', {})).statusCode).toBe(204);
      const nav = await ctx.navegador().abrir();
      for (const r of [
        await nav.post(ENLACE, { token }),
        await nav.post(CONTRASENA, { token, contrasena: ELEGIDA }),
      ]) {
        expect(r.statusCode).toBe(410);
        expect(r.json()).toEqual({ error: 'ENLACE_VENCIDO', message: TEXTOS_CUENTAS.cuentaDeBaja });
      }
      await ctx.app.correo.repartir();
      expect((await mensajesEscritos(ctx)).filter((m) => para(m) === 'en-baja@ejemplo.com')).toEqual([]);
      // Reactivated within the 24 h, the link works again.
      expect((await admin.post('/api/gestion/personal/en-baja/reactivar', {})).statusCode).toBe(200);
      expect((await nav.post(ENLACE, { token })).statusCode).toBe(200);
    });

    it('usar el enlace termina todas las sesiones de la cuenta y borra su bloqueo de ingreso', async () => {
      const una = await cuentaConCorreo(ctx, 'en-sesiones');
      const otra = await ingresarComo(ctx, 'en-sesiones', 'revisor');
      const ajena = await ingresarComo(ctx, 'en-ajena', 'revisor');
      // Someone has been guessing: three failures on record.
      for (let i = 0; i < 3; i++)
        await ingresar(await ctx.navegador().abrir(), 'en-sesiones', `mala ${i} mala mala`);
      expect(await fallosDe(ctx, 'en-sesiones')).toBe(3);
      expect(await sesionesDe(ctx, 'en-sesiones')).toBe(2);

      const nav = await ctx.navegador().abrir();
      expect((await nav.post(OLVIDO, { usuario: 'EN-SESIONES' })).statusCode).toBe(202);
      const token = await ultimoToken(ctx, 'en-sesiones');
      expect((await nav.post(ENLACE, { token })).json()).toMatchObject({ tipo: 'restablecer' });
      expect((await nav.post(CONTRASENA, { token, contrasena: ELEGIDA })).statusCode).toBe(204);

      expect(await sesionesDe(ctx, 'en-sesiones')).toBe(0);
      expect((await una.get('/api/gestion/sesion')).statusCode).toBe(401);
      expect((await otra.get('/api/gestion/sesion')).statusCode).toBe(401);
      expect((await ajena.get('/api/gestion/sesion')).statusCode).toBe(200);
      expect(await fallosDe(ctx, 'en-sesiones')).toBe(0);
      // The old password no longer works; the new one does.
      const vieja = await ingresar(await ctx.navegador().abrir(), 'en-sesiones');
      expect(vieja.statusCode).toBe(401);
      expect(vieja.json()).toMatchObject({ message: TEXTOS_GESTION.credencialesIncorrectas });
      expect((await ingresar(await ctx.navegador().abrir(), 'en-sesiones', ELEGIDA)).statusCode).toBe(200);
    });

    it('usar un enlace retira los otros sin usar de la cuenta: ninguno elige otra contraseña después', async () => {
      await cuentaConCorreo(ctx, 'en-otros');
      const cuenta = { id: await idDeCuenta(ctx, 'en-otros'), correo: 'en-otros@ejemplo.com' };
      const nuevo = (tipo: 'alta' | 'restablecer') =>
        ctx.db.transaction().execute((trx) => crearEnlace(trx, cuenta, tipo));
      // Two links out at once (two requests made them together: neither withdrew the other).
      const primero = await nuevo('restablecer');
      const segundo = await nuevo('restablecer');
      await ctx.db
        .updateTable('enlaces_personal')
        .set({ retirado_en: null })
        .where('id', '=', primero.id)
        .execute();
      const nav = await ctx.navegador().abrir();
      expect((await nav.post(ENLACE, { token: primero.token })).statusCode).toBe(200);
      expect((await nav.post(ENLACE, { token: segundo.token })).statusCode).toBe(200);

      expect((await nav.post(CONTRASENA, { token: segundo.token, contrasena: ELEGIDA })).statusCode).toBe(
        204,
      );
      const enlaces = await enlacesDe(ctx, 'en-otros');
      expect(enlaces.find((e) => e.id === segundo.id)!.usado_en).not.toBeNull();
      expect(enlaces.find((e) => e.id === primero.id)).toMatchObject({ usado_en: null });
      expect(enlaces.find((e) => e.id === primero.id)!.retirado_en).not.toBeNull();
      for (const r of [
        await nav.post(ENLACE, { token: primero.token }),
        await nav.post(CONTRASENA, { token: primero.token, contrasena: 'otra contraseña larga' }),
      ]) {
        expect(r.statusCode).toBe(410);
        expect(r.json()).toEqual({ error: 'ENLACE_VENCIDO', message: TEXTOS_CUENTAS.enlaceReemplazado });
      }
      expect((await ingresar(await ctx.navegador().abrir(), 'en-otros', ELEGIDA)).statusCode).toBe(200);
    });

    it('dos pedidos a la vez con el mismo enlace: uno lo usa (204), el otro 410; una sola fila de auditoría', async () => {
      const token = await cuentaNueva(ctx, 'en-carrera');
      const a = await ctx.navegador().abrir();
      const b = await ctx.navegador().abrir();
      const filas = await auditoriaDe(ctx.db, async () => {
        const rs = await Promise.all([
          a.post(CONTRASENA, { token, contrasena: 'primera contraseña larga' }),
          b.post(CONTRASENA, { token, contrasena: 'segunda contraseña larga' }),
        ]);
        expect(rs.map((r) => r.statusCode).sort()).toEqual([204, 410]);
        expect(rs.find((r) => r.statusCode === 410)!.json()).toMatchObject({
          message: TEXTOS_CUENTAS.enlaceUsado,
        });
      });
      expect(filas.filter((f) => f.accion === 'contrasena')).toHaveLength(1);
      const { hash } = await ctx.db
        .selectFrom('personal')
        .select('hash')
        .where('usuario', '=', 'en-carrera')
        .executeTakeFirstOrThrow();
      const ganadoras = await Promise.all(
        ['primera contraseña larga', 'segunda contraseña larga'].map((c) => contrasenaValida(hash, c)),
      );
      expect(ganadoras.filter(Boolean)).toHaveLength(1);
    });

    it('¿Olvidaste tu contraseña?: la misma respuesta con o sin cuenta; con cuenta y correo, un enlace de 1 h auditado', async () => {
      await cuentaConCorreo(ctx, 'en-olvido');
      await ingresarComo(ctx, 'en-sin-correo', 'revisor');
      await cuentaConCorreo(ctx, 'en-olvido-baja');
      await ctx.db
        .updateTable('personal')
        .set({ activo: 0 })
        .where('usuario', '=', 'en-olvido-baja')
        .execute();
      const nav = await ctx.navegador().abrir();

      const respuestas: Awaited<ReturnType<typeof nav.post>>[] = [];
      const antes = await contadores(ctx);
      const sinNada = await auditoriaDe(ctx.db, async () => {
        for (const usuario of ['nadie-asi', 'en-sin-correo', 'en-olvido-baja'])
          respuestas.push(await nav.post(OLVIDO, { usuario }));
      });
      expect(sinNada).toEqual([]);
      expect(await contadores(ctx)).toEqual(antes);

      const filas = await auditoriaDe(ctx.db, async () => {
        respuestas.push(await nav.post(OLVIDO, { usuario: '  En-Olvido ' }));
      });
      for (const r of respuestas) {
        expect(r.statusCode).toBe(202);
        expect(r.json()).toEqual({ mensaje: TEXTOS_CUENTAS.olvidoRespuesta });
        expect(r.headers['content-length']).toBe(respuestas[0]!.headers['content-length']);
        expect(r.cookies).toEqual([]);
      }
      expect(filas.map((f) => [f.accion, f.usuario, f.objeto])).toEqual([
        ['olvido_contrasena', null, 'en-olvido'],
      ]);
      const [enlace] = await enlacesDe(ctx, 'en-olvido');
      expect(enlace).toMatchObject({ tipo: 'restablecer', usado_en: null, retirado_en: null });
      const [correo] = await correosDeEnlace(ctx, 'en-olvido');
      expect(correo).toMatchObject({ para: 'en-olvido@ejemplo.com' });
      expect(correo!.evento).toMatchObject({ enlace: 'restablecer' });

      // The message, written: its own words and the link.
      await ctx.app.correo.repartir();
      const mensaje = (await mensajesEscritos(ctx)).find((m) => para(m) === 'en-olvido@ejemplo.com')!;
      expect(mensaje.subject).toBe('Restablecer tu contraseña');
      expect(mensaje.text).toContain(`${RUTA_ELEGIR_CONTRASENA}#${correo!.evento.token}`);
      expect(mensaje.text).toContain('1 hora');

      // Asked again within the minute: the same answer, no second link (the mailbox is not flooded).
      const otra = await nav.post(OLVIDO, { usuario: 'en-olvido' });
      expect(otra.statusCode).toBe(202);
      expect(await enlacesDe(ctx, 'en-olvido')).toHaveLength(1);

      // An empty user name is a form error, not an answer about accounts.
      const vacio = await nav.post(OLVIDO, { usuario: '   ' });
      expect(vacio.statusCode).toBe(400);
      expect(vacio.json()).toMatchObject({ fields: { usuario: 'Ingresá tu usuario.' } });
      const pedidos = (await auditoria(ctx.db)).filter(
        (f) => f.accion === 'olvido_contrasena' && f.objeto === 'en-olvido',
      );
      expect(pedidos).toHaveLength(1);
    });

    it('¿Olvidaste tu contraseña? tarda lo mismo con o sin cuenta', async () => {
      await cuentaConCorreo(ctx, 'en-tiempo');
      const nav = await ctx.navegador().abrir();
      const medir = async (usuario: string) => {
        const inicio = performance.now();
        expect((await nav.post(OLVIDO, { usuario })).statusCode).toBe(202);
        return performance.now() - inicio;
      };
      const conCuenta: number[] = [];
      const sinCuenta: number[] = [];
      for (let i = 0; i < 3; i++) {
        // A new link each time (the minute between requests is moved out of the way).
        await ctx.db.updateTable('enlaces_personal').set({ creado_en: '2000-01-01T00:00:00.000Z' }).execute();
        conCuenta.push(await medir('en-tiempo'));
        sinCuenta.push(await medir(`nadie-${i}`));
      }
      expect(await enlacesDe(ctx, 'en-tiempo')).toHaveLength(3);
      for (const t of [...conCuenta, ...sinCuenta])
        expect(t).toBeGreaterThanOrEqual(DURACION_MINIMA_OLVIDO_MS - 5);
      const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
      expect(Math.abs(mediana(conCuenta) - mediana(sinCuenta))).toBeLessThan(150);
    });

    it('una cuenta sin contraseña tarda en rechazarse lo mismo que una inexistente (argon2 contra el hash ficticio)', async () => {
      const real = await hashDeContrasena('alguna contraseña');
      const medir = async (guardado: string | null) => {
        const inicio = performance.now();
        expect(await contrasenaValida(guardado, 'alguna contraseña')).toBe(guardado === real);
        return performance.now() - inicio;
      };
      // The fastest of a few runs each: a busy machine only ever makes a run slower.
      const minimo = async (guardado: string | null) => {
        const tiempos = [];
        for (let i = 0; i < 5; i++) tiempos.push(await medir(guardado));
        return Math.min(...tiempos);
      };
      await medir(null);
      const verdadera = await minimo(real);
      const vacia = await minimo('');
      // Without argon2 an empty hash would be refused in well under a millisecond.
      expect(vacia).toBeGreaterThan(verdadera / 4);
    });

    it('las rutas públicas tienen un límite por dirección: 429 al pasarlo', async () => {
      const nav = await ctx.navegador().abrir();
      const estados: number[] = [];
      for (let i = 0; i < 11; i++)
        estados.push((await nav.post(OLVIDO, { usuario: `nadie-${i}` })).statusCode);
      expect(estados.slice(0, 10)).toEqual(Array(10).fill(202));
      expect(estados[10]).toBe(429);
      const lecturas: number[] = [];
      for (let i = 0; i < 31; i++)
        lecturas.push((await nav.post(ENLACE, { token: 'A'.repeat(43) })).statusCode);
      expect(lecturas.slice(0, 30)).toEqual(Array(30).fill(404));
      expect(lecturas[30]).toBe(429);
      expect((await nav.post(CONTRASENA, { token: 'A'.repeat(43), contrasena: ELEGIDA })).statusCode).toBe(
        429,
      );
      await olvidarLimitesDeContrasena(ctx);
    });

    it('sin la cabecera anti-falsificación: 403 y nada cambia', async () => {
      const token = await cuentaNueva(ctx, 'en-xsrf');
      const nav = await ctx.navegador().abrir();
      nav.enviarXsrf = false;
      expect((await nav.post(CONTRASENA, { token, contrasena: ELEGIDA })).statusCode).toBe(403);
      expect((await nav.post(OLVIDO, { usuario: 'en-xsrf' })).statusCode).toBe(403);
      expect((await enlacesDe(ctx, 'en-xsrf'))[0]!.usado_en).toBeNull();
    });
  },
  { MAIL_POLL_SECONDS: '0' },
);
