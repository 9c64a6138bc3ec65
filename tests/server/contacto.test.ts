// The association's contact (producto §12): CONTACTO_* validated at start (a wrong value named in
// Spanish, the real process stopping with code 1), and GET /api/v2/contacto answering it with the
// catalogues' caching — or three nulls when none is configured (nothing invented).
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { ConfigError, loadConfig } from '../../server/config/index.js';
import { CON_CLAVE_DE_AUDITORIA } from './ayuda/bases.js';

const RAIZ = path.resolve(import.meta.dirname, '../..');

const CONTACTO = {
  CONTACTO_TELEFONO: '+54 341 421-0000',
  CONTACTO_EMAIL: 'prestadores@amr.org.ar',
  CONTACTO_DIRECCION: 'Santa Fe 1798, Rosario',
};

function conApp(env: Record<string, string>, cuerpo: (app: () => FastifyInstance) => void) {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'alta-contacto-'));
    app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  cuerpo(() => app);
}

describe('configuración del contacto', () => {
  it('sin variables no hay contacto (nada inventado)', () => {
    expect(loadConfig(CON_CLAVE_DE_AUDITORIA).contacto).toBeNull();
    expect(loadConfig({ ...CON_CLAVE_DE_AUDITORIA, CONTACTO_TELEFONO: '  ', CONTACTO_EMAIL: '' }).contacto).toBeNull();
  });

  it('lee las tres partes, o solo las que haya', () => {
    expect(loadConfig({ ...CON_CLAVE_DE_AUDITORIA, ...CONTACTO }).contacto).toEqual({
      telefono: '+54 341 421-0000',
      email: 'prestadores@amr.org.ar',
      direccion: 'Santa Fe 1798, Rosario',
    });
    expect(loadConfig({ ...CON_CLAVE_DE_AUDITORIA, CONTACTO_EMAIL: ' prestadores@amr.org.ar ' }).contacto).toEqual({
      telefono: null,
      email: 'prestadores@amr.org.ar',
      direccion: null,
    });
    expect(loadConfig({ ...CON_CLAVE_DE_AUDITORIA, CONTACTO_TELEFONO: '(0341) 421.0000' }).contacto?.telefono).toBe('(0341) 421.0000');
  });

  it.each([
    ['CONTACTO_TELEFONO', 'llamar al 4210000'],
    ['CONTACTO_TELEFONO', '12345'],
    ['CONTACTO_TELEFONO', '+54 341 421 0000 0000 0000'],
    ['CONTACTO_TELEFONO', '341+4210000'],
    ['CONTACTO_EMAIL', 'prestadores en amr.org.ar'],
    ['CONTACTO_EMAIL', 'Prestadores <prestadores@amr.org.ar>'],
    ['CONTACTO_EMAIL', 'a@b.ar, c@d.ar'],
    ['CONTACTO_DIRECCION', 'Santa Fe 1798\nRosario'],
    ['CONTACTO_DIRECCION', 'x'.repeat(201)],
  ])('%s=%j se rechaza nombrando la variable, en castellano', (variable, valor) => {
    expect(() => loadConfig({ ...CON_CLAVE_DE_AUDITORIA, [variable]: valor })).toThrow(ConfigError);
    expect(() => loadConfig({ ...CON_CLAVE_DE_AUDITORIA, [variable]: valor })).toThrow(`Configuración inválida: ${variable} `);
  });

  it('el servidor real no arranca con CONTACTO_EMAIL inválido y lo nombra (código 1)', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: RAIZ,
      env: { PATH: process.env.PATH, CONTACTO_EMAIL: 'prestadores', DATA_DIR: path.join(RAIZ, 'data-no-usar') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Configuración inválida: CONTACTO_EMAIL no es una dirección de correo válida');
  });
});

describe('GET /api/v2/contacto, configurado', () => {
  conApp(CONTACTO, (app) => {
    it('responde las tres partes, cacheable como los catálogos', async () => {
      const r = await app().inject('/api/v2/contacto');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        telefono: '+54 341 421-0000',
        email: 'prestadores@amr.org.ar',
        direccion: 'Santa Fe 1798, Rosario',
      });
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.headers['cache-control']).toBe('public, max-age=300');
      const etag = r.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const otra = await app().inject({ url: '/api/v2/contacto', headers: { 'if-none-match': etag } });
      expect(otra.statusCode).toBe(304);
      expect(otra.body).toBe('');
      expect(otra.headers['cache-control']).toBe('public, max-age=300');
    });

    it('está declarado en el documento OpenAPI con su esquema', async () => {
      const doc = (await app().inject('/api/docs/json')).json<{
        paths: Record<string, { get?: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
      }>();
      const get = doc.paths['/api/v2/contacto']?.get;
      expect(get).toBeDefined();
      expect(JSON.stringify(get!.responses['200'])).toContain('"telefono"');
    });
  });
});

describe('GET /api/v2/contacto, sin configurar', () => {
  conApp({}, (app) => {
    it('responde tres null: la página no muestra nada', async () => {
      const r = await app().inject('/api/v2/contacto');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ telefono: null, email: null, direccion: null });
      expect(r.headers['cache-control']).toBe('public, max-age=300');
    });
  });
});

describe('GET /api/v2/contacto, en parte', () => {
  conApp({ CONTACTO_TELEFONO: '0341 421-0000' }, (app) => {
    it('responde solo el teléfono', async () => {
      const r = await app().inject('/api/v2/contacto');
      expect(r.json()).toEqual({ telefono: '0341 421-0000', email: null, direccion: null });
    });
  });
});
