// The one scheduler of decision 083: the outbox, the reminders and the sweep are tasks of one
// planner, each run by exactly one of the processes that tick at the same time; the variables
// that turn a task off leave the others running.
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';

const TAREAS = ['barrido', 'correo', 'recordatorios'];

async function todasVencidas(ctx: Contexto): Promise<void> {
  await ctx.db.updateTable('tareas').set({ proxima_ms: 0 }).execute();
}

conCadaBase('planificador', (ctx) => {
  it('registra las tres tareas y de tres procesos que revisan a la vez, cada tarea corre en uno solo', async () => {
    const otros = await Promise.all([buildApp(ctx.entorno.config), buildApp(ctx.entorno.config)]);
    try {
      await todasVencidas(ctx);
      const corridas = await Promise.all([ctx.app, ...otros].map((app) => app.tareas!.tick()));
      expect(corridas.flat().sort()).toEqual(TAREAS);
      const filas = await ctx.db.selectFrom('tareas').select(['nombre', 'ejecuciones']).orderBy('nombre').execute();
      expect(filas.map((f) => [f.nombre, Number(f.ejecuciones)])).toEqual(TAREAS.map((t) => [t, 1]));
    } finally {
      await Promise.all(otros.map((app) => app.close()));
    }
  });

  it('MAIL_POLL_SECONDS=0 deja a ese proceso fuera del correo, y SWEEP_INTERVAL_MINUTES=0 sin barrido', async () => {
    const config = loadConfig({ ...ctx.entorno.env, MAIL_POLL_SECONDS: '0', SWEEP_INTERVAL_MINUTES: '0' });
    const app = await buildApp(config);
    try {
      await todasVencidas(ctx);
      expect(await app.tareas!.tick()).toEqual(['recordatorios']);
      // The others stay due for the processes that do run them.
      expect((await ctx.app.tareas!.tick()).sort()).toEqual(['barrido', 'correo']);
    } finally {
      await app.close();
    }
  });
});
