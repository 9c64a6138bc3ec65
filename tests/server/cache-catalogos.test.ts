// The catalogue cache (server/catalogos/cache.ts): one load per key shared by
// concurrent requests, the version row read at most once a second, entries dropped when it moved
// or after ten minutes, a failed load or check not kept, sospechar() forcing a check. Then the
// real thing: an import run by another process (`npm run importar`) shows on every catalogue
// route within about a second, and in the rules that check an application against them
// (catalogos/referencias.ts).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/esquema.js';
import { CacheCatalogos } from '../../server/catalogos/cache.js';
import { lectorDeCatalogos } from '../../server/catalogos/referencias.js';
import { normalizar } from '../../domain/index.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { comando } from './ayuda/comando.js';

/** Just enough of Kysely for the version query: counts the reads, and can fail. */
class BaseFalsa {
  version = 1;
  lecturas = 0;
  caida = false;
  readonly db = {
    selectFrom: () => this.db,
    select: () => this.db,
    where: () => this.db,
    executeTakeFirst: async () => {
      this.lecturas++;
      if (this.caida) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return { version: this.version };
    },
  } as unknown as Db;
}

function preparar() {
  const base = new BaseFalsa();
  let t = 1_000_000;
  const reloj = { avanzar: (ms: number) => void (t += ms) };
  const cache = new CacheCatalogos(base.db, { ahora: () => t });
  let cargas = 0;
  const cargar = async () => ++cargas;
  return { base, reloj, cache, cargar, cargas: () => cargas };
}

describe('CacheCatalogos', () => {
  it('carga una vez por clave, aunque lleguen muchas peticiones a la vez', async () => {
    const { base, cache, cargar, cargas } = preparar();
    const valores = await Promise.all(Array.from({ length: 20 }, () => cache.obtener('a', cargar)));
    expect(new Set(valores)).toEqual(new Set([1]));
    expect(cargas()).toBe(1);
    expect(base.lecturas).toBe(1);
    expect(await cache.obtener('b', cargar)).toBe(2);
  });

  it('lee la versión a lo sumo una vez por segundo y vacía todo cuando cambió', async () => {
    const { base, reloj, cache, cargar, cargas } = preparar();
    await cache.obtener('a', cargar);
    reloj.avanzar(999);
    base.version = 2; // an import from another process, not seen yet
    expect(await cache.obtener('a', cargar)).toBe(1);
    expect(base.lecturas).toBe(1);
    reloj.avanzar(1);
    expect(await cache.obtener('a', cargar)).toBe(2);
    expect(base.lecturas).toBe(2);
    expect(cargas()).toBe(2);
    // Same version: the entry stays.
    reloj.avanzar(5_000);
    expect(await cache.obtener('a', cargar)).toBe(2);
    expect(base.lecturas).toBe(3);
  });

  it('descarta las entradas a los diez minutos aunque la versión no cambie', async () => {
    const { reloj, cache, cargar } = preparar();
    await cache.obtener('a', cargar);
    reloj.avanzar(10 * 60_000);
    expect(await cache.obtener('a', cargar)).toBe(1);
    reloj.avanzar(1_000);
    expect(await cache.obtener('a', cargar)).toBe(2);
  });

  it('una carga fallida no queda guardada: la próxima petición lo intenta de nuevo', async () => {
    const { cache } = preparar();
    await expect(cache.obtener('a', () => Promise.reject(new Error('falla')))).rejects.toThrow('falla');
    expect(await cache.obtener('a', async () => 'bien')).toBe('bien');
  });

  it('con la base caída la petición falla; sospechar() obliga a verificar en la siguiente', async () => {
    const { base, reloj, cache, cargar } = preparar();
    await cache.obtener('a', cargar);
    reloj.avanzar(1_000);
    base.caida = true;
    await expect(cache.obtener('a', cargar)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    base.caida = false;
    expect(await cache.obtener('a', cargar)).toBe(1);
    const lecturas = base.lecturas;
    cache.sospechar();
    await cache.obtener('a', cargar);
    expect(base.lecturas).toBe(lecturas + 1);
  });
});

const esperar = (ms: number) => new Promise((listo) => setTimeout(listo, ms));

function importar(ctx: Contexto, tipo: string, archivo: string) {
  const r = comando('importar', [tipo, archivo], ctx.entorno.env);
  expect(r.codigo, r.errores).toBe(0);
}

conCadaBase('caché de catálogos', (ctx) => {
  it('las reglas de una solicitud leen los catálogos de la caché: sin consultas mientras no cambian', async () => {
    let consultas = 0;
    const contada = ctx.app.db.withPlugin({
      transformQuery: ({ node }) => {
        consultas++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    // A long interval: the second reading must not depend on how fast this machine runs.
    const lector = lectorDeCatalogos(new CacheCatalogos(contada, { intervaloMs: 60_000 }), contada);
    const leerTodo = async () => ({
      rosario: await lector.localidad(1),
      ninguna: await lector.localidad(999_999),
      oronio: (await lector.calles(1)).get(normalizar('BV. OROÑO')),
      sinCalles: (await lector.calles(12)).size,
      callesDeNinguna: (await lector.calles(999_999)).size,
      iva: await lector.condicionIva(1),
      aparatos: (await lector.tiposDeAparato()).size,
    });
    const primera = await leerTodo();
    expect(primera).toMatchObject({ rosario: 'Rosario', ninguna: null, oronio: 'Bv. Oroño', sinCalles: 0 });
    expect(primera.callesDeNinguna).toBe(0);
    expect(primera.iva).toEqual(expect.any(String));
    expect(primera.aparatos).toBeGreaterThan(0);
    const cargadas = consultas;
    // The version row, then one load per catalogue (streets: per existing locality asked).
    expect(cargadas).toBe(1 + 5);
    expect(await leerTodo()).toEqual(primera);
    expect(consultas).toBe(cargadas);
  });

  it('una importación desde otro proceso se ve en todas las rutas en un segundo', async () => {
    const antes = await ctx.app.inject('/api/v2/localidad/getAll');
    const etagAntes = antes.headers.etag as string;
    expect((await ctx.app.inject('/api/v2/calle/getAll/3')).statusCode).toBe(200);
    const condicionesAntes = await ctx.app.inject('/api/v2/condicionesIva/getCondicionesValidas');

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

    const ahora = await ctx.app.inject('/api/v2/localidad/getAll');
    expect(ahora.json()).toEqual([
      { codigoLocalidad: 1, nombreLocalidad: 'Rosario' },
      { codigoLocalidad: 2, nombreLocalidad: 'Funes' },
    ]);
    expect(ahora.headers.etag).not.toBe(etagAntes);
    // The browser's old copy is not confirmed: it gets the new list.
    const viejo = await ctx.app.inject({
      url: '/api/v2/localidad/getAll',
      headers: { 'if-none-match': etagAntes },
    });
    expect(viejo.statusCode).toBe(200);
    expect(viejo.json()).toHaveLength(2);
    // Sorted in Spanish, accents ignored.
    const nuevas = await ctx.app.inject('/api/v2/calle/getAll/1');
    expect(nuevas.json()).toEqual([
      { nombreCalle: 'Álvarez Thomas' },
      { nombreCalle: 'Avenida Pellegrini' },
      { nombreCalle: 'Córdoba' },
    ]);
    // A locality that left the catalogue (it was cached a moment ago) is gone.
    expect((await ctx.app.inject('/api/v2/calle/getAll/3')).statusCode).toBe(404);
    // An application's address is checked against the new catalogues too.
    const reglas = lectorDeCatalogos(ctx.app.catalogos, ctx.app.db);
    expect(await reglas.localidad(3)).toBeNull();
    expect((await reglas.calles(1)).get(normalizar('CORDOBA'))).toBe('Córdoba');
    // A catalogue the imports did not touch answers the same text and tag.
    const condiciones = await ctx.app.inject('/api/v2/condicionesIva/getCondicionesValidas');
    expect(condiciones.body).toBe(condicionesAntes.body);
    expect(condiciones.headers.etag).toBe(condicionesAntes.headers.etag);
  });
});
