// The outbox's sender (producto §11, decision 085). Each run leases a few due rows with one
// conditional statement — on PostgreSQL `FOR UPDATE SKIP LOCKED`, so two processes never take
// the same row; on SQLite the statement runs under the database's single writer — then sends
// them one by one and marks each as soon as the server answered 250, only while this lease is
// still its own. A failure waits with exponential back-off and jitter; after the last attempt the
// row stays as `fallido`. A process that dies leaves its rows to whoever leases them after
// MAIL_LEASE_SECONDS: delivery is at least once, and the only message that can go out twice is
// one the dead process had handed to the server but not yet marked — it carries the same
// Message-ID, so the recipient's mailbox sees the same message.
import { randomUUID } from 'node:crypto';
import type { Bitacora } from '../bitacora.js';
import type { Contacto } from '../config/index.js';
import type { Db } from '../db/esquema.js';
import type { Motor } from '../db/conexion.js';
import { armarMensaje, idDeMensaje } from './mensajes.js';
import { ErrorDeEnvio, sinDatosPersonales, type Transporte } from './transporte.js';

/** Rows leased at a time: few, so a process that dies strands few until their lease ends. */
const LOTE = 10;
/** A run stops leasing after this long; the next slot of the scheduler goes on. */
const PRESUPUESTO_MS = 20_000;
const MAX_INTENTOS = 10;
/** A permanent refusal (5xx) is tried this many times only (a fixed configuration may cure it). */
export const MAX_INTENTOS_PERMANENTE = 3;
const PRIMERA_ESPERA_MS = 30_000;
const ESPERA_MAXIMA_MS = 3_600_000;

/** The wait after the `intentos`-th failure: 30 s, 1 min, 2 min … at most 1 h, ±20 % at random. */
export function esperaTras(intentos: number, azar: number = Math.random()): number {
  const base = Math.min(PRIMERA_ESPERA_MS * 2 ** Math.max(0, intentos - 1), ESPERA_MAXIMA_MS);
  return Math.round(base * (0.8 + 0.4 * azar));
}

export interface ResultadoReparto {
  enviados: number;
  /** Failed this time, to be tried again later. */
  reintentos: number;
  /** Given up: the last attempt failed, or the application is gone. */
  fallidos: number;
}

export interface OpcionesRepartidor {
  db: Db;
  motor: Motor;
  transporte: Transporte;
  log: Bitacora;
  publicUrl: string;
  /** The association's contact the applicant's messages carry (CONTACTO_*). */
  contacto?: Contacto | null;
  mailFrom: string;
  /** MAIL_LEASE_SECONDS in ms. */
  arriendoMs: number;
  lote?: number;
  presupuestoMs?: number;
  maxIntentos?: number;
  reloj?: () => number;
}

export interface Repartidor {
  /** This process in `correos.duenio` (each lease adds `/<n>`). */
  readonly id: string;
  repartir(): Promise<ResultadoReparto>;
  /** Whether a message is due and free (one indexed read; no lease taken). */
  hayPendientes(ahora?: number): Promise<boolean>;
  /** Stops after the message being sent (marked as sent) and waits for it. */
  detener(): Promise<void>;
}

interface Arrendada {
  id: string;
  clave: string;
  tipo: string;
  para: string;
  datos: string;
  intentos: number;
  creado_ms: number | string;
  proximo_ms: number | string;
}

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function crearRepartidor(o: OpcionesRepartidor): Repartidor {
  const { db, motor, transporte, log } = o;
  const lote = o.lote ?? LOTE;
  const presupuestoMs = o.presupuestoMs ?? PRESUPUESTO_MS;
  const maxIntentos = o.maxIntentos ?? MAX_INTENTOS;
  const reloj = o.reloj ?? Date.now;
  const id = randomUUID();
  let lotes = 0;
  let parar = false;
  const enCurso = new Set<Promise<unknown>>();

  /** One statement: the due rows nobody holds, taken by `duenio` until `hasta`. */
  async function arrendar(duenio: string, ahora: number, hasta: number): Promise<Arrendada[]> {
    const candidatos = db
      .selectFrom('correos')
      .select('id')
      .where('estado', '=', 'pendiente')
      .where('proximo_ms', '<=', ahora)
      .where('arriendo_hasta_ms', '<', ahora)
      .orderBy('proximo_ms')
      .limit(lote)
      .$if(motor === 'postgres', (q) => q.forUpdate().skipLocked());
    const filas = await db
      .updateTable('correos')
      .set({ duenio, arriendo_hasta_ms: hasta })
      .where('id', 'in', candidatos)
      .where('estado', '=', 'pendiente')
      .where('arriendo_hasta_ms', '<', ahora)
      .returning(['id', 'clave', 'tipo', 'para', 'datos', 'intentos', 'creado_ms', 'proximo_ms'])
      .execute();
    return filas.sort((a, b) => Number(a.proximo_ms) - Number(b.proximo_ms));
  }

  /** Gives back rows of this lease not tried (the lease is running out, or the process stops). */
  async function soltar(filas: Arrendada[], duenio: string): Promise<void> {
    if (filas.length === 0) return;
    await db
      .updateTable('correos')
      .set({ arriendo_hasta_ms: 0 })
      .where(
        'id',
        'in',
        filas.map((f) => f.id),
      )
      .where('duenio', '=', duenio)
      .where('estado', '=', 'pendiente')
      .execute();
  }

  /** Marks the row sent — only if the lease is still ours; retried briefly if the database blinks. */
  async function marcarEnviado(fila: Arrendada, duenio: string): Promise<boolean> {
    for (let intento = 1; ; intento++) {
      try {
        const r = await db
          .updateTable('correos')
          .set({ estado: 'enviado', enviado_ms: reloj(), intentos: fila.intentos + 1, error: null })
          .where('id', '=', fila.id)
          .where('duenio', '=', duenio)
          .where('estado', '=', 'pendiente')
          .executeTakeFirst();
        return Number(r.numUpdatedRows) === 1;
      } catch (error) {
        if (intento >= 3) throw error;
        await esperar(200 * intento);
      }
    }
  }

  async function fallar(fila: Arrendada, duenio: string, error: ErrorDeEnvio, r: ResultadoReparto) {
    const intentos = fila.intentos + 1;
    const ultimo =
      intentos >= (error.permanente ? Math.min(MAX_INTENTOS_PERMANENTE, maxIntentos) : maxIntentos);
    const espera = esperaTras(intentos);
    await db
      .updateTable('correos')
      .set({
        intentos,
        error: error.resumen,
        estado: ultimo ? 'fallido' : 'pendiente',
        proximo_ms: ultimo ? fila.proximo_ms : reloj() + espera,
        arriendo_hasta_ms: 0,
      })
      .where('id', '=', fila.id)
      .where('duenio', '=', duenio)
      .where('estado', '=', 'pendiente')
      .execute();
    const datos = { correo: fila.id, tipo: fila.tipo, intentos, error: error.resumen };
    if (ultimo) {
      r.fallidos++;
      log.error(datos, 'un correo no se pudo enviar y quedó como fallido');
    } else {
      r.reintentos++;
      log.warn(
        { ...datos, reintentoEnS: Math.round(espera / 1000) },
        'no se pudo enviar un correo; se reintentará',
      );
    }
  }

  async function entregar(fila: Arrendada, duenio: string, r: ResultadoReparto): Promise<void> {
    let mensaje;
    try {
      mensaje = await armarMensaje(db, fila, { publicUrl: o.publicUrl, contacto: o.contacto ?? null });
    } catch (error) {
      const texto = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      // An unreadable row will not read better later; anything else (the receipt) may.
      const permanente = error instanceof SyntaxError || /ilegible/.test(texto);
      await fallar(fila, duenio, new ErrorDeEnvio(sinDatosPersonales(`armado: ${texto}`), permanente), r);
      return;
    }
    if (mensaje === null) {
      // The application was deleted since the event: nobody to tell about it any more.
      await db
        .updateTable('correos')
        .set({
          estado: 'fallido',
          intentos: fila.intentos + 1,
          error: 'la solicitud ya no existe',
          arriendo_hasta_ms: 0,
        })
        .where('id', '=', fila.id)
        .where('duenio', '=', duenio)
        .where('estado', '=', 'pendiente')
        .execute();
      r.fallidos++;
      log.warn({ correo: fila.id, tipo: fila.tipo }, 'un correo quedó sin enviar: su solicitud ya no existe');
      return;
    }
    try {
      await transporte.enviar({
        id: fila.id,
        creadoMs: Number(fila.creado_ms),
        de: o.mailFrom,
        para: fila.para,
        messageId: idDeMensaje(fila.clave, o.publicUrl),
        mensaje,
      });
    } catch (error) {
      await fallar(
        fila,
        duenio,
        error instanceof ErrorDeEnvio ? error : new ErrorDeEnvio(sinDatosPersonales(String(error)), false),
        r,
      );
      return;
    }
    // Right after the 250, row by row: the window in which a crash sends a message twice.
    const propio = await marcarEnviado(fila, duenio);
    r.enviados++;
    if (propio) log.info({ correo: fila.id, tipo: fila.tipo, intentos: fila.intentos + 1 }, 'correo enviado');
    else
      log.warn(
        { correo: fila.id, tipo: fila.tipo },
        'se envió un correo cuyo arriendo ya había tomado otro proceso',
      );
  }

  async function correr(): Promise<ResultadoReparto> {
    const r: ResultadoReparto = { enviados: 0, reintentos: 0, fallidos: 0 };
    const inicio = reloj();
    while (!parar && reloj() - inicio < presupuestoMs) {
      const ahora = reloj();
      const duenio = `${id}/${++lotes}`;
      const hasta = ahora + o.arriendoMs;
      const filas = await arrendar(duenio, ahora, hasta);
      if (filas.length === 0) break;
      for (const [i, fila] of filas.entries()) {
        // Start a message only with half the lease ahead: it must be marked before it ends.
        if (parar || reloj() > hasta - o.arriendoMs / 2) {
          await soltar(filas.slice(i), duenio);
          break;
        }
        await entregar(fila, duenio, r);
      }
    }
    return r;
  }

  return {
    id,
    async hayPendientes(ahora = reloj()) {
      const fila = await db
        .selectFrom('correos')
        .select('id')
        .where('estado', '=', 'pendiente')
        .where('proximo_ms', '<=', ahora)
        .where('arriendo_hasta_ms', '<', ahora)
        .limit(1)
        .executeTakeFirst();
      return fila !== undefined;
    },
    repartir() {
      const corrida = correr();
      enCurso.add(corrida);
      const quitar = () => enCurso.delete(corrida);
      corrida.then(quitar, quitar);
      return corrida;
    },
    async detener() {
      parar = true;
      await Promise.allSettled([...enCurso]);
    },
  };
}
