// The correction chart's shapes (machines/correccion.ts): what it holds for each observed
// document, what the browser keeps across a reload, and its events.
import type { CorreccionPendiente, DocumentoKey } from '../domain/index.js';

/** A file the applicant chose (its Blob stays outside the chart, keyed by `id`). */
export interface ArchivoCorreccion {
  id: string;
  nombre: string;
  tamanio: number;
  tipo: string;
}

export type Reemplazo = NonNullable<CorreccionPendiente['documentos'][number]['reemplazo']>;

export interface FalloDocumento {
  /** The file the applicant chose, named in the message (not the internal part name). */
  archivo: string;
  mensaje: string;
  /** Retrying the same file can help (network, server busy); otherwise another file is needed. */
  reintentable: boolean;
}

export interface DocumentoCorreccion {
  /** The chosen file the server has not confirmed yet. */
  elegido: ArchivoCorreccion | null;
  /** The server's replacement when the file was chosen: after a reload, tells whether it arrived. */
  previo: Reemplazo | null;
  progreso: number;
  fallo: FalloDocumento | null;
  /** The name the applicant's file had, for the server's replacement (null: unknown here). */
  nombre: string | null;
  /** What "Quitar" took off the row while the server removes it: put back if that fails. */
  quitado: { reemplazo: Reemplazo; nombre: string | null } | null;
}

/** A chosen file kept in the browser across a reload. */
export interface PendienteGuardado {
  clave: DocumentoKey;
  archivo: ArchivoCorreccion;
  previo: Reemplazo | null;
}

/** The name of a file the server confirmed, kept in the browser across a reload. */
export interface SubidoGuardado {
  clave: DocumentoKey;
  nombre: string;
  /** The server's replacement it became: the name holds while the server still has that one. */
  reemplazo: Reemplazo;
}

export interface CorreccionContext {
  token: string;
  correccion: CorreccionPendiente | null;
  documentos: Partial<Record<DocumentoKey, DocumentoCorreccion>>;
  restaurados: PendienteGuardado[];
  subidos: SubidoGuardado[];
  /** The link is used, expired or unknown: the server's message. */
  mensaje: string | null;
  errorCarga: string | null;
  errorEnvio: string | null;
  /** This browser sent it before (kept across reloads). */
  enviadaAntes: boolean;
}

export interface CorreccionInput {
  token: string;
  restaurados?: PendienteGuardado[];
  subidos?: SubidoGuardado[];
  /** This browser already sent this correction. */
  enviada?: boolean;
}

export type CorreccionEvent =
  | { type: 'CARGA.EXITO'; correccion: CorreccionPendiente }
  | { type: 'CARGA.FALLO'; mensaje: string }
  /** 404/410 from any request: the link no longer works. */
  | { type: 'ENLACE.VENCIDO'; mensaje: string }
  | { type: 'REINTENTAR_CARGA' }
  | { type: 'ARCHIVO.ELEGIDO'; clave: DocumentoKey; archivo: ArchivoCorreccion; contenido: Blob | null }
  | { type: 'SUBIDA.PROGRESO'; clave: DocumentoKey; archivoId: string; porcentaje: number }
  | { type: 'SUBIDA.EXITO'; clave: DocumentoKey; archivoId: string; correccion: CorreccionPendiente }
  | { type: 'SUBIDA.FALLO'; clave: DocumentoKey; archivoId: string; mensaje: string; reintentable: boolean }
  | { type: 'REINTENTAR'; clave: DocumentoKey }
  /** "Quitar <label>": the chosen file or the uploaded replacement goes. */
  | { type: 'QUITAR'; clave: DocumentoKey }
  | { type: 'QUITA.EXITO'; clave: DocumentoKey; correccion: CorreccionPendiente }
  | { type: 'QUITA.FALLO'; clave: DocumentoKey; mensaje: string }
  | { type: 'ENVIAR' }
  | { type: 'ENVIO.EXITO' }
  | { type: 'ENVIO.FALLO'; mensaje: string };
