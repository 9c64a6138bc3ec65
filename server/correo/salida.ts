// The outbox (producto §11): a message is queued in the same transaction as the change that causes
// it, so a change without its message (or a message without its change) cannot happen. It is
// written out and sent later by the sender (server/correo/repartidor.ts). `clave` names the
// event and recipient: queueing the same event twice — a retried request, a reminder job run by
// two processes — keeps one row.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DocumentoKey } from '../../domain/index.js';
import type { TipoEnlace } from '../../domain/cuentas.js';
import type { ParaHoy } from '../../domain/para-hoy.js';
import type { Database } from '../db/esquema.js';

/** About one application: the message is written from the application as it is when sent. */
export type EventoDeSolicitud =
  /** To the applicant, with the receipt attached (`version` absent in rows queued before versions: 1). */
  | { tipo: 'enviada'; solicitudId: string; version?: number }
  /** To the staff address: a new application arrived. */
  | { tipo: 'aviso_personal'; solicitudId: string }
  /** To the applicant: what to correct, and the link (`token` is the raw correction token). */
  | {
      tipo: 'observada';
      solicitudId: string;
      motivo: string;
      documentos: DocumentoKey[];
      token: string;
      /** YYYY-MM-DD, the link's last day. */
      plazo: string;
    }
  | { tipo: 'aprobada'; solicitudId: string }
  | { tipo: 'rechazada'; solicitudId: string; motivo: string }
  /** To the applicant: "Recibimos tu corrección", with the receipt's version it issued attached. */
  | { tipo: 'correccion_recibida'; solicitudId: string; version: number }
  /**
   * To the applicant: a new correction link asked for from /estado (producto §14); the old one
   * stops working. `token` is the raw new token.
   */
  | {
      tipo: 'enlace_correccion';
      solicitudId: string;
      documentos: DocumentoKey[];
      token: string;
      plazo: string;
    }
  /** To the staff address: the applicant sent the correction. */
  | { tipo: 'corregida'; solicitudId: string }
  /** To the applicant: a document stops being valid in `dias` days. */
  | { tipo: 'recordatorio'; solicitudId: string; documento: DocumentoKey; hasta: string; dias: number };

/** About no application: everything the message says travels in the event. */
export type EventoDelSistema =
  /** To CORREO_AUDITORIA: the audit chain's head of the day, a witness outside the database. */
  {
    tipo: 'cabeza_auditoria';
    /** YYYY-MM-DD in Argentina. */
    fecha: string;
    /** `n:hash`. */
    cabeza: string;
    /** What the chain's check found just before: null when intact, else the first broken row. */
    alteracion: string | null;
  };

/**
 * To one staff account (producto §16), at its "Correo electrónico": written with the account as
 * it is when sent, and not sent when it has been disabled since (or, a summary, turned off).
 */
export type EventoDeCuenta =
  /** A single-use link to choose a password: a new account's or a forgotten one's (`token` raw). */
  | {
      tipo: 'enlace_contrasena';
      personalId: string;
      enlace: TipoEnlace;
      token: string;
      /** ISO, when the link stops working. */
      vence: string;
    }
  /** "Resumen diario": the counts of "Para hoy" as they were when it was queued. */
  | {
      tipo: 'resumen_diario';
      personalId: string;
      /** YYYY-MM-DD in Argentina. */
      fecha: string;
      conteos: Record<ParaHoy, number>;
    };

/**
 * To an approved provider (producto §17): the re-credentialing link (`token` raw) of the approved
 * application `solicitudId`, open until `vence` (YYYY-MM-DD); written by
 * server/correo/mensajes-recredencializacion.ts.
 */
export type EventoDeRecredencializacion = {
  tipo: 'recredencializacion';
  solicitudId: string;
  token: string;
  vence: string;
  /** RECREDENCIALIZACION_ANOS when it was opened: "Pasaron 3 años…". */
  anios: number;
};

/**
 * To an approved provider (producto §17): the year's re-attestation link (`token` raw) of
 * `solicitudId`, open until `plazo` (YYYY-MM-DD) — and, `dias` days after it was sent while still
 * unanswered, its reminder with the same link. Written by server/correo/mensajes-confirmacion.ts.
 */
export type EventoDeConfirmacion =
  | { tipo: 'confirmacion'; solicitudId: string; token: string; plazo: string }
  | { tipo: 'recordatorio_confirmacion'; solicitudId: string; token: string; plazo: string; dias: number };

export type EventoCorreo =
  EventoDeSolicitud | EventoDelSistema | EventoDeCuenta | EventoDeRecredencializacion | EventoDeConfirmacion;

export type TipoCorreo = EventoCorreo['tipo'];

export interface CorreoNuevo {
  /** The event's unique key (see CLAVES_CORREO). */
  clave: string;
  para: string;
  evento: EventoCorreo;
}

/** One key per event and recipient. */
export const CLAVES_CORREO = {
  enviada: (solicitudId: string) => `enviada|${solicitudId}`,
  avisoPersonal: (solicitudId: string) => `aviso_personal|${solicitudId}`,
  /** A status move (observada, aprobada, rechazada): one message per history row. */
  movimiento: (historialId: string) => `movimiento|${historialId}`,
  corregida: (historialId: string) => `corregida|${historialId}`,
  /** A correction link sent again from /estado: one message per new link. */
  enlaceCorreccion: (tokenHash: string) => `enlace_correccion|${tokenHash}`,
  recordatorio: (solicitudId: string, documento: string, hasta: string, dias: number) =>
    `recordatorio|${solicitudId}|${documento}|${hasta}|${dias}`,
  /** One a day, whichever process and however many runs. */
  cabezaAuditoria: (fecha: string) => `cabeza_auditoria|${fecha}`,
  /** One message per link made. */
  enlaceContrasena: (enlaceId: string) => `enlace_contrasena|${enlaceId}`,
  /** One a day per account, whichever process and however many runs (producto §16). */
  resumenDiario: (personalId: string, fecha: string) => `resumen_diario|${personalId}|${fecha}`,
  /** One per approved application and cycle (producto §17), however many runs or processes. */
  recredencializacion: (solicitudId: string, ciclo: number) => `recredencializacion|${solicitudId}|${ciclo}`,
  /** One per re-attestation link (producto §17), and one per link and reminder day. */
  confirmacion: (confirmacionId: string) => `confirmacion|${confirmacionId}`,
  recordatorioConfirmacion: (confirmacionId: string, dias: number) =>
    `recordatorio_confirmacion|${confirmacionId}|${dias}`,
} as const;

/** Queues a message inside the caller's transaction; a repeated event queues nothing. */
export async function encolarCorreo(
  trx: Kysely<Database>,
  { clave, para, evento }: CorreoNuevo,
  ahora: number = Date.now(),
): Promise<void> {
  await trx
    .insertInto('correos')
    .values({
      id: randomUUID(),
      clave,
      tipo: evento.tipo,
      solicitud_id: 'solicitudId' in evento ? evento.solicitudId : null,
      para,
      datos: JSON.stringify(evento),
      creado_ms: ahora,
      proximo_ms: ahora,
      duenio: null,
      enviado_ms: null,
      error: null,
    })
    .onConflict((oc) => oc.column('clave').doNothing())
    .execute();
}

/**
 * Of `pendientes`, those whose key is not in the outbox yet, asked 500 keys at a time. A read, for
 * the jobs that queue many (reminders, daily summaries) to skip what is there and say how many
 * are new; the unique key alone keeps each message once, also against another process meanwhile.
 */
export async function sinEncolar<T extends { clave: string }>(
  db: Kysely<Database>,
  pendientes: readonly T[],
): Promise<T[]> {
  const faltan: T[] = [];
  for (let i = 0; i < pendientes.length; i += 500) {
    const lote = pendientes.slice(i, i + 500);
    const claves = lote.map((p) => p.clave);
    const existentes = new Set(
      (await db.selectFrom('correos').select('clave').where('clave', 'in', claves).execute()).map(
        (c) => c.clave,
      ),
    );
    faltan.push(...lote.filter((p) => !existentes.has(p.clave)));
  }
  return faltan;
}
