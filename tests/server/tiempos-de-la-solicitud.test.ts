// How long an application has waited (producto §15) is kept on its row by the record's one writer,
// and is exactly what its history says: after an arrival, a move, a change of Responsable and a
// decision the four columns agree with the history rows just written, and deriving them again
// from the history alone (what migration 012 does) gives the same values, on both engines.
import { beforeAll, expect, it } from 'vitest';
import { recalcularTiempos } from '../../server/ciclo-de-vida/tiempos.js';
import { diasHabilesEntre } from '../../server/correcciones/plazo.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { ENTORNO_GESTION, idDeSolicitud, sembrar } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';

conCadaBase(
  'tiempos de la solicitud',
  (ctx) => {
    let admin: Navegador;

    const tiempos = (numero: string) =>
      ctx.db
        .selectFrom('solicitudes')
        .select(['creada_en', 'estado_desde', 'ultimo_cambio_en', 'resuelta_en', 'dias_resolucion'])
        .where('numero', '=', numero)
        .executeTakeFirstOrThrow();
    const ultimaFila = async (numero: string) =>
      ctx.db
        .selectFrom('historial')
        .select(['en', 'desde', 'hacia'])
        .where('solicitud_id', '=', await idDeSolicitud(ctx, numero))
        .orderBy('en', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const mover = async (numero: string, desde: string, hacia: string, motivo?: string) => {
      const r = await admin.post(`/api/gestion/solicitudes/${numero}/estado`, {
        desde,
        hacia,
        ...(motivo ? { motivo } : {}),
      });
      expect(r.statusCode, r.body).toBe(200);
    };

    beforeAll(async () => {
      admin = await ingresarComo(ctx, 'administradora', 'administrador');
    });

    it('each entry of the record keeps its times; a decision its resolution', async () => {
      const [numero] = await sembrar(ctx, [{ creadaEn: '2026-11-02T13:00:00.000Z' }]);
      // The arrival: since when and the last change are the moment it was sent.
      expect(await tiempos(numero!)).toEqual({
        creada_en: '2026-11-02T13:00:00.000Z',
        estado_desde: '2026-11-02T13:00:00.000Z',
        ultimo_cambio_en: '2026-11-02T13:00:00.000Z',
        resuelta_en: null,
        dias_resolucion: null,
      });

      await mover(numero!, 'recibida', 'en_revision');
      const enRevision = (await ultimaFila(numero!)).en;
      expect(await tiempos(numero!)).toMatchObject({
        estado_desde: enRevision,
        ultimo_cambio_en: enRevision,
      });

      // Taking it changes who has it, not the status: only the last change moves.
      const r = await admin.post(`/api/gestion/solicitudes/${numero}/responsable`, {
        accion: 'TOMAR',
        visto: null,
      });
      expect(r.statusCode, r.body).toBe(200);
      const tomada = (await ultimaFila(numero!)).en;
      expect(tomada >= enRevision).toBe(true);
      expect(await tiempos(numero!)).toMatchObject({ estado_desde: enRevision, ultimo_cambio_en: tomada });

      await mover(numero!, 'en_revision', 'rechazada', 'No es prestador de la circunscripción.');
      const rechazo = await ultimaFila(numero!);
      expect(rechazo.hacia).toBe('rechazada');
      expect(await tiempos(numero!)).toMatchObject({
        estado_desde: rechazo.en,
        ultimo_cambio_en: rechazo.en,
        resuelta_en: rechazo.en,
        dias_resolucion: diasHabilesEntre(new Date('2026-11-02T13:00:00.000Z'), new Date(rechazo.en)),
      });
    });

    it('derived again from the history alone, every row keeps the values its writer gave it', async () => {
      const [a, b] = await sembrar(ctx, [{ creadaEn: '2026-10-05T12:00:00.000Z' }, {}]);
      await mover(a!, 'recibida', 'en_revision');
      await mover(a!, 'en_revision', 'aprobada');
      await mover(b!, 'recibida', 'en_revision');
      const leer = () =>
        ctx.db
          .selectFrom('solicitudes')
          .select(['numero', 'estado_desde', 'ultimo_cambio_en', 'resuelta_en', 'dias_resolucion'])
          .orderBy('numero')
          .execute();
      const escritas = await leer();
      expect(escritas.find((f) => f.numero === a)?.dias_resolucion).toBeGreaterThan(0);
      await ctx.db
        .updateTable('solicitudes')
        .set({ estado_desde: 'x', ultimo_cambio_en: 'x', resuelta_en: 'x', dias_resolucion: -1 })
        .execute();
      await recalcularTiempos(ctx.db);
      expect(await leer()).toEqual(escritas);
    });
  },
  ENTORNO_GESTION,
);
