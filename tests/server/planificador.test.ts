// The one scheduler of decision 083: the outbox, the reminders, the sweep and the retention are tasks of one
// planner, each run by exactly one of the processes that tick at the same time; the variables
// that turn a task off leave the others running.
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config/index.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { sembrar } from './ayuda/gestion-solicitudes.js';

// With an application sent: its mail is due and its documents with an end date are queued for
// reading (lectura, producto §17).
const TAREAS = ['barrido', 'correo', 'lectura', 'recordatorios', 'retencion'];

const ejecuciones = async (ctx: Contexto) =>
  Object.fromEntries(
    (await ctx.db.selectFrom('tareas').select(['nombre', 'ejecuciones']).execute()).map((f) => [
      f.nombre,
      Number(f.ejecuciones),
    ]),
  );

async function todasVencidas(ctx: Contexto): Promise<void> {
  await ctx.db.updateTable('tareas').set({ proxima_ms: 0 }).execute();
}

conCadaBase('planificador', (ctx) => {
  it('sin correo pendiente no toma el turno del correo (no escribe nada por él)', async () => {
    await todasVencidas(ctx);
    expect((await ctx.app.tareas!.tick()).sort()).toEqual(['barrido', 'recordatorios', 'retencion']);
    expect((await ejecuciones(ctx)).correo).toBe(0);
  });

  it('registra las tareas y de tres procesos que revisan a la vez, cada tarea corre en uno solo', async () => {
    // An application sent queues its e-mail: now the outbox has work.
    await sembrar(ctx, [{}]);
    const antes = await ejecuciones(ctx);
    const otros = await Promise.all([buildApp(ctx.entorno.config), buildApp(ctx.entorno.config)]);
    try {
      await todasVencidas(ctx);
      const corridas = await Promise.all([ctx.app, ...otros].map((app) => app.tareas!.tick()));
      expect(corridas.flat().sort()).toEqual(TAREAS);
      const despues = await ejecuciones(ctx);
      expect(TAREAS.map((t) => despues[t]! - antes[t]!)).toEqual([1, 1, 1, 1, 1]);
    } finally {
      await Promise.all(otros.map((app) => app.close()));
    }
  });

  it('MAIL_POLL_SECONDS=0 deja a ese proceso fuera del correo, y SWEEP_INTERVAL_MINUTES=0 sin barrido', async () => {
    const config = loadConfig({ ...ctx.entorno.env, MAIL_POLL_SECONDS: '0', SWEEP_INTERVAL_MINUTES: '0' });
    const app = await buildApp(config);
    try {
      await sembrar(ctx, [{}]);
      await todasVencidas(ctx);
      // lectura runs wherever a document is free to read (tests/server/lectura-tarea.test.ts).
      const sinLectura = (corridas: string[]) => corridas.filter((t) => t !== 'lectura');
      expect(sinLectura(await app.tareas!.tick())).toEqual(['recordatorios', 'retencion']);
      // The others stay due for the processes that do run them.
      expect(sinLectura(await ctx.app.tareas!.tick()).sort()).toEqual(['barrido', 'correo']);
    } finally {
      await app.close();
    }
  });
});
