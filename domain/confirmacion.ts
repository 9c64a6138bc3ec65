// Re-attestation (producto §17): once a year after an application's first approval the provider
// gets a link, /confirmar/<token>, to say their data are still right or to change some fields and
// documents, which the staff then review as a Corregida (the chart's ACTUALIZAR_DATOS,
// ./ciclo-de-vida.ts). What the page, the server, the e-mails and the inbox share lives here once:
// the periods, which fields a provider may change, the texts and the shapes on the wire.
import { CAMPOS_RECTIFICABLES, type CampoRectificable } from './datos-personales.js';
import type { DocumentoKey } from './documentos.js';
import type { DatosSocio } from './reglas.js';

/** The page of the link: /confirmar/<token>. */
export const RUTA_CONFIRMAR = '/confirmar';

/** The link works this many calendar days after the day it was sent, that last day included. */
export const DIAS_CONFIRMACION = 30;
/** Days after the link was sent on which an unanswered one is reminded, each once. */
export const DIAS_RECORDATORIO_CONFIRMACION = [7, 21] as const;

/** The answers a link records. */
export const RESPUESTAS_CONFIRMACION = ['correctos', 'cambios'] as const;
export type RespuestaConfirmacion = (typeof RESPUESTAS_CONFIRMACION)[number];

/**
 * The fields the provider may change, in the rectification's order: every rectifiable one but DNI
 * and Matrícula, which identify the person in the padrón — a change there goes through the
 * Asociación (an administrador's rectification, producto §13).
 */
export const CAMPOS_ACTUALIZABLES = (Object.keys(CAMPOS_RECTIFICABLES) as CampoRectificable[]).filter(
  (campo) => campo !== 'dni' && campo !== 'matricula',
) as Exclude<CampoRectificable, 'dni' | 'matricula'>[];
export type CampoActualizable = (typeof CAMPOS_ACTUALIZABLES)[number];
export const esCampoActualizable = (valor: unknown): valor is CampoActualizable =>
  typeof valor === 'string' && (CAMPOS_ACTUALIZABLES as readonly string[]).includes(valor);

export const TEXTOS_CONFIRMACION = {
  titulo: 'Confirmá tus datos',
  tituloCambios: 'Cambiar tus datos',
  /** "Sin confirmar": the inbox's mark and "Para hoy" option (producto §17). */
  sinConfirmar: 'Sin confirmar',
  ayudaSinConfirmar: 'Aprobadas cuyo prestador no respondió la confirmación anual de sus datos en 30 días.',
  confirmar: 'Mis datos siguen siendo correctos',
  cambiar: 'Necesito cambiar algo',
  enviarCambios: 'Enviar cambios',
  volver: 'Volver',
  confirmados: 'Gracias: registramos que tus datos siguen siendo correctos.',
  cambiosEnviados: 'Cambios enviados.',
  cambiosEnviadosDetalle:
    'El personal de la Asociación va a revisar los cambios. Te vamos a avisar por correo electrónico.',
  introduccion:
    'Una vez por año te pedimos que revises los datos con los que estás inscripto como prestador. ' +
    'Si todo sigue igual, confirmalo; si algo cambió, elegí qué y actualizalo.',
  /** With fechaDelPlazo's date. */
  plazo: (fecha: string) => `Podés responder hasta el ${fecha}.`,
  datos: 'Tus datos',
  documentos: 'Tus documentos',
  vigenciaHasta: (fecha: string) => `Vigencia hasta ${fecha}`,
  elegirCampos: 'Datos que cambiaron',
  elegirDocumentos: 'Documentos que querés reemplazar',
  ayudaDocumentos:
    'Presioná SUBIR para elegir el archivo nuevo: imágenes, pdf, doc o docx (máximo 10 MB por archivo). ' +
    'Se sube al elegirlo, y podés quitarlo hasta enviar los cambios.',
  identidad: 'Si cambió tu DNI o tu matrícula, comunicate con la Asociación.',
  nadaElegido: 'Elegí al menos un dato o un documento para cambiar.',
  faltaArchivo: (etiqueta: string) => `Falta subir "${etiqueta}".`,
  documentoAjeno: 'Ese documento no es de esta solicitud.',
  cambioSimultaneo:
    'La solicitud cambió mientras enviabas los cambios. Recargá la página e intentá nuevamente.',
} as const;

/** One row of the provider's data, read-only: its label and its value as a person reads it. */
export interface DatoConfirmacion {
  campo: string;
  etiqueta: string;
  valor: string;
}

/** GET /api/v2/confirmaciones/:token — the page's data. */
export interface ConfirmacionPendiente {
  numeroSolicitud: string;
  /** YYYY-MM-DD, the last day the link works. */
  plazo: string;
  datos: DatoConfirmacion[];
  documentos: {
    clave: DocumentoKey;
    etiqueta: string;
    /** YYYY-MM-DD recorded by staff, or null. */
    vigenteHasta: string | null;
    /** The file uploaded through this link for "Necesito cambiar algo", if any. */
    reemplazo: { nombre: string; bytes: number } | null;
  }[];
  /**
   * The fields the provider may change, each with its current value as the change form starts it
   * (text as typed; domicilio, condicionIVA and formaPago as JSON, like a rectification's value).
   */
  campos: { campo: CampoActualizable; etiqueta: string; valor: string }[];
  /** The record as stored: the change form judges the new values against it, as the server does. */
  registro: DatosSocio;
}

/** POST /api/v2/confirmaciones/:token/cambios */
export interface PedidoCambios {
  /** The chosen fields and their new values, as a rectification's `valor`. */
  campos: Partial<Record<CampoActualizable, string>>;
  /** The chosen documents: each needs a file uploaded through the link first. */
  documentos: DocumentoKey[];
}
