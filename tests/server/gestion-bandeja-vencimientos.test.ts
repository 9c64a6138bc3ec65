// The inbox's marks (producto §11): "Plazo vencido" when the newest correction link expired unused,
// and "Vence en 30 días", the applications with a document ending between today and 30 days from
// now, through the route and through the service (server/gestion/bandeja.ts), on both engines.
import { beforeAll, expect, it } from 'vitest';
import type { PaginaBandeja } from '../../domain/index.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { contarHasta, paginaBandeja, vencimientoDe } from '../../server/gestion/bandeja.js';
import { sumarDias } from '../../server/gestion/vigencias.js';
import { leerBandeja, minuto, numeros } from './ayuda/bandeja.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { ENTORNO_GESTION, ponerEstado, sembrar, idDeSolicitud } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';

conCadaBase(
  'gestión: bandeja de solicitudes',
  (ctx) => {
    let nav: Navegador;

    const bandeja = (consulta: string): Promise<PaginaBandeja> => leerBandeja(nav, consulta);

    beforeAll(async () => {
      nav = await ingresarComo(ctx, 'revisora', 'revisor');
    });

    const idDe = (numero: string) => idDeSolicitud(ctx, numero);
    const fila = async (numero: string) =>
      (await bandeja(`?q=${numero}`)).filas.find((f) => f.numero === numero)!;

    it('marca "Plazo vencido" cuando el enlace de corrección más nuevo venció sin usarse', async () => {
      const [vencida, usada, vigente, rechazada] = await sembrar(
        ctx,
        ['Uno', 'Dos', 'Tres', 'Cuatro'].map((n) => ({
          apellidoynombre: `Plazos, ${n}`,
          creadaEn: minuto(2),
          estado: 'en_revision' as const,
        })),
      );
      // Observed through the real route: each move opens a correction link (producto §11).
      const observar = async (numero: string) => {
        const r = await nav.post(`/api/gestion/solicitudes/${numero}/estado`, {
          desde: 'en_revision',
          hacia: 'observada',
          motivo: 'La póliza no se lee.',
          documentos: ['PolizaMalaPraxis'],
        });
        expect(r.statusCode, r.body).toBe(200);
      };
      for (const n of [vencida!, usada!, vigente!, rechazada!]) await observar(n);
      const pasado = Date.now() - 60_000;
      const vencer = async (numero: string) =>
        ctx.db
          .updateTable('correcciones')
          .set({ vence_ms: pasado })
          .where('solicitud_id', '=', await idDe(numero))
          .execute();

      for (const n of [vencida!, usada!, vigente!, rechazada!])
        expect((await fila(n)).plazoVencido, n).toBe(false);
      await vencer(vencida!);
      await vencer(usada!);
      await ctx.db
        .updateTable('correcciones')
        .set({ usada_en: new Date().toISOString() })
        .where('solicitud_id', '=', await idDe(usada!))
        .execute();
      await vencer(rechazada!);
      await ponerEstado(ctx, rechazada!, 'rechazada');
      expect(await fila(vencida!)).toMatchObject({ estado: 'observada', plazoVencido: true });
      expect((await fila(usada!)).plazoVencido).toBe(false);
      expect((await fila(vigente!)).plazoVencido).toBe(false);
      expect(await fila(rechazada!)).toMatchObject({ estado: 'rechazada', plazoVencido: false });
      // The inbox's own page shows the mark too, with the status filter.
      const observadas = await bandeja('?estado=observada&q=plazos');
      expect(observadas.filas.filter((f) => f.plazoVencido).map((f) => f.numero)).toEqual([vencida]);

      // Observed again: the newest link decides, not the expired older one.
      await ponerEstado(ctx, vencida!, 'en_revision');
      await new Promise((listo) => setTimeout(listo, 5));
      await observar(vencida!);
      expect((await fila(vencida!)).plazoVencido).toBe(false);
      const enlaces = await ctx.db
        .selectFrom('correcciones')
        .select(['id', 'creada_en'])
        .where('solicitud_id', '=', await idDe(vencida!))
        .orderBy('creada_en', 'desc')
        .execute();
      expect(enlaces).toHaveLength(2);
      await ctx.db
        .updateTable('correcciones')
        .set({ vence_ms: pasado })
        .where('id', '=', enlaces[0]!.id)
        .execute();
      expect((await fila(vencida!)).plazoVencido).toBe(true);
    });

    it('"Vence en 30 días": las que tienen un documento que vence entre hoy y dentro de 30 días', async () => {
      const hoy = diaArgentino(new Date());
      const casos = [
        ['Hoy', hoy, true],
        ['Diez', sumarDias(hoy, 10), true],
        ['Treinta', sumarDias(hoy, 30), true],
        ['Treintayuno', sumarDias(hoy, 31), false],
        ['Ayer', sumarDias(hoy, -1), false],
        ['Sin fecha', null, false],
      ] as const;
      const numerosVence = await sembrar(
        ctx,
        casos.map(([n], i) => ({
          apellidoynombre: `Vencimientos, ${n}`,
          creadaEn: new Date(Date.UTC(2026, 0, 1, 12, 3, i)).toISOString(),
        })),
      );
      for (const [i, [, hasta]] of casos.entries()) {
        if (hasta === null) continue;
        const id = await idDe(numerosVence[i]!);
        // Two documents with an end date: one of them in the window is enough.
        const docs = await ctx.db
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
          .select(['sd.documento_id', 'd.clave'])
          .where('sd.solicitud_id', '=', id)
          .where('d.clave', 'in', ['PolizaMalaPraxis', 'ReciboOCarnetArteDeCurar'])
          .execute();
        for (const d of docs) {
          await ctx.db
            .updateTable('solicitud_documentos')
            .set({ vigente_hasta: d.clave === 'PolizaMalaPraxis' ? hasta : sumarDias(hoy, 400) })
            .where('solicitud_id', '=', id)
            .where('documento_id', '=', d.documento_id)
            .execute();
        }
      }
      const dentro = numerosVence.filter((_, i) => casos[i]![2]).reverse();
      expect(numeros(await bandeja('?vence=30&q=vencimientos'))).toEqual(dentro);
      // Alone, with the status filter, and off.
      const solo = await bandeja('?vence=30');
      expect(numeros(solo)).toEqual(dentro);
      expect(solo).toMatchObject({ total: 3, totalExacto: true });
      // Recibida waits on staff: the longest in its status first (producto §15).
      expect(numeros(await bandeja('?vence=30&estado=recibida'))).toEqual([...dentro].reverse());
      expect(numeros(await bandeja('?vence=30&estado=aprobada'))).toEqual([]);
      expect((await bandeja('?q=vencimientos')).total).toBe(casos.length);
      expect((await bandeja('?vence=&q=vencimientos')).total).toBe(casos.length);
      for (const malo of ['7', '31', 'si', '1']) {
        const r = await nav.get(`/api/gestion/solicitudes?vence=${malo}`);
        expect(r.statusCode, malo).toBe(400);
      }
      // Through the service too (the page's count when it is not the last page).
      expect((await paginaBandeja(ctx.db, { q: '', estado: '', pagina: 2, vence: '30' })).total).toBe(3);
      // Both ways of reading the window (few matches: by the set; many: walking) agree.
      const v = (await vencimientoDe(ctx.db, { q: '', estado: '', vence: '30' }))!;
      expect(v).toEqual({
        desde: hoy,
        hasta: sumarDias(hoy, 30),
        porConjunto: true,
        comoArreglo: ctx.motor === 'postgres',
      });
      for (const porConjunto of [true, false]) {
        for (const [q, n] of [
          ['', 3],
          ['vencimientos', 3],
          ['treintayuno', 0],
        ] as const) {
          expect(
            await contarHasta(ctx.db, { q, estado: '', vence: '30' }, 100, { ...v, porConjunto }),
            q,
          ).toBe(n);
        }
      }
      // Both end dates of one application in the window: still one application counted.
      const conDos = await ctx.db
        .selectFrom('solicitudes')
        .select('id')
        .where('numero', '=', dentro[0]!)
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('solicitud_documentos')
        .set({ vigente_hasta: sumarDias(hoy, 5) })
        .where('solicitud_id', '=', conDos.id)
        .where('vigente_hasta', 'is not', null)
        .execute();
      expect(await bandeja('?vence=30')).toMatchObject({ total: 3, totalExacto: true });
      expect(await contarHasta(ctx.db, { q: '', estado: '', vence: '30' }, 2)).toBe(2);
    });
  },
  ENTORNO_GESTION,
);
