// "Resumen diario" (producto §16): on working days in Argentina (Monday to Friday without the
// national holidays, as the correction deadline counts them: ../correcciones/plazo.ts), from
// HORA_RESUMEN_DIARIO (8:00) on, every active account that chose it in Mi cuenta and has a
// "Correo electrónico" gets one e-mail with the counts of "Para hoy" — the Tablero's counts
// (../gestion/para-hoy.ts contarParaHoy), none of which depends on the account, so they are
// counted once per run.
// Run every few minutes by the scheduler (../plugins/tareas.ts); nothing here relies on one process
// running it: each message's outbox key (CLAVES_CORREO.resumenDiario: account and day) is unique,
// so a second process, a second run or a run that outlives its slot queue nothing twice. A run
// later in the day — the server was down at 8:00 — still queues the day's summary; a day that
// passed without one is not made up the next day. The message is written when sent
// (../correo/mensajes-cuentas.ts): an account disabled, or a summary turned off, since it was
// queued gets nothing.
import { HORA_RESUMEN_DIARIO } from '../../domain/cuentas.js';
import { partesArgentinas } from '../../domain/fecha-hora.js';
import { OPCIONES_PARA_HOY, type ParaHoy } from '../../domain/para-hoy.js';
import { diaArgentino, esDiaHabil } from '../correcciones/plazo.js';
import { CLAVES_CORREO, encolarCorreo, sinEncolar } from '../correo/salida.js';
import type { Db } from '../db/esquema.js';
import { contarParaHoy, type MomentoParaHoy } from '../gestion/para-hoy.js';

export interface OpcionesResumen {
  /** config.plazoRevisionDias (PLAZO_REVISION_DIAS): what "Demoradas" counts, as on the Tablero. */
  plazoRevisionDias: number;
}

/** The Argentine day (YYYY-MM-DD) whose summary is due at `ahora`; null before 8:00 or on a day that is not a working one. */
export function diaDelResumen(ahora: Date): string | null {
  const fecha = diaArgentino(ahora);
  if (!esDiaHabil(fecha)) return null;
  return Number(partesArgentinas(ahora).hour) >= HORA_RESUMEN_DIARIO ? fecha : null;
}

interface Destinatario {
  personalId: string;
  correo: string;
  clave: string;
}

/**
 * The accounts that should get day `fecha`'s summary and whose message is not queued yet. The
 * staff are a small team: their rows are read whole, and the outbox asked by its unique key.
 */
async function pendientes(db: Db, fecha: string): Promise<Destinatario[]> {
  const cuentas = await db
    .selectFrom('personal')
    .select(['id', 'correo'])
    .where('activo', '=', 1)
    .where('resumen_diario', '=', 1)
    .where('correo', 'is not', null)
    .where('correo', '<>', '')
    .execute();
  return sinEncolar(
    db,
    cuentas.map((c) => ({
      personalId: c.id,
      correo: c.correo!,
      clave: CLAVES_CORREO.resumenDiario(c.id, fecha),
    })),
  );
}

/**
 * The scheduler's cheap read (Tarea.hayTrabajo): whether a summary is due and not queued. On a day
 * that is not a working one, or before 8:00, it reads nothing; otherwise two small reads. When it answers
 * no, the task's slot is not taken: an idle process writes nothing.
 */
export async function hayResumenesPendientes(db: Db, ahoraMs: number): Promise<boolean> {
  const fecha = diaDelResumen(new Date(ahoraMs));
  return fecha !== null && (await pendientes(db, fecha)).length > 0;
}

/**
 * Queues today's summary of every account that should have one and has not (each key once);
 * answers how many it found missing (another process may have queued some of them meanwhile).
 */
export async function encolarResumenes(
  db: Db,
  ahora: Date,
  { plazoRevisionDias }: OpcionesResumen,
): Promise<number> {
  const fecha = diaDelResumen(ahora);
  if (fecha === null) return 0;
  const faltan = await pendientes(db, fecha);
  if (faltan.length === 0) return 0;
  // The Tablero's counts at this instant, as ../gestion/tablero.ts asks them.
  const momento: MomentoParaHoy = { ahora, plazoRevisionDias, vencimiento: null };
  const n = await Promise.all(OPCIONES_PARA_HOY.map((o) => contarParaHoy(db, o, momento)));
  const conteos = Object.fromEntries(OPCIONES_PARA_HOY.map((o, i) => [o, n[i]!])) as Record<ParaHoy, number>;
  // Each message on its own (no transaction): they are independent, and a run cut short leaves the
  // rest to the next. The unique key keeps one per account and day, also against a run in another
  // process meanwhile.
  for (const d of faltan) {
    await encolarCorreo(
      db,
      {
        clave: d.clave,
        para: d.correo,
        evento: { tipo: 'resumen_diario', personalId: d.personalId, fecha, conteos },
      },
      ahora.getTime(),
    );
  }
  return faltan.length;
}
