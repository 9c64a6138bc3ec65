// The job that reads the queued documents' end dates (producto §17), off the request path: the
// scheduler's 'lectura' task (plugins/tareas.ts) starts a run and returns at once, so the other
// tasks of this process never wait behind a reading. A run takes one document at a time
// (./cola.ts), reads its bytes from the document store, asks the lector and writes the answer
// under its lease; it goes on back to back while documents are pending, yielding to the event
// loop between two, and ends when none is free. One run per process at a time: asked again while
// it runs, it answers the run in progress. The lector is created at the first document this
// process reads (its libraries and OCR loaded then, never at start-up) and closed on stop; one
// that cannot start gives the document back untried and ends the run.
import { randomUUID } from 'node:crypto';
import { setImmediate as ceder } from 'node:timers/promises';
import type { Bitacora } from '../bitacora.js';
import type { DocumentStore } from '../storage/almacen.js';
import type { Db } from '../db/esquema.js';
import type { Lector, Lectura } from '../lectura/tipos.js';
import { devolver, escribir, hayPendientes, tomar, type Tomado } from './cola.js';

/** How often the scheduler looks for pending documents (a read of a small index). */
export const LECTURA_CADA_MS = 10_000;
/**
 * The longest the lector may take to start (its OCR worker and language data load in a second or
 * two): one that hangs ends the run, and the next run tries again, instead of holding this
 * process's run — and its shutdown — for ever.
 */
const PLAZO_LECTOR_MS = 60_000;
/** On shutdown, how long a lector still starting is waited for before leaving it. */
const PLAZO_CIERRE_MS = 5_000;

/** `promesa`, or a rejection after `ms`. */
function conPlazo<T>(promesa: Promise<T>, ms: number, motivo: string): Promise<T> {
  let reloj: NodeJS.Timeout | undefined;
  const plazo = new Promise<never>((_, rechazar) => {
    reloj = setTimeout(() => rechazar(new Error(motivo)), ms);
    reloj.unref();
  });
  return Promise.race([promesa, plazo]).finally(() => clearTimeout(reloj));
}

export interface OpcionesTrabajo {
  db: Db;
  almacen: DocumentStore;
  log: Bitacora;
  /** Makes this process's lector (called once, at the first document). */
  crearLector: () => Promise<Lector>;
  arriendoMs?: number;
  maxIntentos?: number;
  reloj?: () => number;
}

export interface ResumenLecturas {
  /** Answers written, by result. */
  propuesta: number;
  sin_fecha: number;
  no_disponible: number;
  /** Read, but the lease or the document had changed: nothing written. */
  descartadas: number;
  /** The store or the lector failed: left to its lease's end, then read again. */
  fallidas: number;
  /** Out of attempts: closed as 'no_disponible'. */
  agotadas: number;
}

export interface TrabajoDeLectura {
  /** This process in `lectura_duenio` (each lease adds `/<n>`). */
  readonly id: string;
  /** Whether a run would find work: false while this process runs one (it takes new ones too). */
  hayTrabajo(ahora?: number): Promise<boolean>;
  /** Starts a run, or answers the one in progress; resolves when it ends (never rejects). */
  drenar(): Promise<ResumenLecturas>;
  /** Stops after the document being read (given back untried), closes the lector. */
  detener(): Promise<void>;
}

const resumenVacio = (): ResumenLecturas => ({
  propuesta: 0,
  sin_fecha: 0,
  no_disponible: 0,
  descartadas: 0,
  fallidas: 0,
  agotadas: 0,
});

async function bytesDe(almacen: DocumentStore, archivo: string): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const parte of almacen.abrir(archivo)) partes.push(parte as Buffer);
  return Buffer.concat(partes);
}

export function crearTrabajoDeLectura(o: OpcionesTrabajo): TrabajoDeLectura {
  const { db, almacen, log } = o;
  const reloj = o.reloj ?? Date.now;
  const id = randomUUID();
  let arriendos = 0;
  let parar = false;
  let enCurso: Promise<ResumenLecturas> | null = null;
  let lector: Promise<Lector> | null = null;

  const obtenerLector = (): Promise<Lector> => {
    if (!lector) {
      const inicio = Date.now();
      const creado = o.crearLector();
      lector = conPlazo(creado, PLAZO_LECTOR_MS, 'el lector de documentos no terminó de iniciar').then(
        (l) => {
          log.info({ ms: Date.now() - inicio, ocr: l.ocrNoDisponible === null }, 'lector de vigencias listo');
          return l;
        },
        (error: unknown) => {
          lector = null; // the next run tries again
          // One that starts after all is closed: nobody will use it.
          void creado.then((l) => l.cerrar()).catch(() => {});
          throw error;
        },
      );
    }
    return lector;
  };

  /** Reads one taken document with `l`; the answer, or null when this process is stopping. */
  async function leer(l: Lector, t: Tomado): Promise<Lectura | null> {
    const bytes = await bytesDe(almacen, t.archivo);
    try {
      return await l.leer(bytes, t.mime);
    } catch (error) {
      if (parar) return null; // the lector was closed under it
      throw error;
    }
  }

  async function correr(): Promise<ResumenLecturas> {
    const resumen = resumenVacio();
    try {
      while (!parar) {
        const duenio = `${id}/${++arriendos}`;
        const { tomado, agotados } = await tomar(db, {
          duenio,
          ahora: reloj(),
          arriendoMs: o.arriendoMs,
          maxIntentos: o.maxIntentos,
        });
        resumen.agotadas += agotados;
        if (!tomado) break;
        const inicio = Date.now();
        let l: Lector;
        try {
          l = await obtenerLector();
        } catch (error) {
          // No lector on this machine now: nothing was tried, the document goes back untouched.
          await devolver(db, tomado);
          log.warn({ err: error }, 'no se pudo iniciar la lectura de vigencias; se reintentará');
          break;
        }
        let lectura: Lectura | null;
        try {
          lectura = await leer(l, tomado);
        } catch (error) {
          // Its lease stays until it ends: the document is read again later (MAX_INTENTOS).
          resumen.fallidas++;
          log.warn(
            { err: error, numero: tomado.numero, documento: tomado.clave, intento: tomado.intento },
            'no se pudo leer la vigencia de un documento; se reintentará',
          );
          await ceder();
          continue;
        }
        if (lectura === null) {
          await devolver(db, tomado);
          break;
        }
        const escrita = await escribir(db, tomado, lectura, reloj());
        if (escrita) resumen[lectura.resultado]++;
        else resumen.descartadas++;
        // Never the sentence or the date: the document's contents stay out of the log.
        log.info(
          {
            numero: tomado.numero,
            documento: tomado.clave,
            resultado: lectura.resultado,
            escrita,
            intento: tomado.intento,
            ms: Date.now() - inicio,
          },
          'lectura de vigencia',
        );
        await ceder();
      }
    } catch (error) {
      // The database went away: the next slot of the scheduler tries again.
      log.warn({ err: error }, 'se interrumpió la lectura de vigencias');
    }
    return resumen;
  }

  return {
    id,
    async hayTrabajo(ahora = reloj()) {
      if (enCurso || parar) return false;
      return hayPendientes(db, ahora);
    },
    drenar() {
      if (parar) return Promise.resolve(resumenVacio());
      enCurso ??= correr().finally(() => {
        enCurso = null;
      });
      return enCurso;
    },
    async detener() {
      parar = true;
      // Closing the lector abandons the reading in progress; the run gives its document back.
      if (lector) {
        await conPlazo(lector, PLAZO_CIERRE_MS, 'cierre')
          .then((l) => l.cerrar())
          .catch(() => {});
      }
      await enCurso;
    },
  };
}
