// The server's one scheduler (tareas/planificador.ts): every process ticks, and each due task runs in
// the one process whose conditional UPDATE moved its next time — on SQLite and PostgreSQL alike
// (decision 083). Its tasks:
// - correo: sends the outbox's due messages (plugins/correo.ts), its slot taken only when a read
//   finds one due; the messages themselves are leased row by row, so a run that outlives its
//   slot and the next one never send one twice;
// - recordatorios: queues the end-date reminders (tareas/recordatorios.ts), once per key;
// - barrido: abandoned drafts, ended counter windows, staff sessions past their limits and ended
//   sign-in lockouts (`npm run barrer` stays for cron and by hand);
// - retencion: deletes the personal data whose retention period ended (producto §13), once a day;
// - cabeza_auditoria: with CORREO_AUDITORIA, the audit chain's head by e-mail, once a day;
// - resumen_diario: each opted-in account's "Resumen diario" (tareas/resumen-diario.ts,
//   producto §16), once per account and working day from 8:00 in Argentina. Looked at every 5 minutes, or
//   as often as the outbox when that is more often (MAIL_POLL_SECONDS): the summary leaves with
//   the outbox's next look anyway. Its slot is taken only when a read finds a summary due and not
//   queued (none outside working days and before 8:00, when it reads nothing at all).
// - lectura: reads the end date of the documents queued on arrival (producto §17;
//   lectura-tarea/trabajo.ts), its slot taken only when a read finds one free; the run goes on
//   in the background, one document at a time, so this tick and the next never wait for it.
// - recredencializacion: opens the re-credentialing links due (producto §17;
//   recredencializacion/apertura.ts), each once per application and cycle by a unique key; its
//   slot is taken only when a read finds one due, and that read is made at most hourly.
// - confirmaciones: opens the yearly re-attestation links due and queues their reminders
//   (producto §17; confirmacion/tarea.ts), hourly, each link once per application and anniversary
//   by a unique key and each reminder once by its outbox key; its slot is taken only when a read
//   finds one due, and that read is made at most hourly.
import fp from 'fastify-plugin';
import { publicarCabeza } from '../auditoria/cabeza.js';
import { barrerBorradores } from '../tareas/barrido.js';
import { aplicarRetencion } from '../datos-personales/retencion.js';
import { entornoDeSupresion } from '../datos-personales/supresion.js';
import { olvidarVencidos } from '../db/contadores.js';
import { olvidarBloqueosVencidos } from '../personal/ingreso.js';
import { olvidarSesionesVencidas } from '../personal/sesiones.js';
import { iniciarPlanificador, type Planificador, type Tarea } from '../tareas/planificador.js';
import { encolarRecordatorios } from '../tareas/recordatorios.js';
import { encolarResumenes, hayResumenesPendientes } from '../tareas/resumen-diario.js';
import { abrirRecredencializaciones, vigiaDeRecredencializaciones } from '../recredencializacion/apertura.js';
import { LECTURA_CADA_MS } from '../lectura-tarea/trabajo.js';
import { tareaDeConfirmaciones } from '../confirmacion/tarea.js';

declare module 'fastify' {
  interface FastifyInstance {
    tareas: Planificador | null;
  }
}

const MINUTO = 60_000;
const HORA = 60 * MINUTO;
const DIA = 24 * HORA;

export const tareas = fp<{ tickMs?: number }>(
  async (app, { tickMs }) => {
    const { config } = app;
    const lista: Tarea[] = [];
    if (config.mailPollSeconds > 0) {
      lista.push({
        nombre: 'correo',
        cadaMs: config.mailPollSeconds * 1_000,
        trabajo: () => app.correo.repartir(),
        hayTrabajo: (ahora) => app.correo.hayPendientes(ahora),
      });
    }
    lista.push({
      nombre: 'recordatorios',
      cadaMs: HORA,
      trabajo: () => encolarRecordatorios(app.db, new Date()),
    });
    if (config.sweepIntervalMinutes > 0) {
      lista.push({
        nombre: 'barrido',
        cadaMs: config.sweepIntervalMinutes * 60_000,
        trabajo: async () => ({
          ...(await barrerBorradores(app.db, app.documentos, config.draftMaxAgeHours)),
          contadores: await olvidarVencidos(app.db),
          sesiones: await olvidarSesionesVencidas(app.db),
          bloqueos: await olvidarBloqueosVencidos(app.db),
        }),
      });
    }
    lista.push({
      nombre: 'retencion',
      cadaMs: DIA,
      trabajo: () =>
        aplicarRetencion(
          entornoDeSupresion(app.db, app.documentos, config, app.log),
          config.retentionMonths,
          new Date(),
        ),
    });
    const correoAuditoria = config.correoAuditoria;
    if (correoAuditoria) {
      lista.push({
        nombre: 'cabeza_auditoria',
        cadaMs: DIA,
        trabajo: () => publicarCabeza(app.db, correoAuditoria),
      });
    }
    lista.push({
      nombre: 'resumen_diario',
      cadaMs: config.mailPollSeconds > 0 ? Math.min(5 * MINUTO, config.mailPollSeconds * 1_000) : 5 * MINUTO,
      trabajo: () => encolarResumenes(app.db, new Date(), { plazoRevisionDias: config.plazoRevisionDias }),
      hayTrabajo: (ahora) => hayResumenesPendientes(app.db, ahora),
    });
    lista.push({
      nombre: 'lectura',
      cadaMs: LECTURA_CADA_MS,
      trabajo: async () => {
        void app.lecturas.drenar();
        return { iniciada: true };
      },
      hayTrabajo: (ahora) => app.lecturas.hayTrabajo(ahora),
    });
    lista.push({
      nombre: 'recredencializacion',
      cadaMs: HORA,
      trabajo: () => abrirRecredencializaciones(app.db, new Date(), config.recredencializacionAnos),
      hayTrabajo: vigiaDeRecredencializaciones(app.db, config.recredencializacionAnos),
    });
    lista.push(tareaDeConfirmaciones(app.db, config.recredencializacionAnos));
    const masFrecuente = Math.min(...lista.map((t) => t.cadaMs));
    const planificador = await iniciarPlanificador(app.db, app.log, lista, {
      tickMs: tickMs ?? Math.min(masFrecuente, 60_000),
    });
    app.decorate('tareas', planificador);
    app.addHook('onClose', async () => planificador.detener());
  },
  { name: 'tareas', fastify: '5.x', dependencies: ['base-de-datos', 'documentos', 'correo', 'lectura'] },
);
