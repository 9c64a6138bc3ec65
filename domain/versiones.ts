// The versions of an application's receipt (producto §14): the fixed texts the receipt, the
// verification page and the e-mails say about them, and what the verification page receives.
import type { DocumentoKey } from './documentos.js';
import type { Estado } from './estados.js';

export const TEXTOS_VERSIONES = {
  /** The receipt's title: "Comprobante — versión 2". */
  titulo: (version: number) => `Comprobante — versión ${version}`,
  emitida: 'Versión emitida',
  documentosReemplazados: 'Documentos reemplazados',
  porCorreccion: 'por corrección',
  /** "Este comprobante fue reemplazado por la versión 2 del 3/12/2026." */
  reemplazadoPor: (version: number, fecha: string) =>
    `Este comprobante fue reemplazado por la versión ${version} del ${fecha}.`,
  cambiaron: 'Documentos que cambiaron desde este comprobante:',
  vigente: 'Es la versión vigente del comprobante.',
  huellasVigentes:
    'Cada documento recibido, con su huella SHA-256: es la misma que figura en esta versión del comprobante.',
  huellasDeEstaVersion:
    'Los documentos que listaba esta versión, con la huella SHA-256 que figura en ella. Los marcados como ' +
    'reemplazados ya no son los que tenemos.',
  reemplazado: 'Reemplazado',
  /** Where the applicant gets the receipt, now that the verification page offers none. */
  dondeEstaElComprobante:
    'El comprobante se descarga desde la página que se muestra al enviar la solicitud y llega adjunto a los correos.',
} as const;

/** A document as a version of the receipt lists it, on the verification page. */
export interface DocumentoVerificado {
  clave: DocumentoKey;
  etiqueta: string;
  sha256: string;
  /** The application holds another file for it now (a later correction replaced it). */
  reemplazado: boolean;
}

/** GET /api/v2/verificacion/:token — one version of the receipt; no DNI, e-mail, phone, address or name. */
export interface Verificacion {
  numeroSolicitud: string;
  creadaEn: string;
  estado: Estado;
  etiqueta: string;
  /** The version this address was printed on. */
  version: number;
  /** ISO instant that version was issued. */
  emitidoEn: string;
  /** Null when it is the current version; else the newest version. */
  reemplazadoPor: { version: number; emitidoEn: string } | null;
  documentos: DocumentoVerificado[];
  /** Present (true) once its personal data and documents were deleted (producto §13). */
  suprimida?: true;
}
