// Serving the built SPA: history fallback, cache policy, precompressed files, and /api staying
// JSON. Also /healthz when the database is gone.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { crearEntorno, type Entorno } from './ayuda/bases.js';

describe('SPA y operación', () => {
  let entorno: Entorno;
  let app: FastifyInstance;
  const INDEX =
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script></body></html>';
  const JS = 'console.log("hola");'.repeat(50);
  const INICIO = '<!doctype html><html><body><div id="root"><h1>Prerendered</h1></div></body></html>';

  beforeAll(async () => {
    entorno = await crearEntorno('sqlite');
    const cliente = path.join(entorno.config.dataDir, 'client');
    await mkdir(path.join(cliente, 'assets'), { recursive: true });
    await writeFile(path.join(cliente, 'index.html'), INDEX);
    await writeFile(path.join(cliente, 'index.html.br'), brotliCompressSync(INDEX));
    await mkdir(path.join(cliente, 'inicio'));
    await writeFile(path.join(cliente, 'inicio', 'index.html'), INICIO);
    await writeFile(path.join(cliente, 'inicio', 'index.html.br'), brotliCompressSync(INICIO));
    await writeFile(path.join(cliente, 'assets', 'app-1a2b3c.js'), JS);
    await writeFile(path.join(cliente, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(JS));
    app = await buildApp({ ...entorno.config, clientDir: cliente });
  });
  afterAll(async () => {
    await app?.close();
    await entorno?.limpiar();
  });

  it('sirve index.html sin caché en / y en cualquier ruta del navegador', async () => {
    for (const url of ['/', '/stepper', '/completado', '/cualquier/otra']) {
      const r = await app.inject(url);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.body).toBe(INDEX);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(r.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeDefined();
    }
  });

  it('las páginas prerenderizadas y el fallback salen en brotli y siempre se revalidan', async () => {
    for (const [url, cuerpo] of [
      ['/', INDEX],
      ['/stepper', INDEX],
      ['/inicio', INICIO],
      ['/inicio/', INICIO],
    ] as const) {
      const r = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers['content-type'], url).toContain('text/html');
      const plano = await app.inject(url);
      expect(plano.body, url).toBe(cuerpo);
      expect(plano.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sirve /assets/* inmutables y prefiere la versión brotli', async () => {
    const r = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plano = await app.inject('/assets/app-1a2b3c.js');
    expect(plano.body).toBe(JS);
  });

  it('un archivo inexistente y una ruta /api desconocida responden 404 JSON, no index.html', async () => {
    for (const url of ['/assets/falta.js', '/logo.png', '/api/v2/desconocida', '/api/v3/localidad/getAll']) {
      const r = await app.inject(url);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ error: 'NO_ENCONTRADO' });
    }
  });

  it('/healthz responde 503 cuando la base no contesta', async () => {
    await app.db.destroy();
    const r = await app.inject('/healthz');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({
      error: 'NO_DISPONIBLE',
      message: 'El servicio no está disponible en este momento. Intentá nuevamente más tarde.',
    });
  });

  it('un error interno responde 500 genérico, sin pila ni SQL', async () => {
    const r = await app.inject('/api/v2/localidad/getAll');
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({
      error: 'ERROR_INTERNO',
      message: 'Ocurrió un error inesperado. Intentá nuevamente más tarde.',
    });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });
});
