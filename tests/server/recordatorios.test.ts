// The end-date reminders (producto §11, server/tareas/recordatorios.ts) with `ahora` fixed: the
// nearest threshold of 30, 15 and 5 days is queued once per document and end date, whoever runs
// the job and however often; rejected applications are left alone; a new end date starts over.
import { beforeAll, expect, it } from 'vitest';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { sumarDias } from '../../server/gestion/vigencias.js';
import { encolarRecordatorios, umbralDeRecordatorio } from '../../server/tareas/recordatorios.js';
import { CLAVES_CORREO } from '../../server/correo/salida.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, sembrar } from './ayuda/gestion-solicitudes.js';

// 12:00 in Argentina: the same calendar day there and in UTC.
const AHORA = new Date('2026-12-01T15:00:00Z');
const HOY = '2026-12-01';
const DIA_MS = 86_400_000;

it('el umbral es el menor de 30, 15 y 5 que no queda por debajo de los días que faltan', () => {
  expect(diaArgentino(AHORA)).toBe(HOY);
  expect([0, 1, 3, 5, 6, 14, 15, 16, 29, 30, 31, -1].map(umbralDeRecordatorio)).toEqual([
    5, 5, 5, 5, 15, 15, 15, 30, 30, 30, null, null,
  ]);
});

conCadaBase(
  'recordatorios de vigencia',
  (ctx) => {
    /** Application number → id. */
    const ids = new Map<string, string>();

    const fijar = async (numero: string, clave: string, hasta: string | null) => {
      const id = ids.get(numero)!;
      const doc = await ctx.db
        .selectFrom('solicitud_documentos as sd')
        .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
        .select('sd.documento_id')
        .where('sd.solicitud_id', '=', id)
        .where('d.clave', '=', clave)
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('solicitud_documentos')
        .set({ vigente_hasta: hasta })
        .where('solicitud_id', '=', id)
        .where('documento_id', '=', doc.documento_id)
        .execute();
    };

    const recordatorios = async () =>
      (
        await ctx.db
          .selectFrom('correos')
          .select(['clave', 'tipo', 'para', 'datos', 'solicitud_id', 'estado'])
          .where('tipo', '=', 'recordatorio')
          .orderBy('clave')
          .execute()
      ).map((c) => ({ ...c, datos: JSON.parse(c.datos) as Record<string, unknown> }));

    let a30: string, a15: string, a5: string, a3: string, a31: string, hoy: string, rechazada: string;
    let ayer: string, dos: string;

    beforeAll(async () => {
      const numeros = await sembrar(ctx, [
        { email: 'treinta@example.com' },
        { email: 'quince@example.com' },
        { email: 'cinco@example.com' },
        { email: 'tres@example.com' },
        { email: 'treintayuno@example.com' },
        { email: 'hoy@example.com', estado: 'aprobada' },
        { email: 'rechazada@example.com', estado: 'rechazada' },
        { email: 'ayer@example.com' },
        { email: 'dos@example.com', estado: 'observada' },
      ]);
      [a30, a15, a5, a3, a31, hoy, rechazada, ayer, dos] = numeros as [
        string, string, string, string, string, string, string, string, string,
      ];
      for (const n of numeros) {
        const { id } = await ctx.db
          .selectFrom('solicitudes')
          .select('id')
          .where('numero', '=', n)
          .executeTakeFirstOrThrow();
        ids.set(n, id);
      }
      // Only the correos of these tests: the seeded applications queued their "enviada" ones.
      await ctx.db.deleteFrom('correos').execute();
      await fijar(a30, 'PolizaMalaPraxis', sumarDias(HOY, 30));
      await fijar(a15, 'PolizaMalaPraxis', sumarDias(HOY, 15));
      await fijar(a5, 'PolizaMalaPraxis', sumarDias(HOY, 5));
      await fijar(a3, 'PolizaMalaPraxis', sumarDias(HOY, 3));
      await fijar(a31, 'PolizaMalaPraxis', sumarDias(HOY, 31));
      await fijar(hoy, 'PolizaMalaPraxis', HOY);
      await fijar(rechazada, 'PolizaMalaPraxis', sumarDias(HOY, 5));
      await fijar(ayer, 'PolizaMalaPraxis', sumarDias(HOY, -1));
      // Two documents of one application, each reminded on its own.
      await fijar(dos, 'PolizaMalaPraxis', sumarDias(HOY, 10));
      await fijar(dos, 'HabilitacionConsultorioExtension', sumarDias(HOY, 20));
    });

    const esperados = () =>
      [
        [a30, 'PolizaMalaPraxis', 30, 30, 'treinta@example.com'],
        [a15, 'PolizaMalaPraxis', 15, 15, 'quince@example.com'],
        [a5, 'PolizaMalaPraxis', 5, 5, 'cinco@example.com'],
        [a3, 'PolizaMalaPraxis', 3, 5, 'tres@example.com'],
        [hoy, 'PolizaMalaPraxis', 0, 5, 'hoy@example.com'],
        [dos, 'PolizaMalaPraxis', 10, 15, 'dos@example.com'],
        [dos, 'HabilitacionConsultorioExtension', 20, 30, 'dos@example.com'],
      ] as const;

    it('encola el umbral que corresponde a cada documento, una vez, al correo del solicitante', async () => {
      expect(await encolarRecordatorios(ctx.db, AHORA)).toBe(esperados().length);
      const filas = await recordatorios();
      const claves = esperados().map(([n, clave, dias, t]) =>
        CLAVES_CORREO.recordatorio(ids.get(n)!, clave, sumarDias(HOY, dias), t),
      );
      expect(filas.map((f) => f.clave)).toEqual([...claves].sort());
      for (const [n, clave, dias, t, para] of esperados()) {
        const fila = filas.find((f) => f.solicitud_id === ids.get(n) && f.datos.documento === clave)!;
        expect(fila).toMatchObject({ tipo: 'recordatorio', para, estado: 'pendiente' });
        expect(fila.datos).toEqual({
          tipo: 'recordatorio',
          solicitudId: ids.get(n),
          documento: clave,
          hasta: sumarDias(HOY, dias),
          dias: t,
        });
      }
      // 31 days away, already past, and the rejected application: nothing.
      for (const n of [a31, rechazada, ayer]) {
        expect(filas.filter((f) => f.solicitud_id === ids.get(n))).toEqual([]);
      }
    });

    it('otra corrida, una hora después o a la vez en dos procesos, no encola nada de nuevo', async () => {
      const antes = await recordatorios();
      expect(await encolarRecordatorios(ctx.db, AHORA)).toBe(0);
      expect(await encolarRecordatorios(ctx.db, new Date(AHORA.getTime() + 3_600_000))).toBe(0);
      await Promise.all([encolarRecordatorios(ctx.db, AHORA), encolarRecordatorios(ctx.db, AHORA)]);
      expect(await recordatorios()).toEqual(antes);
    });

    it('dos procesos a la vez con recordatorios nuevos: cada uno queda una sola vez', async () => {
      const manana = new Date(AHORA.getTime() + DIA_MS);
      // From tomorrow a31 is 30 days away.
      await Promise.all([
        encolarRecordatorios(ctx.db, manana),
        encolarRecordatorios(ctx.db, manana),
        encolarRecordatorios(ctx.db, manana),
      ]);
      const filas = await recordatorios();
      const deA31 = filas.filter((f) => f.solicitud_id === ids.get(a31));
      expect(deA31.map((f) => f.datos.dias)).toEqual([30]);
      expect(new Set(filas.map((f) => f.clave)).size).toBe(filas.length);
    });

    it('al pasar los días llegan el de 15 y el de 5, cada uno una vez', async () => {
      const en = (dias: number) => new Date(AHORA.getTime() + dias * DIA_MS);
      // a30 ends on day 30: 15 days before is day 15, 5 days before is day 25.
      for (const dia of [1, 2, 14, 15, 16, 24, 25, 26, 29, 30, 31]) await encolarRecordatorios(ctx.db, en(dia));
      const deA30 = (await recordatorios()).filter((f) => f.solicitud_id === ids.get(a30));
      expect(deA30.map((f) => f.datos.dias).sort((a, b) => Number(a) - Number(b))).toEqual([5, 15, 30]);
    });

    it('una fecha nueva vuelve a encolar; una solicitud rechazada después no', async () => {
      await fijar(a15, 'PolizaMalaPraxis', sumarDias(HOY, 14));
      expect(await encolarRecordatorios(ctx.db, AHORA)).toBe(1);
      const nuevas = (await recordatorios()).filter(
        (f) => f.solicitud_id === ids.get(a15) && f.datos.hasta === sumarDias(HOY, 14),
      );
      expect(nuevas.map((f) => f.datos.dias)).toEqual([15]);

      await ctx.db.updateTable('solicitudes').set({ estado: 'rechazada' }).where('numero', '=', a3).execute();
      await fijar(a3, 'PolizaMalaPraxis', sumarDias(HOY, 4));
      expect(await encolarRecordatorios(ctx.db, AHORA)).toBe(0);
    });
  },
  ENTORNO_GESTION,
);
