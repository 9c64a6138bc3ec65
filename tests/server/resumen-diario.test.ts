// "Resumen diario" (producto §16, server/tareas/resumen-diario.ts) on both engines, with `ahora`
// fixed: on a working day nothing before 8:00 in Argentina, from 8:00 one message per active
// account that chose it and has a "Correo electrónico" — with the Tablero's "Para hoy" counts of
// that instant —, none for the others; a second run, a second process (at once, too) and the
// scheduler of two processes queue nothing more; a later run the same day still sends it (the
// server was down at 8:00); a Saturday and a national holiday, nothing. The message, written as
// the outbox writes it, has the counts and links to the inbox with each option; an account that
// turned the summary off, or was disabled, after it was queued gets nothing.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { OPCIONES_PARA_HOY, PARA_HOY } from '../../domain/para-hoy.js';
import { buildApp } from '../../server/app.js';
import { armarMensaje } from '../../server/correo/mensajes.js';
import { CLAVES_CORREO } from '../../server/correo/salida.js';
import { tablero } from '../../server/gestion/tablero.js';
import {
  diaDelResumen,
  encolarResumenes,
  hayResumenesPendientes,
} from '../../server/tareas/resumen-diario.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, sembrar } from './ayuda/gestion-solicitudes.js';
import { asegurarCuenta } from './ayuda/personal.js';

/** An instant in Argentina (UTC−3). */
const ar = (fecha: string, hora: string) => new Date(`${fecha}T${hora}-03:00`);
const MARTES = '2026-12-01';
const MIERCOLES = '2026-12-02';
const JUEVES = '2026-12-03';
const SABADO = '2026-12-05';
/** Inmaculada Concepción, a Tuesday. */
const FERIADO = '2026-12-08';

/** usuario → [correo, resumen_diario, activo]. */
const CUENTAS: Record<string, [string | null, number, number]> = {
  ana: ['ana@amr.test', 1, 1],
  beto: ['beto@amr.test', 1, 1],
  carla: ['carla@amr.test', 0, 1],
  dario: [null, 1, 1],
  eva: ['eva@amr.test', 1, 0],
};
const ELEGIDAS = ['ana', 'beto'];

it('el día del resumen: hábil, desde las 8:00 de Argentina', () => {
  expect(diaDelResumen(ar(MARTES, '07:59:59.999'))).toBeNull();
  expect(diaDelResumen(ar(MARTES, '08:00:00'))).toBe(MARTES);
  expect(diaDelResumen(ar(MARTES, '23:59:59'))).toBe(MARTES);
  expect(diaDelResumen(ar(SABADO, '10:00:00'))).toBeNull();
  expect(diaDelResumen(ar('2026-12-06', '10:00:00'))).toBeNull();
  expect(diaDelResumen(ar(FERIADO, '10:00:00'))).toBeNull();
});

conCadaBase(
  'resumen diario',
  (ctx) => {
    const ids = new Map<string, string>();
    const opciones = () => ({ plazoRevisionDias: ctx.app.config.plazoRevisionDias });
    let otra: FastifyInstance;

    const resumenes = async (fecha?: string) =>
      (
        await ctx.db
          .selectFrom('correos')
          .select(['clave', 'para', 'tipo', 'datos'])
          .where('tipo', '=', 'resumen_diario')
          .orderBy('clave')
          .execute()
      )
        .map((c) => ({
          ...c,
          evento: JSON.parse(c.datos) as { personalId: string; fecha: string; conteos: unknown },
        }))
        .filter((c) => fecha === undefined || c.evento.fecha === fecha);

    const esperadas = (fecha: string) =>
      ELEGIDAS.map((u) => ({
        clave: CLAVES_CORREO.resumenDiario(ids.get(u)!, fecha),
        para: CUENTAS[u]![0],
      })).sort((a, b) => (a.clave < b.clave ? -1 : 1));

    beforeAll(async () => {
      for (const [usuario, [correo, resumen, activo]] of Object.entries(CUENTAS)) {
        await asegurarCuenta(ctx.db, usuario, 'revisor');
        await ctx.db
          .updateTable('personal')
          .set({ correo, resumen_diario: resumen, activo })
          .where('usuario', '=', usuario)
          .execute();
        const { id } = await ctx.db
          .selectFrom('personal')
          .select('id')
          .where('usuario', '=', usuario)
          .executeTakeFirstOrThrow();
        ids.set(usuario, id);
      }
      // Something in "Para hoy": new and unassigned, corrected, and one waiting since long ago.
      await sembrar(ctx, [
        { estado: 'recibida' },
        { estado: 'corregida' },
        { estado: 'recibida', creadaEn: '2026-10-01T12:00:00.000Z' },
      ]);
      otra = await buildApp(ctx.entorno.config);
      await otra.ready();
    });
    afterAll(() => otra?.close());

    it('un día hábil a las 7:59 nada; a las 8:00 uno por cuenta elegida con correo, con los conteos del Tablero', async () => {
      const antes = ar(MARTES, '07:59:59');
      expect(await hayResumenesPendientes(ctx.db, antes.getTime())).toBe(false);
      expect(await encolarResumenes(ctx.db, antes, opciones())).toBe(0);
      expect(await resumenes()).toEqual([]);

      const ocho = ar(MARTES, '08:00:00');
      expect(await hayResumenesPendientes(ctx.db, ocho.getTime())).toBe(true);
      expect(await encolarResumenes(ctx.db, ocho, opciones())).toBe(2);
      const filas = await resumenes();
      expect(filas.map(({ clave, para }) => ({ clave, para }))).toEqual(esperadas(MARTES));
      const { paraHoy } = await tablero(ctx.db, { ahora: ocho, ...opciones() });
      expect(paraHoy.nuevas).toBeGreaterThan(0);
      expect(paraHoy.corregidas).toBeGreaterThan(0);
      expect(paraHoy.demoradas).toBeGreaterThan(0);
      for (const f of filas) {
        expect(f.evento).toEqual({
          tipo: 'resumen_diario',
          personalId: ELEGIDAS.map((u) => ids.get(u)).find((id) => f.clave.includes(id!)),
          fecha: MARTES,
          conteos: paraHoy,
        });
      }
    });

    it('una segunda corrida y otro proceso no encolan nada más; tampoco dos procesos a la vez', async () => {
      const mas = ar(MARTES, '08:05:00');
      expect(await hayResumenesPendientes(ctx.db, mas.getTime())).toBe(false);
      expect(await encolarResumenes(ctx.db, mas, opciones())).toBe(0);
      expect(await encolarResumenes(otra.db, ar(MARTES, '09:00:00'), opciones())).toBe(0);
      expect(await resumenes()).toHaveLength(2);

      // Wednesday the server was down at 8:00: the first run, at 16:00, in two processes at once.
      const tarde = ar(MIERCOLES, '16:00:00');
      await Promise.all([
        encolarResumenes(ctx.db, tarde, opciones()),
        encolarResumenes(otra.db, tarde, opciones()),
      ]);
      expect((await resumenes(MIERCOLES)).map(({ clave, para }) => ({ clave, para }))).toEqual(
        esperadas(MIERCOLES),
      );
      expect(await resumenes()).toHaveLength(4);
      // Thursday before 8:00: Wednesday's is not sent again, Thursday's not yet.
      expect(await encolarResumenes(ctx.db, ar(JUEVES, '07:30:00'), opciones())).toBe(0);
      expect(await resumenes()).toHaveLength(4);
    });

    it('un sábado y un feriado nacional, nada', async () => {
      for (const dia of [SABADO, FERIADO]) {
        const diez = ar(dia, '10:00:00');
        expect(await hayResumenesPendientes(ctx.db, diez.getTime())).toBe(false);
        expect(await encolarResumenes(ctx.db, diez, opciones())).toBe(0);
        expect(await resumenes(dia)).toEqual([]);
      }
    });

    it('como tarea: de dos procesos que revisan a la vez corre en uno; sin resúmenes pendientes no toma el turno', async () => {
      const ejecuciones = async () =>
        Number(
          (
            await ctx.db
              .selectFrom('tareas')
              .select('ejecuciones')
              .where('nombre', '=', 'resumen_diario')
              .executeTakeFirstOrThrow()
          ).ejecuciones,
        );
      const soloElResumen = async () => {
        // Only this task due: the others' would run with the same clock.
        await ctx.db.updateTable('tareas').set({ proxima_ms: Number.MAX_SAFE_INTEGER }).execute();
        await ctx.db
          .updateTable('tareas')
          .set({ proxima_ms: 0 })
          .where('nombre', '=', 'resumen_diario')
          .execute();
      };
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(ar(JUEVES, '08:00:30'));
        await soloElResumen();
        const antes = await ejecuciones();
        const corridas = await Promise.all([ctx.app, otra].map((app) => app.tareas!.tick()));
        expect(corridas.flat()).toEqual(['resumen_diario']);
        expect(await ejecuciones()).toBe(antes + 1);
        expect((await resumenes(JUEVES)).map(({ clave, para }) => ({ clave, para }))).toEqual(
          esperadas(JUEVES),
        );

        vi.setSystemTime(ar(JUEVES, '08:10:00'));
        await soloElResumen();
        expect((await Promise.all([ctx.app, otra].map((app) => app.tareas!.tick()))).flat()).toEqual([]);
        expect(await ejecuciones()).toBe(antes + 1);
        expect(await resumenes(JUEVES)).toHaveLength(2);
      } finally {
        vi.useRealTimers();
      }
    });

    it('el mensaje tiene los conteos y enlaza la bandeja con cada opción; quien lo apagó o fue dado de baja no lo recibe', async () => {
      const entorno = { publicUrl: ctx.app.config.publicUrl, contacto: null };
      const delMartes = await resumenes(MARTES);
      const deAna = delMartes.find((r) => r.evento.personalId === ids.get('ana'));
      const deBeto = delMartes.find((r) => r.evento.personalId === ids.get('beto'));
      expect(deAna!.evento.personalId).toBe(ids.get('ana'));
      const conteos = deAna!.evento.conteos as Record<string, number>;
      const mensaje = await armarMensaje(ctx.db, deAna!, entorno);
      expect(mensaje).not.toBeNull();
      expect(mensaje!.asunto).toBe('Para hoy, martes 1 de diciembre de 2026');
      expect(mensaje!.adjuntos).toEqual([]);
      expect(mensaje!.texto).toContain('Hola, Cuenta ana.');
      for (const o of OPCIONES_PARA_HOY) {
        const enlace = `${entorno.publicUrl}/gestion/?hoy=${o}`;
        expect(mensaje!.texto).toContain(`${PARA_HOY[o].etiqueta}: ${conteos[o]}`);
        if (conteos[o]! > 0) {
          expect(mensaje!.texto).toContain(`${PARA_HOY[o].etiqueta} (${conteos[o]}):\n${enlace}`);
          expect(mensaje!.html).toContain(`href="${enlace}"`);
        } else {
          expect(mensaje!.texto).not.toContain(enlace);
        }
      }
      expect(mensaje!.html).toContain(`href="${entorno.publicUrl}/gestion/tablero"`);
      expect(mensaje!.html).toContain(`href="${entorno.publicUrl}/gestion/cuenta"`);

      // Turned off after it was queued; disabled after it was queued.
      await ctx.db.updateTable('personal').set({ resumen_diario: 0 }).where('usuario', '=', 'beto').execute();
      expect(await armarMensaje(ctx.db, deBeto!, entorno)).toBeNull();
      await ctx.db.updateTable('personal').set({ activo: 0 }).where('usuario', '=', 'ana').execute();
      expect(await armarMensaje(ctx.db, deAna!, entorno)).toBeNull();
      // Neither is queued again the next working day.
      expect(await encolarResumenes(ctx.db, ar('2026-12-04', '08:00:00'), opciones())).toBe(0);
    });
  },
  ENTORNO_GESTION,
);
