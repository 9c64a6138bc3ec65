// "Novedades" (producto §16, server/gestion/novedades.ts) on both engines: GET /api/gestion/novedades
// counts the applications that arrived or were corrected after the account's last visit to the
// inbox (or its creation), each once; POST /api/gestion/novedades/vistas starts it again from now,
// for that account only. The queries read indexes, whatever the size of the table: on SQLite the
// plans themselves (the planner's without statistics, so the same at 100,000 rows), on PostgreSQL
// that the partial index of the corrections is usable (its condition is a literal in the query).
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { contarNovedades } from '../../server/gestion/novedades.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { ENTORNO_GESTION, idDeSolicitud, sembrar } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';

const en = (dia: number, hora = 0) => new Date(Date.UTC(2026, 0, dia, hora)).toISOString();

/** A history row of `numero` to `hacia` at `cuando` (a test's shortcut for the applicant's correction). */
async function asentarEn(ctx: Contexto, numero: string, hacia: string, cuando: string): Promise<void> {
  await ctx.db
    .insertInto('historial')
    .values({
      id: randomUUID(),
      solicitud_id: await idDeSolicitud(ctx, numero),
      desde: hacia === 'corregida' ? 'observada' : 'recibida',
      hacia,
      personal_id: null,
      en: cuando,
      motivo: hacia === 'observada' ? 'Falta la firma.' : null,
      documentos: null,
    })
    .execute();
}

async function fijarCuenta(ctx: Contexto, usuario: string, creadoEn: string): Promise<void> {
  await ctx.db
    .updateTable('personal')
    .set({ creado_en: creadoEn, novedades_desde: null })
    .where('usuario', '=', usuario)
    .execute();
}

const cantidad = async (nav: Navegador): Promise<number> => {
  const r = await nav.get('/api/gestion/novedades');
  expect(r.statusCode, r.body).toBe(200);
  expect(Object.keys(r.json<object>())).toEqual(['cantidad']);
  return r.json<{ cantidad: number }>().cantidad;
};

conCadaBase(
  'gestión: novedades',
  (ctx) => {
    let ana: Navegador;
    let beto: Navegador;
    let nueva1: string;
    let viejaX: string;
    let viejaY: string;

    beforeAll(async () => {
      ana = await ingresarComo(ctx, 'ana', 'revisor');
      beto = await ingresarComo(ctx, 'beto', 'administrador');
      // Ana's account from January 1st, Beto's from January 3rd at noon; neither opened the inbox.
      await fijarCuenta(ctx, 'ana', en(1));
      await fijarCuenta(ctx, 'beto', en(3, 12));
      let viejaZ: string;
      [viejaX, viejaY, viejaZ, nueva1] = (await sembrar(ctx, [
        { creadaEn: '2025-12-01T12:00:00.000Z', estado: 'corregida' },
        { creadaEn: '2025-11-01T12:00:00.000Z', estado: 'corregida' },
        { creadaEn: '2025-10-01T12:00:00.000Z', estado: 'observada' },
        { creadaEn: en(2), estado: 'corregida' },
        { creadaEn: en(3) },
      ])) as [string, string, string, string];
      await asentarEn(ctx, viejaX, 'corregida', en(4));
      // Arrived after Ana's account: one application for her, though corrected too.
      await asentarEn(ctx, nueva1, 'corregida', en(5));
      // Corrected before either account, then twice after: once.
      await asentarEn(ctx, viejaY, 'corregida', '2025-12-15T12:00:00.000Z');
      await asentarEn(ctx, viejaY, 'corregida', en(6));
      await asentarEn(ctx, viejaY, 'corregida', en(7));
      // Other moves are not novedades.
      await asentarEn(ctx, viejaZ, 'observada', en(8));
    });

    it('sin sesión: 401 en las dos rutas', async () => {
      const nav = await ctx.navegador().abrir();
      expect((await nav.get('/api/gestion/novedades')).statusCode).toBe(401);
      expect((await nav.post('/api/gestion/novedades/vistas', {})).statusCode).toBe(401);
    });

    it('cuenta las llegadas y las correcciones posteriores a la creación de la cuenta, cada solicitud una vez', async () => {
      // Ana: the two arrivals of January 2 and 3, viejaX and viejaY corrected (nueva1 once).
      expect(await cantidad(ana)).toBe(4);
      // Beto: no arrival after noon of the 3rd; viejaX, nueva1 and viejaY corrected since.
      expect(await cantidad(beto)).toBe(3);
    });

    it('al abrir la bandeja vuelve a cero, solo para esa cuenta, y sigue contando desde ahí', async () => {
      const antes = Date.now();
      const r = await ana.post('/api/gestion/novedades/vistas', {});
      expect(r.statusCode, r.body).toBe(204);
      expect(r.body).toBe('');
      const fila = await ctx.db
        .selectFrom('personal')
        .select('novedades_desde')
        .where('usuario', '=', 'ana')
        .executeTakeFirstOrThrow();
      expect(Date.parse(fila.novedades_desde!)).toBeGreaterThanOrEqual(antes);
      expect(Date.parse(fila.novedades_desde!)).toBeLessThanOrEqual(Date.now());
      expect(await cantidad(ana)).toBe(0);
      expect(await cantidad(beto)).toBe(3);

      // Something new: one arrival, one correction of an older one, a correction of the new one.
      await new Promise((r) => setTimeout(r, 5));
      const [otra] = await sembrar(ctx, [{}]);
      expect(await cantidad(ana)).toBe(1);
      await asentarEn(ctx, viejaX, 'corregida', new Date().toISOString());
      await asentarEn(ctx, otra!, 'corregida', new Date().toISOString());
      expect(await cantidad(ana)).toBe(2);
      expect(await cantidad(beto)).toBe(4);

      // A second visit, without a body (as the SPA sends it): zero again.
      expect((await ana.post('/api/gestion/novedades/vistas', undefined)).statusCode).toBe(204);
      expect(await cantidad(ana)).toBe(0);
    });

    it('lee los índices: sin recorrer las solicitudes ni el historial', async () => {
      const consultas: CompiledQuery[] = [];
      const espia = ctx.db.withPlugin({
        transformQuery: ({ node, queryId }) => {
          consultas.push(ctx.db.getExecutor().compileQuery(node, queryId));
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      expect(await contarNovedades(espia, en(1))).toBeGreaterThan(0);
      expect(consultas).toHaveLength(2);
      const [llegadas, corregidas] = consultas as [CompiledQuery, CompiledQuery];
      expect(corregidas.sql).toMatch(/'corregida'/);
      if (ctx.motor === 'sqlite') {
        const plan = async (c: CompiledQuery) =>
          (
            await ctx.db.executeQuery<{ detail: string }>(
              CompiledQuery.raw(`explain query plan ${c.sql}`, [...c.parameters]),
            )
          ).rows
            .map((r) => r.detail)
            .join(' | ');
        const deLlegadas = await plan(llegadas);
        expect(deLlegadas).toMatch(/SEARCH solicitudes USING COVERING INDEX \S+ \(creada_en>\?\)/);
        expect(deLlegadas).not.toMatch(/SCAN/);
        const deCorregidas = await plan(corregidas);
        expect(deCorregidas).toMatch(/SEARCH h USING COVERING INDEX historial_corregidas \(en>\?\)/);
        expect(deCorregidas).toMatch(/SEARCH s USING INDEX \S+ \(id=\?\)/);
        expect(deCorregidas).not.toMatch(/SCAN/);
      } else {
        // A handful of rows: the planner would rather read the table. With that forbidden, the
        // plan shows the paths it has — the partial index is one only when the query's condition
        // is its own.
        const planes = await ctx.db.connection().execute(async (c) => {
          await sql`set enable_seqscan = off`.execute(c);
          try {
            const explicar = async (q: CompiledQuery) =>
              JSON.stringify(
                (await c.executeQuery(CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters])))
                  .rows,
              );
            return [await explicar(llegadas), await explicar(corregidas)];
          } finally {
            await sql`reset enable_seqscan`.execute(c);
          }
        });
        expect(planes[0]).not.toMatch(/Seq Scan/);
        expect(planes[1]).toMatch(/historial_corregidas/);
        expect(planes[1]).not.toMatch(/Seq Scan/);
      }
    });
  },
  ENTORNO_GESTION,
);
