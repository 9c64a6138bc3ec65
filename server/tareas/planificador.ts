// The server's periodic tasks (today: the sweep of abandoned drafts), run once across however many
// processes share the database. Each task has a row whose `proxima_ms` says when it is due; a
// process runs it only if its UPDATE moved that time forward — one conditional statement, atomic
// on SQLite and PostgreSQL alike, so of several processes ticking at once exactly one wins.
// A process that dies mid-run leaves the task to its next due time.
import { randomUUID } from 'node:crypto';
import type { Bitacora } from '../bitacora.js';
import type { Db } from '../db/esquema.js';

export interface Tarea {
  nombre: string;
  cadaMs: number;
  trabajo: () => Promise<unknown>;
  /**
   * A read that says whether there is anything to do (the outbox: a message due). When it says
   * no, the slot is not taken: an idle process writes nothing, and a database that refuses
   * writes (SQLite locked by another connection) is not made to block this process's loop.
   */
  hayTrabajo?: (ahora: number) => Promise<boolean>;
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
  log: Bitacora,
  tareas: Tarea[],
  { tickMs = 60_000 }: { tickMs?: number } = {},
): Promise<Planificador> {
  const id = randomUUID();
  for (const tarea of tareas) await registrar(db, tarea, Date.now());
  let enCurso: Promise<string[]> | null = null;

  const tick = async (ahora = Date.now()): Promise<string[]> => {
    const corridas: string[] = [];
    // A read first: the conditional UPDATE below needs the write lock even when it changes no
    // row, and on a locked SQLite it would wait out the busy timeout on every tick.
    const vencidas = new Set(
      (await db.selectFrom('tareas').select('nombre').where('proxima_ms', '<=', ahora).execute()).map(
        (t) => t.nombre,
      ),
    );
    for (const tarea of tareas) {
      if (!vencidas.has(tarea.nombre)) continue;
      if (tarea.hayTrabajo && !(await tarea.hayTrabajo(ahora))) continue;
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

  // While the database is away, ticks back off (doubling up to a minute): each failed statement
  // may have waited out SQLite's busy timeout, and the requests need the loop more.
  let fallosSeguidos = 0;
  let pausaHasta = 0;
  const reloj = setInterval(() => {
    if (enCurso) return; // the previous tick is still running (a slow sweep)
    if (Date.now() < pausaHasta) return;
    enCurso = tick()
      .then((corridas) => {
        fallosSeguidos = 0;
        return corridas;
      })
      .catch((error: unknown) => {
        fallosSeguidos++;
        pausaHasta = Date.now() + Math.min(60_000, tickMs * 2 ** fallosSeguidos);
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
