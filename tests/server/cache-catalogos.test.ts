// Catalogue answers are served from memory (one serialized body and ETag per catalogue), also
// straight from the node:http listener when everything is known (server/atajo-catalogos.ts).
// An import run by another process (`npm run importar`) shows on every path within about a
// second; both paths answer the same bytes and headers.
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { AtajoCatalogos } from '../../server/atajo-catalogos.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';

const RAIZ = path.resolve(import.meta.dirname, '../..');
const RUTAS = [
  '/api/v2/localidad/getAll',
  '/api/v2/calle/getAll/1',
  '/api/v2/aparatos/getAll',
  '/api/v2/condicionesIva/getCondicionesValidas',
];
const esperar = (ms: number) => new Promise((listo) => setTimeout(listo, ms));

function importar(ctx: Contexto, tipo: string, archivo: string) {
  const r = spawnSync('npm', ['run', '-s', 'importar', '--', tipo, archivo], {
    cwd: RAIZ,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...ctx.entorno.env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status, r.stderr).toBe(0);
}

async function escuchar(ctx: Contexto): Promise<string> {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const direccion = ctx.app.server.address();
  return `http://127.0.0.1:${typeof direccion === 'object' && direccion ? direccion.port : 0}`;
}

/** Headers that must be the same whichever path answered (not date, connection, keep-alive). */
const comparables = (h: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(h)
      .map(([k, v]) => [k.toLowerCase(), String(v)])
      .filter(([k]) => !['date', 'connection', 'keep-alive', 'set-cookie'].includes(k!))
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );

conCadaBase('caché de catálogos', (ctx) => {
  it('el atajo de node:http y la ruta de Fastify responden los mismos bytes y cabeceras', async () => {
    const base = await escuchar(ctx);
    const atajo = vi.spyOn(AtajoCatalogos.prototype, 'responder');
    const primera = await fetch(`${base}/api/v2/localidad/getAll`);
    const cookie = primera.headers.getSetCookie()[0]!.split(';')[0]!;
    for (const ruta of RUTAS) {
      await fetch(base + ruta, { headers: { cookie } }); // loads the entry
      const real = await fetch(base + ruta, { headers: { cookie } });
      const inyectada = await ctx.app.inject({ url: ruta, headers: { cookie } });
      expect(real.status).toBe(200);
      expect(atajo.mock.results.at(-1)?.value, `${ruta}: answered by the shortcut`).toBe(true);
      expect(await real.text()).toBe(inyectada.body);
      expect(comparables(Object.fromEntries(real.headers))).toEqual(comparables(inyectada.headers));
      const etag = real.headers.get('etag')!;
      const otraVez = await fetch(base + ruta, { headers: { cookie, 'if-none-match': etag } });
      expect(otraVez.status).toBe(304);
      expect(await otraVez.text()).toBe('');
      expect(otraVez.headers.get('x-content-type-options')).toBe('nosniff');
      const lista = await fetch(base + ruta, { headers: { cookie, 'if-none-match': `"x", W/${etag}` } });
      expect(lista.status).toBe(304);
    }
    // Without the cookie the answer sets one (Fastify's path); a locality that does not exist is
    // a 404 whichever way.
    const sinCookie = await fetch(`${base}/api/v2/localidad/getAll`);
    expect(sinCookie.headers.getSetCookie()[0]).toMatch(/^XSRF-TOKEN=/);
    expect((await fetch(`${base}/api/v2/calle/getAll/9999`, { headers: { cookie } })).status).toBe(404);
    expect((await fetch(`${base}/api/v2/calle/getAll/01`, { headers: { cookie } })).status).toBe(200);
    expect(atajo.mock.results.at(-1)?.value).toBe(false);
    // A repeated cookie: both paths read the same one (the first), so both set a cookie or neither.
    for (const doble of [`${cookie}; XSRF-TOKEN=malo`, `XSRF-TOKEN=malo; ${cookie}`]) {
      const real = await fetch(`${base}/api/v2/localidad/getAll`, { headers: { cookie: doble } });
      const inyectada = await ctx.app.inject({ url: '/api/v2/localidad/getAll', headers: { cookie: doble } });
      expect(real.headers.getSetCookie().length, doble).toBe(inyectada.cookies.length);
    }
    atajo.mockRestore();
  });

  it('con tráfico continuo el atajo no se interrumpe al vencer el intervalo (se verifica antes)', async () => {
    const base = await escuchar(ctx);
    const cookie = (await fetch(`${base}/healthz`)).headers.getSetCookie()[0]!.split(';')[0]!;
    await fetch(`${base}/api/v2/localidad/getAll`, { headers: { cookie } }); // loads the entry
    const atajo = vi.spyOn(AtajoCatalogos.prototype, 'responder');
    const hasta = Date.now() + 2_500; // more than two intervals of the version check
    while (Date.now() < hasta) {
      expect((await fetch(`${base}/api/v2/localidad/getAll`, { headers: { cookie } })).status).toBe(200);
      await esperar(20);
    }
    const respuestas = atajo.mock.results.map((r) => r.value as boolean);
    atajo.mockRestore();
    expect(respuestas.length).toBeGreaterThan(20);
    expect(respuestas.filter((r) => !r), 'requests handed to Fastify').toEqual([]);
  });

  it('una importación desde otro proceso se ve en todas las rutas en un segundo', async () => {
    const base = await escuchar(ctx);
    const cookie = (await fetch(`${base}/healthz`)).headers.getSetCookie()[0]!.split(';')[0]!;
    const antes = await fetch(`${base}/api/v2/localidad/getAll`, { headers: { cookie } });
    const etagAntes = antes.headers.get('etag');
    await fetch(`${base}/api/v2/calle/getAll/1`, { headers: { cookie } });

    const localidades = path.join(ctx.entorno.config.dataDir, 'localidades.csv');
    await writeFile(localidades, 'codigoLocalidad,nombreLocalidad\n1,Rosario\n2,Funes\n');
    importar(ctx, 'localidades', localidades);
    const calles = path.join(ctx.entorno.config.dataDir, 'calles.csv');
    await writeFile(
      calles,
      'codigoLocalidad,nombreCalle\n1,Córdoba\n1,Avenida Pellegrini\n1,Álvarez Thomas\n',
    );
    importar(ctx, 'calles', calles);
    await esperar(1_100);

    const real = await fetch(`${base}/api/v2/localidad/getAll`, { headers: { cookie } });
    expect(await real.json()).toEqual([
      { codigoLocalidad: 1, nombreLocalidad: 'Rosario' },
      { codigoLocalidad: 2, nombreLocalidad: 'Funes' },
    ]);
    expect(real.headers.get('etag')).not.toBe(etagAntes);
    const viejo = await fetch(`${base}/api/v2/localidad/getAll`, {
      headers: { cookie, 'if-none-match': etagAntes! },
    });
    expect(viejo.status).toBe(200);
    const inyectada = await ctx.app.inject({ url: '/api/v2/localidad/getAll', headers: { cookie } });
    expect(inyectada.json()).toHaveLength(2);
    // Sorted in Spanish, accents ignored.
    const nuevas = await fetch(`${base}/api/v2/calle/getAll/1`, { headers: { cookie } });
    expect(await nuevas.json()).toEqual([
      { nombreCalle: 'Álvarez Thomas' },
      { nombreCalle: 'Avenida Pellegrini' },
      { nombreCalle: 'Córdoba' },
    ]);
    // A locality that left the catalogue is gone on both paths.
    expect((await fetch(`${base}/api/v2/calle/getAll/3`, { headers: { cookie } })).status).toBe(404);
  });
});
