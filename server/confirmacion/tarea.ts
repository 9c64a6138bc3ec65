// The scheduler's task of re-attestation (producto §17; plugins/tareas.ts): hourly, it opens the
// links due (./apertura.ts) and queues the reminders due (./recordatorios.ts). Its question "is
// there anything to do?" is a read, so an idle process writes nothing; new work only comes with
// the calendar, so after a read that found none the answer is "no" for an hour without reading
// again (the scheduler asks on every tick while the task is due).
import type { Db } from '../db/esquema.js';
import type { Tarea } from '../tareas/planificador.js';
import { abrirConfirmaciones, confirmacionesPorAbrir } from './apertura.js';
import { recordarConfirmaciones, recordatoriosDebidos } from './recordatorios.js';

const HORA_MS = 3_600_000;

/** `recredencializacionAnos`: RECREDENCIALIZACION_ANOS, whose years have no re-attestation. */
export function tareaDeConfirmaciones(db: Db, recredencializacionAnos: number): Tarea {
  let nadaHasta = 0;
  return {
    nombre: 'confirmaciones',
    cadaMs: HORA_MS,
    trabajo: async () => {
      const ahora = new Date();
      return {
        abiertas: await abrirConfirmaciones(db, ahora, recredencializacionAnos),
        recordatorios: await recordarConfirmaciones(db, ahora),
      };
    },
    hayTrabajo: async (ahora) => {
      if (ahora < nadaHasta) return false;
      const momento = new Date(ahora);
      const hay =
        (await confirmacionesPorAbrir(db, momento, recredencializacionAnos)).length > 0 ||
        (await recordatoriosDebidos(db, momento)).length > 0;
      nadaHasta = hay ? 0 : ahora + HORA_MS;
      return hay;
    },
  };
}
