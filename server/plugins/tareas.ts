// The server sweeps abandoned drafts itself, every SWEEP_INTERVAL_MINUTES, once across processes
// (servicios/tareas.ts); `npm run barrer` stays for cron and by hand. The same sweep forgets the
// ended windows of the per-client counters, the staff sessions past their limits and the sign-in
// lockouts that have ended.
import fp from 'fastify-plugin';
import { barrerBorradores } from '../servicios/barrido.js';
import { olvidarVencidos } from '../servicios/contadores.js';
import { olvidarBloqueosVencidos } from '../servicios/ingreso.js';
import { olvidarSesionesVencidas } from '../servicios/sesiones.js';
import { iniciarPlanificador, type Planificador } from '../servicios/tareas.js';

declare module 'fastify' {
  interface FastifyInstance {
    tareas: Planificador | null;
  }
}

export const tareas = fp<{ tickMs?: number }>(
  async (app, { tickMs }) => {
    const minutos = app.config.sweepIntervalMinutes;
    if (minutos === 0) {
      app.decorate('tareas', null);
      return;
    }
    const cadaMs = minutos * 60_000;
    const planificador = await iniciarPlanificador(
      app.db,
      app.log,
      [
        {
          nombre: 'barrido',
          cadaMs,
          trabajo: async () => ({
            ...(await barrerBorradores(app.db, app.documentos, app.config.draftMaxAgeHours)),
            contadores: await olvidarVencidos(app.db),
            sesiones: await olvidarSesionesVencidas(app.db),
            bloqueos: await olvidarBloqueosVencidos(app.db),
          }),
        },
      ],
      { tickMs: tickMs ?? Math.min(cadaMs, 60_000) },
    );
    app.decorate('tareas', planificador);
    app.addHook('onClose', async () => planificador.detener());
  },
  { name: 'tareas', fastify: '5.x', dependencies: ['base-de-datos', 'documentos'] },
);
