// The database goes away: every route answers 503 NO_DISPONIBLE with Retry-After (not a 500),
// and the app recovers by itself when it comes back. PostgreSQL is reached through a proxy that
// is stopped; SQLite is locked by another connection past busy_timeout.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config/index.js';
import { baseNoDisponible } from '../../server/db/disponibilidad.js';
import { baseTrasProxy } from './ayuda/base-tras-proxy.js';
import { crearEntorno, disponible } from './ayuda/bases.js';
import { Navegador } from './ayuda/cliente.js';
import { cuerpoSolicitud, partesRequeridas, subirRequeridos } from './ayuda/solicitud.js';

function es503(r: LightMyRequestResponse) {
  expect(r.statusCode, r.body).toBe(503);
  expect(r.json()).toEqual({
    error: 'NO_DISPONIBLE',
    message: 'El servicio no está disponible en este momento. Intentá nuevamente más tarde.',
  });
  expect(r.headers['retry-after']).toBe('5');
  expect(r.headers['x-content-type-options']).toBe('nosniff');
}

describe.skipIf(!disponible('postgres'))('base caída [postgres]', () => {
  it('responde 503 con Retry-After en cada ruta y se recupera sola', async () => {
    const entorno = await crearEntorno('postgres');
    const { proxy, url } = await baseTrasProxy(entorno);
    let app: FastifyInstance | null = null;
    try {
      app = await buildApp(loadConfig({ ...entorno.env, DATABASE_URL: url }));
      const instancia = app;
      const nav = new Navegador(() => instancia);
      const adjuntos = await subirRequeridos(nav);
      const cuerpo = cuerpoSolicitud(adjuntos);

      await proxy.cerrar();
      es503(await nav.get('/healthz'));
      es503(await nav.get('/api/v2/localidad/getAll'));
      es503(await nav.get('/api/v2/calle/getAll/1'));
      es503(await nav.get('/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1'));
      es503(await nav.subir(partesRequeridas().slice(0, 1)));
      es503(await nav.post('/api/v2/solicitud/crear', cuerpo));

      await proxy.abrir();
      expect((await nav.get('/healthz')).statusCode).toBe(200);
      expect((await nav.get('/api/v2/localidad/getAll')).statusCode).toBe(200);
      expect((await nav.post('/api/v2/solicitud/crear', cuerpo)).statusCode).toBe(201);
    } finally {
      await app?.close();
      await proxy.cerrar();
      await entorno.limpiar();
    }
  });
});

describe('base bloqueada [sqlite]', () => {
  it('las escrituras responden 503 con Retry-After pasado busy_timeout, y luego funcionan', async () => {
    const entorno = await crearEntorno('sqlite');
    const app = await buildApp(entorno.config);
    const bloqueo = new Database(path.join(entorno.config.dataDir, 'alta.sqlite'));
    try {
      const nav = new Navegador(() => app);
      const adjuntos = await subirRequeridos(nav);
      const cuerpo = cuerpoSolicitud(adjuntos);
      const otro = new Navegador(() => app);
      await otro.abrir();

      bloqueo.exec('BEGIN EXCLUSIVE');
      const [subida, envio] = await Promise.all([
        otro.subir(partesRequeridas().slice(0, 1)),
        nav.post('/api/v2/solicitud/crear', cuerpo),
      ]);
      bloqueo.exec('ROLLBACK');
      es503(subida);
      es503(envio);

      expect((await otro.subir(partesRequeridas().slice(0, 1))).statusCode).toBe(200);
      expect((await nav.post('/api/v2/solicitud/crear', cuerpo)).statusCode).toBe(201);
    } finally {
      bloqueo.close();
      await app.close();
      await entorno.limpiar();
    }
  });
});

describe('qué errores significan "sin base"', () => {
  it('reconoce los de conexión y bloqueo de ambos motores, y no otros', () => {
    const con = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const code of [
      'ECONNREFUSED',
      '57P01',
      '08006',
      '53300',
      'SQLITE_BUSY',
      'SQLITE_BUSY_SNAPSHOT',
      'SQLITE_IOERR_WRITE',
      'SQLITE_CANTOPEN',
      'ENOSPC',
    ])
      expect(baseNoDisponible(con(code)), code).toBe(true);
    expect(baseNoDisponible(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(baseNoDisponible(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(baseNoDisponible(new AggregateError([con('ECONNREFUSED')]))).toBe(true);
    for (const code of ['23505', 'SQLITE_CONSTRAINT_UNIQUE', '42P01', 'SQLITE_ERROR'])
      expect(baseNoDisponible(con(code)), code).toBe(false);
    expect(baseNoDisponible(new TypeError('x is undefined'))).toBe(false);
    expect(baseNoDisponible(null)).toBe(false);
  });
});
