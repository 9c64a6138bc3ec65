// Staff accounts in the back-office (producto §9, producto §16): the list and "baja", for administradores only.
// An administrador may not disable their own account (409); an unknown or already disabled one
// is 404; a disabled account's sessions end at once and its history stays.
import { beforeEach, expect, it } from 'vitest';
import { TEXTOS_GESTION } from '../../domain/index.js';
import { TEXTOS_PERSONAL } from '../../server/personal/rutas/personal.js';
import { altaPersonal, ErrorPersonal, listaPersonal } from '../../server/personal/cuentas.js';
import { conCadaBase } from './ayuda/contexto.js';
import {
  auditoriaDe,
  CONTRASENA_DE_PRUEBA,
  ingresar,
  ingresarComo,
  olvidarLimiteDeIngreso,
} from './ayuda/personal.js';

interface Fila {
  usuario: string;
  nombre: string;
  correo: string | null;
  rol: string;
  segundoFactor: boolean;
  activo: boolean;
  creadoEn: string;
  bajaEn: string | null;
  ultimoIngreso: string | null;
  contrasenaPendiente: boolean;
}

conCadaBase('gestión: cuentas del personal', (ctx) => {
  beforeEach(() => olvidarLimiteDeIngreso(ctx.db));

  it('GET /personal lista las cuentas (activas y de baja) para un administrador; 403 a un revisor', async () => {
    const admin = await ingresarComo(ctx, 'jefa', 'administrador');
    const revisor = await ingresarComo(ctx, 'pablo', 'revisor');
    const r = await admin.get('/api/gestion/personal');
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const filas = r.json<Fila[]>();
    expect(filas.map((f) => f.usuario)).toEqual(['jefa', 'pablo']);
    expect(filas[0]).toEqual({
      usuario: 'jefa',
      nombre: 'Cuenta jefa',
      correo: null,
      rol: 'administrador',
      segundoFactor: false,
      activo: true,
      creadoEn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      bajaEn: null,
      // Signed in just now (producto §16, "Último ingreso").
      ultimoIngreso: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      contrasenaPendiente: false,
    });
    expect(Date.now() - Date.parse(filas[0]!.ultimoIngreso!)).toBeLessThan(60_000);
    // No hash, secret or id leaves the server.
    expect(r.body).not.toMatch(/argon2|totp|hash|"id"/);

    const prohibido = await revisor.get('/api/gestion/personal');
    expect(prohibido.statusCode).toBe(403);
    expect(prohibido.json()).toEqual({ error: 'SIN_PERMISO', message: TEXTOS_GESTION.sinPermiso });
    expect((await revisor.post('/api/gestion/personal/jefa/baja', {})).statusCode).toBe(403);
    expect((await admin.get('/api/gestion/personal')).json<Fila[]>()[0]!.activo).toBe(true);
  });

  it('baja: 204, la cuenta queda inactiva con fecha, sus sesiones terminan y no vuelve a entrar', async () => {
    const admin = await ingresarComo(ctx, 'jefa', 'administrador');
    const quien = await ingresarComo(ctx, 'quique', 'revisor');
    const filas = await auditoriaDe(ctx.db, async () => {
      const r = await admin.post('/api/gestion/personal/QUIQUE/baja', {});
      expect(r.statusCode).toBe(204);
      expect(r.body).toBe('');
    });
    expect(filas).toMatchObject([{ accion: 'baja_personal', usuario: 'jefa', objeto: 'quique' }]);
    expect((await quien.get('/api/gestion/sesion')).statusCode).toBe(401);
    expect((await ingresar(await ctx.navegador().abrir(), 'quique')).statusCode).toBe(401);
    const fila = (await admin.get('/api/gestion/personal'))
      .json<Fila[]>()
      .find((f) => f.usuario === 'quique')!;
    expect(fila.activo).toBe(false);
    expect(Date.now() - Date.parse(fila.bajaEn!)).toBeLessThan(60_000);
    // The account stays (its history refers to it); its name cannot be taken again.
    await expect(
      altaPersonal(ctx.db, {
        usuario: 'quique',
        nombre: 'Otro',
        rol: 'revisor',
        contrasena: CONTRASENA_DE_PRUEBA,
      }),
    ).rejects.toThrow(ErrorPersonal);
    expect((await listaPersonal(ctx.db)).map((f) => f.usuario)).toContain('quique');

    // Again: it is no longer active, 404.
    const otra = await admin.post('/api/gestion/personal/quique/baja', {});
    expect(otra.statusCode).toBe(404);
    expect(otra.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_PERSONAL.cuentaInexistente });
  });

  it('baja de una cuenta inexistente: 404; de la propia: 409 con un mensaje en castellano', async () => {
    const admin = await ingresarComo(ctx, 'jefa', 'administrador');
    const inexistente = await admin.post('/api/gestion/personal/nadie/baja', {});
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json()).toMatchObject({ error: 'NO_ENCONTRADO' });
    const nada = await auditoriaDe(ctx.db, async () => {
      const propia = await admin.post('/api/gestion/personal/jefa/baja', {});
      expect(propia.statusCode).toBe(409);
      expect(propia.json()).toEqual({ error: 'CONFLICTO', message: TEXTOS_PERSONAL.bajaPropia });
      // Written differently, still their own.
      expect((await admin.post('/api/gestion/personal/JEFA/baja', {})).statusCode).toBe(409);
    });
    expect(nada).toEqual([]);
    expect((await admin.get('/api/gestion/sesion')).statusCode).toBe(200);
  });

  it('baja sin sesión: 401; sin la cabecera anti-falsificación: 403 y nada cambia', async () => {
    await ingresarComo(ctx, 'rosa', 'revisor');
    expect(
      (await (await ctx.navegador().abrir()).post('/api/gestion/personal/rosa/baja', {})).statusCode,
    ).toBe(401);
    const admin = await ingresarComo(ctx, 'jefa', 'administrador');
    admin.enviarXsrf = false;
    expect((await admin.post('/api/gestion/personal/rosa/baja', {})).statusCode).toBe(403);
    expect((await listaPersonal(ctx.db)).find((f) => f.usuario === 'rosa')!.activo).toBe(true);
  });
});
