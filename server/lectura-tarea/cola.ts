// The queue of documents whose end date is read automatically (producto §17), kept on the
// application's link to each document (solicitud_documentos, migration 018). A document that takes
// an end date (DOCUMENTOS_CON_VIGENCIA) is queued as 'pendiente' in the transaction that links it:
// the sending (solicitud/solicitudes.ts) or a correction replacing it (correcciones/envio.ts).
//
// A reader takes ONE pending document with a conditional UPDATE that sets a lease (its own token
// and until when) and counts the attempt: of processes asking at once only one moves the lease,
// on SQLite (one writer) and PostgreSQL (the second UPDATE re-reads the row after the first
// commits) alike. The answer is written only while the lease is still that token and the link
// still points to the same document: a correction that replaced the document meanwhile resets
// the reading (a new 'pendiente', no owner), another process that took an expired lease holds
// another token, and a deleted application has no link — in each case nothing is written. A
// process that dies leaves its lease to expire and the document is read again; after
// MAX_INTENTOS attempts without an answer it becomes 'no_disponible'.
import { DOCUMENTOS_CON_VIGENCIA } from '../../domain/seguimiento.js';
import type { EstadoLectura, LecturaDocumento } from '../../domain/lectura.js';
import type { Db } from '../db/esquema.js';
import type { Lectura } from '../lectura/tipos.js';

/**
 * Attempts before giving up, as 'no_disponible' ("Lectura automática no disponible": the reading
 * never finished, so "no se encontró una fecha" would claim too much). Three: the lector answers
 * every document it can open (a timeout is its own 'sin_fecha'), so an attempt ends without an
 * answer only when the store failed or the process died mid-way — a restart, or a document that
 * kills it (memory) — and a third such end is no accident.
 */
export const MAX_INTENTOS = 3;
/**
 * How long a lease lasts: beyond the lector's own limit for one document (60 s, OCR included,
 * server/lectura/lector.ts) plus reading its bytes from the store, so a live reader keeps it.
 */
export const ARRIENDO_MS = 5 * 60_000;
/** The longest sentence kept (the lector's are about 200 characters). */
const LARGO_MAXIMO_FRASE = 500;

const tieneVigencia = (clave: string) => (DOCUMENTOS_CON_VIGENCIA as readonly string[]).includes(clave);

/**
 * The reading columns of a link to document `clave` as it arrives (sent, or brought by a
 * correction): queued when it takes an end date; an earlier reading of the link is forgotten.
 */
export function lecturaAlLlegar(clave: string) {
  return {
    lectura_estado: tieneVigencia(clave) ? 'pendiente' : null,
    vigencia_propuesta: null,
    vigencia_frase: null,
    lectura_intentos: 0,
    lectura_duenio: null,
    lectura_arriendo_hasta_ms: 0,
    leida_en: null,
  };
}

/** A document this reader holds: what to read, and the lease to write the answer under. */
export interface Tomado {
  solicitudId: string;
  documentoId: string;
  /** The lease's token (lectura_duenio). */
  duenio: string;
  intento: number;
  numero: string;
  clave: string;
  mime: string;
  /** The document store's name of the file. */
  archivo: string;
}

/** Whether a pending document is free to take (one read of the pending rows' partial index). */
export async function hayPendientes(db: Db, ahora: number): Promise<boolean> {
  const fila = await db
    .selectFrom('solicitud_documentos')
    .select('documento_id')
    .where('lectura_estado', '=', 'pendiente')
    .where('lectura_arriendo_hasta_ms', '<', ahora)
    .limit(1)
    .executeTakeFirst();
  return fila !== undefined;
}

const mismoEnlace = (t: { solicitudId: string; documentoId: string }) =>
  ({ solicitud_id: t.solicitudId, documento_id: t.documentoId }) as const;

/**
 * Takes one free pending document for `duenio` until `ahora + arriendoMs`; null when none is
 * left. A free one that used up its attempts is closed as 'no_disponible' on the way (counted in
 * `agotados`).
 */
export async function tomar(
  db: Db,
  {
    duenio,
    ahora,
    arriendoMs = ARRIENDO_MS,
    maxIntentos = MAX_INTENTOS,
  }: {
    duenio: string;
    ahora: number;
    arriendoMs?: number;
    maxIntentos?: number;
  },
): Promise<{ tomado: Tomado | null; agotados: number }> {
  let agotados = 0;
  for (;;) {
    const candidatos = await db
      .selectFrom('solicitud_documentos')
      .select(['solicitud_id', 'documento_id', 'lectura_intentos'])
      .where('lectura_estado', '=', 'pendiente')
      .where('lectura_arriendo_hasta_ms', '<', ahora)
      .orderBy('lectura_arriendo_hasta_ms')
      .limit(5)
      .execute();
    if (candidatos.length === 0) return { tomado: null, agotados };
    for (const c of candidatos) {
      const libre = db
        .updateTable('solicitud_documentos')
        .where('solicitud_id', '=', c.solicitud_id)
        .where('documento_id', '=', c.documento_id)
        .where('lectura_estado', '=', 'pendiente')
        .where('lectura_arriendo_hasta_ms', '<', ahora);
      if (Number(c.lectura_intentos) >= maxIntentos) {
        const r = await libre
          .set({
            lectura_estado: 'no_disponible' satisfies EstadoLectura,
            leida_en: new Date(ahora).toISOString(),
            lectura_duenio: null,
            lectura_arriendo_hasta_ms: 0,
          })
          .where('lectura_intentos', '>=', maxIntentos)
          .executeTakeFirst();
        agotados += Number(r.numUpdatedRows);
        continue;
      }
      const r = await libre
        .set((eb) => ({
          lectura_duenio: duenio,
          lectura_arriendo_hasta_ms: ahora + arriendoMs,
          lectura_intentos: eb('lectura_intentos', '+', 1),
        }))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) continue; // another process took it first
      const fila = await db
        .selectFrom('solicitud_documentos as sd')
        .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
        .innerJoin('solicitudes as s', 's.id', 'sd.solicitud_id')
        .select(['s.numero', 'd.clave', 'd.mime', 'd.archivo', 'sd.lectura_intentos'])
        .where('sd.solicitud_id', '=', c.solicitud_id)
        .where('sd.documento_id', '=', c.documento_id)
        .where('sd.lectura_duenio', '=', duenio)
        .executeTakeFirst();
      // Replaced or deleted between the two statements: its new reading is someone else's.
      if (!fila) continue;
      return {
        tomado: {
          solicitudId: c.solicitud_id,
          documentoId: c.documento_id,
          duenio,
          intento: Number(fila.lectura_intentos),
          numero: fila.numero,
          clave: fila.clave,
          mime: fila.mime,
          archivo: fila.archivo,
        },
        agotados,
      };
    }
  }
}

/** Control characters (PostgreSQL's text refuses NUL) out, and the length bounded. */
const fraseGuardable = (frase: string) =>
  // eslint-disable-next-line no-control-regex
  frase.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').slice(0, LARGO_MAXIMO_FRASE);

/**
 * Writes the lector's answer for `t`, only while its lease is still `t.duenio` and the link still
 * points to that document: false when it no longer does (nothing written).
 */
export async function escribir(db: Db, t: Tomado, lectura: Lectura, ahora: number): Promise<boolean> {
  const propuesta = lectura.resultado === 'propuesta' ? lectura : null;
  const r = await db
    .updateTable('solicitud_documentos')
    .set({
      lectura_estado: lectura.resultado satisfies EstadoLectura,
      vigencia_propuesta: propuesta?.fecha ?? null,
      vigencia_frase: propuesta ? fraseGuardable(propuesta.frase) : null,
      leida_en: new Date(ahora).toISOString(),
      lectura_duenio: null,
      lectura_arriendo_hasta_ms: 0,
    })
    .where((eb) => eb.and(mismoEnlace(t)))
    .where('lectura_duenio', '=', t.duenio)
    .where('lectura_estado', '=', 'pendiente')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Gives `t` back untried (this process is stopping): free at once, the attempt not counted.
 * Nothing happens when the lease is no longer ours.
 */
export async function devolver(db: Db, t: Tomado): Promise<void> {
  await db
    .updateTable('solicitud_documentos')
    .set((eb) => ({
      lectura_duenio: null,
      lectura_arriendo_hasta_ms: 0,
      lectura_intentos: eb('lectura_intentos', '-', 1),
    }))
    .where((eb) => eb.and(mismoEnlace(t)))
    .where('lectura_duenio', '=', t.duenio)
    .where('lectura_estado', '=', 'pendiente')
    .execute();
}

/** The reading columns of a link to a document, as selected. */
export interface FilaLectura {
  lectura_estado: string | null;
  vigencia_propuesta: string | null;
  vigencia_frase: string | null;
}

/** A document's reading as the detail page and the personal-data export carry it; null: none. */
export function lecturaDeFila(f: FilaLectura): LecturaDocumento | null {
  if (f.lectura_estado === null) return null;
  const estado = f.lectura_estado as EstadoLectura;
  const conFecha = estado === 'propuesta';
  return {
    estado,
    fecha: conFecha ? f.vigencia_propuesta : null,
    frase: conFecha ? f.vigencia_frase : null,
  };
}
