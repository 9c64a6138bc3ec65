// Where a message goes (producto §11): the SMTP server of SMTP_URL (nodemailer, pooled), or —
// without one — an .eml file under DATA_DIR/correo/ that a newcomer opens with any mail client.
// Failures come out as ErrorDeEnvio: a short description without addresses, and whether
// sending the same message again can help.
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Bitacora } from '../bitacora.js';
import nodemailer, { type NodemailerError, type SendMailOptions } from 'nodemailer';
import type { Mensaje } from './mensajes.js';

export interface Envio {
  /** The outbox row: names the .eml file (never personal data). */
  id: string;
  creadoMs: number;
  de: string;
  para: string;
  /** `<…@…>`, the same on every attempt. */
  messageId: string;
  mensaje: Mensaje;
}

export interface Transporte {
  readonly tipo: 'smtp' | 'archivos';
  /** Resolves once the server answered 250 (or the file is in place). */
  enviar(envio: Envio): Promise<void>;
  cerrar(): Promise<void>;
}

export class ErrorDeEnvio extends Error {
  constructor(
    /** For the row and the logs: a code and a message with every address removed. */
    readonly resumen: string,
    /** The server refused this message for good (5xx): more attempts will not help. */
    readonly permanente: boolean,
  ) {
    super(resumen);
    this.name = 'ErrorDeEnvio';
  }
}

const DIRECCION = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+/g;

/** An error's text fit for the row and the logs: no addresses, one line, at most 200 characters. */
export function sinDatosPersonales(texto: string): string {
  return texto.replace(DIRECCION, '[dirección]').replace(/\s+/g, ' ').trim().slice(0, 200);
}

export function comoErrorDeEnvio(error: unknown): ErrorDeEnvio {
  if (error instanceof ErrorDeEnvio) return error;
  const e = (error ?? {}) as Partial<NodemailerError>;
  const codigo = [e.code, e.responseCode].filter((x) => x !== undefined && x !== null).join(' ');
  const texto = error instanceof Error ? error.message : String(error);
  const permanente =
    e.permanent ?? (typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode !== 503);
  return new ErrorDeEnvio(sinDatosPersonales(codigo ? `${codigo}: ${texto}` : texto), permanente);
}

function opcionesDe(envio: Envio): SendMailOptions {
  const { mensaje } = envio;
  return {
    from: envio.de,
    to: envio.para,
    subject: mensaje.asunto,
    text: mensaje.texto,
    html: mensaje.html,
    messageId: envio.messageId,
    headers: {
      // RFC 3834: an automatic message; vacation replies and the like should not answer it.
      'Auto-Submitted': 'auto-generated',
      'Content-Language': 'es-AR',
    },
    attachments: mensaje.adjuntos.map((a) => ({
      filename: a.nombre,
      content: a.contenido,
      contentType: a.tipo,
    })),
  };
}

/** Content is always in memory: no attachment may name a file or URL for nodemailer to read. */
const SIN_ACCESOS = { disableFileAccess: true, disableUrlAccess: true } as const;

function transporteSmtp(url: string): Transporte {
  const smtp = nodemailer.createTransport({
    ...SIN_ACCESOS,
    url,
    pool: true,
    maxConnections: 2,
    maxMessages: 100,
    // The pool would send a message again on a new connection when its connection closed
    // mid-send, possibly after the server had taken it; the outbox decides about retries.
    maxRequeues: 0,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
  });
  return {
    tipo: 'smtp',
    async enviar(envio) {
      try {
        await smtp.sendMail(opcionesDe(envio));
      } catch (error) {
        throw comoErrorDeEnvio(error);
      }
    },
    async cerrar() {
      smtp.close();
    },
  };
}

/** 2026-11-25T14:03:22.123Z → 20261125T140322Z */
const sello = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * Each message as `DATA_DIR/correo/<date>-<row id>.eml`, written to a temporary file and renamed
 * (never half a file), owner-only like the rest of DATA_DIR. The name depends on the row only,
 * so a message written again after a crash replaces its first copy.
 */
function transporteArchivos(dataDir: string, log: Bitacora): Transporte {
  const carpeta = path.join(dataDir, 'correo');
  const generador = nodemailer.createTransport({
    ...SIN_ACCESOS,
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    tipo: 'archivos',
    async enviar(envio) {
      const temporal = path.join(carpeta, `.${randomUUID()}.tmp`);
      try {
        const { message } = await generador.sendMail(opcionesDe(envio));
        await mkdir(carpeta, { recursive: true, mode: 0o700 });
        const nombre = `${sello(envio.creadoMs)}-${envio.id.replace(/[^A-Za-z0-9-]/g, '_')}.eml`;
        const archivo = await open(temporal, 'wx', 0o600);
        try {
          await archivo.writeFile(message as Buffer);
          await archivo.sync();
        } finally {
          await archivo.close();
        }
        const destino = path.join(carpeta, nombre);
        await rename(temporal, destino);
        log.info({ archivo: destino }, `correo escrito en ${destino}`);
      } catch (error) {
        await rm(temporal, { force: true }).catch(() => {});
        throw comoErrorDeEnvio(error);
      }
    },
    async cerrar() {
      generador.close();
    },
  };
}

export function crearTransporte(
  config: { smtpUrl: string | null; dataDir: string },
  log: Bitacora,
): Transporte {
  return config.smtpUrl ? transporteSmtp(config.smtpUrl) : transporteArchivos(config.dataDir, log);
}
