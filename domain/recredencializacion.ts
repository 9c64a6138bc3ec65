// Re-credentialing (producto §17): every RECREDENCIALIZACION_ANOS years after its approval an
// approved provider gets a link, `/recredencializar/<token>`, to send a new application pre-filled
// from the approved one. What the server, the applicant's page, the back-office and the e-mail
// share: the periods, the texts, and the shape of the link's answer.
import type { DocumentoKey } from './documentos.js';
import type { DatosSocio, Equipo } from './reglas.js';
import { DOCUMENTOS_CON_VIGENCIA } from './seguimiento.js';

/** RECREDENCIALIZACION_ANOS' default: years from an approval to the next re-credentialing. */
export const RECREDENCIALIZACION_ANOS_PREDETERMINADO = 3;
/** Its bounds (server/config/esquema.ts). */
export const RECREDENCIALIZACION_ANOS_MINIMO = 1;
export const RECREDENCIALIZACION_ANOS_MAXIMO = 10;

/** A link works until the end of this many calendar days after it was opened, in Argentina. */
export const DIAS_ENLACE_RECREDENCIALIZACION = 60;

/** The applicant's page (src/paginas/recredencializar/) and the link in the e-mail. */
export const RUTA_RECREDENCIALIZAR = '/recredencializar';

export const TEXTOS_RECREDENCIALIZACION = {
  /** The inbox's mark on an application sent through a link, and its filter of "Para hoy". */
  marca: 'Recredencialización',
  /** The inbox's mark on an approved application whose newest link went unanswered. */
  vencida: 'Recredencialización vencida',
  titulo: 'Recredencialización',
  continuar: 'Continuar con la solicitud',
  preparando: 'Preparando tu solicitud…',
  adjuntados: 'Documentos que ya adjuntamos',
  paraAdjuntar: 'Documentos para adjuntar de nuevo',
  noSePudo: 'No pudimos preparar tu solicitud. Revisá tu conexión e intentá nuevamente.',
  reintentar: 'Intentar de nuevo',
} as const;

/**
 * Which documents of the approved application travel into the new one (producto §17: "documents
 * whose Vigencia has not passed"). A document that carries an end date (DOCUMENTOS_CON_VIGENCIA)
 * goes only when staff recorded "Vigencia hasta" and it is today or later: one with no recorded
 * date may have lapsed long ago (a policy three years old), so the applicant attaches a current
 * one. A document issued for no period (a title, the DNI) does not lapse and always goes.
 * `hoy` is YYYY-MM-DD in Argentina.
 */
export function seAdjuntaDeNuevo(clave: DocumentoKey, vigenteHasta: string | null, hoy: string): boolean {
  if (!(DOCUMENTOS_CON_VIGENCIA as readonly string[]).includes(clave)) return true;
  return vigenteHasta !== null && vigenteHasta >= hoy;
}

/** A document of the approved application that was not attached again, and why. */
export interface DocumentoNoAdjuntado {
  clave: DocumentoKey;
  /** Its "Vigencia hasta" (YYYY-MM-DD), past; null when none was recorded. */
  vencio: string | null;
}

/** POST /api/v2/recredencializaciones/:token/borrador — the new application's start. */
export interface BorradorDeRecredencializacion {
  /** The approved application it renews. */
  numeroSolicitud: string;
  /** YYYY-MM-DD, the link's last day. */
  vence: string;
  datosSocio: DatosSocio;
  equipos: Equipo[];
  /** What the draft holds now (copies of the documents still valid, and any upload since). */
  adjuntos: { clave: DocumentoKey; nombre: string }[];
  noAdjuntados: DocumentoNoAdjuntado[];
  /** The padrón's answer for the approved application's DNI and matrícula, asked now. */
  enPadron: boolean;
  /** True when the browser's draft cookie already named this link's draft (nothing copied again). */
  reanudado: boolean;
}
