// The server's periodic tasks (today: the sweep of abandoned drafts), run once across however many
// processes share the database. Each task has a row whose `proxima_ms` says when it is due; a
// process runs it only if its UPDATE moved that time forward — one conditional statement, atomic
// on SQLite and PostgreSQL alike, so of several processes ticking at once exactly one wins.
// A process that dies mid-run leaves the task to its next due time.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/esquema.js';

export interface Tarea {
  nombre: string;
  cadaMs: number;
  trabajo: () => Promise<unknown>;
}

export interface Planificador {
  /** Who this process is in `tareas.duenio`. */
  readonly id: string;
  /** Runs every due task this process wins; answers their names. */
  tick(ahora?: number): Promise<string[]>;
  detener(): void;
}

async function registrar(db: Db, tarea: Tarea, ahora: number): Promise<void> {
  await db
    .insertInto('tareas')
    .values({ nombre: tarea.nombre, proxima_ms: ahora + tarea.cadaMs, duenio: null, ultima_ms: null })
    .onConflict((oc) => oc.column('nombre').doNothing())
    .execute();
}

async function ganar(db: Db, tarea: Tarea, id: string, ahora: number): Promise<boolean> {
  const r = await db
    .updateTable('tareas')
    .set((eb) => ({
      proxima_ms: ahora + tarea.cadaMs,
      duenio: id,
      ultima_ms: ahora,
      ejecuciones: eb('ejecuciones', '+', 1),
    }))
    .where('nombre', '=', tarea.nombre)
    .where('proxima_ms', '<=', ahora)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function iniciarPlanificador(
  db: Db,
  log: FastifyBaseLogger,
  tareas: Tarea[],
  { tickMs = 60_000 }: { tickMs?: number } = {},
): Promise<Planificador> {
  const id = randomUUID();
  for (const tarea of tareas) await registrar(db, tarea, Date.now());
  let enCurso: Promise<string[]> | null = null;

  const tick = async (ahora = Date.now()): Promise<string[]> => {
    const corridas: string[] = [];
    for (const tarea of tareas) {
      if (!(await ganar(db, tarea, id, ahora))) continue;
      corridas.push(tarea.nombre);
      const inicio = Date.now();
      try {
        const resultado = await tarea.trabajo();
        log.info({ tarea: tarea.nombre, resultado, ms: Date.now() - inicio }, 'tarea periódica');
      } catch (error) {
        log.error({ err: error, tarea: tarea.nombre }, 'falló una tarea periódica');
      }
    }
    return corridas;
  };

  const reloj = setInterval(() => {
    if (enCurso) return; // the previous tick is still running (a slow sweep)
    enCurso = tick()
      .catch((error: unknown) => {
        // The database is away: the next tick tries again.
        log.warn({ err: error }, 'no se pudieron revisar las tareas periódicas');
        return [];
      })
      .finally(() => {
        enCurso = null;
      });
  }, tickMs);
  reloj.unref();

  return {
    id,
    tick,
    detener: () => clearInterval(reloj),
  };
}
