// The terms page states the retention periods and the association's contact as configured
// (producto §13): public/terminos.html carries readable defaults between markers; the server fills
// them in once at start-up, HTML-escaped, and serves the page like the other pages (no-cache, a
// strong ETag, brotli or gzip) — and the build leaves no precompressed copy holding the defaults.
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precomprimir } from '../../scripts/build-comprimir.mjs';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config/index.js';
import { MARCAS_TERMINOS, rellenarTerminos, valoresDeTerminos } from '../../server/plugins/terminos-valores.js';

const RAIZ = path.resolve(import.meta.dirname, '../..');
const PLANTILLA = path.join(RAIZ, 'public/terminos.html');
const CONTACTO_PREDETERMINADO = 'a la dirección de contacto de la Asociación.';

/** The page's visible text, on one line (comments and tags out). */
const texto = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');

function conApp(env: Record<string, string>, cuerpo: (app: () => FastifyInstance) => void) {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'alta-terminos-'));
    const cliente = path.join(dataDir, 'client');
    await mkdir(cliente);
    await writeFile(path.join(cliente, 'index.html'), '<!doctype html><div id="root"></div>');
    await copyFile(PLANTILLA, path.join(cliente, 'terminos.html'));
    app = await buildApp({
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(dataDir, 'datos'), ...env }),
      clientDir: cliente,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  cuerpo(() => app);
}

describe('la plantilla de términos (public/terminos.html)', () => {
  it('marks every value the server fills in, and its defaults read correctly as they are', async () => {
    const plantilla = await readFile(PLANTILLA, 'utf8');
    for (const marca of MARCAS_TERMINOS) {
      expect(plantilla).toContain(`<!--config:${marca}-->`);
      expect(plantilla).toContain(`<!--/config:${marca}-->`);
    }
    const visible = texto(plantilla);
    expect(visible).toContain('se eliminan 72 horas después de la última vez');
    expect(visible).toContain('se suprimen 24 meses después del rechazo o del vencimiento del plazo');
    expect(visible).toContain('mientras seas prestador de la Asociación');
    expect(visible).toContain(CONTACTO_PREDETERMINADO);
  });

  it('refuses a marker the server does not know', () => {
    const valores = valoresDeTerminos({ draftMaxAgeHours: 72, retentionMonths: 24, contacto: null });
    expect(() => rellenarTerminos('<p><!--config:otra-->x<!--/config:otra--></p>', valores)).toThrow(
      'config:otra',
    );
  });
});

describe('GET /terminos.html sin configuración: los valores predeterminados', () => {
  conApp({}, (app) => {
    it('says 72 hours, 24 months and the generic contact; revalidated, tagged', async () => {
      const r = await app().inject('/terminos.html');
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers.etag).toMatch(/^"[\w-]{32}"$/);
      expect(r.headers.vary).toContain('accept-encoding');
      expect(r.headers['content-security-policy']).toBeDefined();
      const visible = texto(r.body);
      expect(visible).toContain('72 horas después de la última vez');
      expect(visible).toContain('24 meses después del rechazo');
      expect(visible).toContain(CONTACTO_PREDETERMINADO);
      expect(r.body).not.toContain('class="contacto"');
    });
  });
});

describe('GET /terminos.html con la configuración de la Asociación', () => {
  conApp(
    {
      DRAFT_MAX_AGE_HOURS: '1',
      RETENTION_MONTHS: '1200',
      CONTACTO_TELEFONO: '+54 341 421-0000',
      CONTACTO_EMAIL: "o'brien&co@amr.org.ar",
      CONTACTO_DIRECCION: 'Santa Fe 1798 <b>&</b> "Rosario"',
    },
    (app) => {
      it('fills in the periods and the contact, every value escaped', async () => {
        const r = await app().inject('/terminos.html');
        expect(r.statusCode).toBe(200);
        const visible = texto(r.body);
        expect(visible).toContain('se eliminan 1 hora después de la última vez');
        expect(visible).not.toContain('72 horas');
        expect(visible).toContain('se suprimen 1.200 meses después del rechazo');
        expect(visible).not.toContain(CONTACTO_PREDETERMINADO);
        expect(r.body).not.toContain('<!--config:');
        expect(r.body).toContain('<li>Teléfono: <a href="tel:+543414210000">+54 341 421-0000</a></li>');
        expect(r.body).toContain(
          '<li>Correo electrónico: <a href="mailto:o&#39;brien%26co@amr.org.ar">o&#39;brien&amp;co@amr.org.ar</a></li>',
        );
        expect(r.body).toContain(
          '<li>Dirección: Santa Fe 1798 &lt;b&gt;&amp;&lt;/b&gt; &quot;Rosario&quot;</li>',
        );
        expect(r.body).not.toContain('<b>');
      });

      it('sends brotli or gzip as accepted, the same page; each coding its own tag; 304 when unchanged', async () => {
        const plano = await app().inject('/terminos.html');
        const br = await app().inject({ url: '/terminos.html', headers: { 'accept-encoding': 'gzip, br' } });
        expect(br.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plano.body);
        const gz = await app().inject({
          url: '/terminos.html',
          headers: { 'accept-encoding': 'br;q=0, gzip' },
        });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString()).toBe(plano.body);
        const etiquetas = new Set([plano.headers.etag, br.headers.etag, gz.headers.etag]);
        expect(etiquetas.size).toBe(3);

        const igual = await app().inject({
          url: '/terminos.html',
          headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
        });
        expect(igual.statusCode).toBe(304);
        expect(igual.body).toBe('');
        const otra = await app().inject({
          url: '/terminos.html',
          headers: { 'if-none-match': String(br.headers.etag) },
        });
        expect(otra.statusCode).toBe(200);

        const cabeza = await app().inject({ method: 'HEAD', url: '/terminos.html' });
        expect(cabeza.statusCode).toBe(200);
        expect(cabeza.body).toBe('');
      });
    },
  );
});

describe('la compresión del build', () => {
  it('makes no .br/.gz of terminos.html (they would hold the defaults), and does of the rest', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'alta-terminos-build-'));
    try {
      await copyFile(PLANTILLA, path.join(dir, 'terminos.html'));
      await writeFile(path.join(dir, 'otra.html'), '<p>texto</p>'.repeat(200));
      await precomprimir(dir);
      expect((await readdir(dir)).sort()).toEqual([
        'otra.html',
        'otra.html.br',
        'otra.html.gz',
        'terminos.html',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
