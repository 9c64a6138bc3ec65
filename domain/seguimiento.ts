// After sending (producto §11): the applicant's receipt, verification page, status lookup and
// correction link, and the documents' end dates. The texts quoted in producto §11 live here once,
// for the pages, the server and the tests; so do the shapes on the wire.
import { CAMPOS } from './campos.js';
import type { DocumentoKey } from './documentos.js';
import type { Estado } from './estados.js';

export const TEXTOS_SEGUIMIENTO = {
  descargarComprobante: 'Descargar comprobante (PDF)',
  tituloComprobante: 'Comprobante de solicitud de inscripción',
  tituloVerificacion: 'Verificación de solicitud',
  verificacionInvalida: 'No encontramos una solicitud con ese enlace.',
  tituloEstado: 'Consultar el estado de una solicitud',
  campoNumero: CAMPOS.numero.comprobante,
  campoDni: CAMPOS.dni.etiqueta,
  consultar: 'Consultar',
  /** "Estado: <label>" */
  estado: (etiqueta: string) => `Estado: ${etiqueta}`,
  estadoNoEncontrado: 'No encontramos una solicitud con esos datos.',
  tituloCorreccion: 'Corrección de la solicitud',
  enviarCorreccion: 'Enviar corrección',
  correccionEnviada: 'Corrección enviada.',
  enlaceUsadoOVencido: 'Este enlace ya fue usado o venció.',
  faltanReemplazos: 'Reemplazá todos los documentos observados antes de enviar la corrección.',
  verDocumentoObservado: 'Ver el documento observado',
  documentoNoObservado: 'Ese documento no fue observado en esta corrección.',
  ningunArchivoElegido: 'Ningún archivo elegido',
  plazoVencido: 'Plazo vencido',
  vigenciaHasta: 'Vigencia hasta',
  venceEn30Dias: 'Vence en 30 días',
} as const;

/** A correction link lasts this many working days (Monday to Friday, national holidays excluded). */
export const DIAS_HABILES_CORRECCION = 10;
/** Days before a document's end date on which its holder is reminded, each once. */
export const DIAS_RECORDATORIO = [30, 15, 5] as const;
/** The inbox filter "Vence en 30 días". */
export const DIAS_VENCE_PRONTO = 30;
export { ZONA_ARGENTINA } from './fecha-hora.js';

/**
 * The documents that carry an end date staff may record (producto §11: the malpractice policy,
 * and the other documents issued for a period).
 */
export const DOCUMENTOS_CON_VIGENCIA: readonly DocumentoKey[] = [
  'PolizaMalaPraxis',
  'HabilitacionConsultorioExtension',
  'ReciboOCarnetArteDeCurar',
];

/** POST /api/v2/estado */
export interface ConsultaEstado {
  numeroSolicitud: string;
  dni: string;
}
export interface RespuestaEstado {
  estado: Estado;
  etiqueta: string;
  /** ISO instant of the last change of status. */
  desde: string;
}

/** GET /api/v2/correcciones/:token */
export interface CorreccionPendiente {
  numeroSolicitud: string;
  motivo: string;
  /** YYYY-MM-DD, the last day the link works. */
  plazo: string;
  documentos: {
    clave: DocumentoKey;
    etiqueta: string;
    /** The replacement already uploaded through this link, if any. */
    reemplazo: { nombre: string; bytes: number } | null;
    /**
     * The document the application holds now for this key, the one staff observed
     * (GET /api/v2/correcciones/:token/documentos/:clave serves it); null when it has none.
     */
    observado?: { nombre: string; bytes: number } | null;
  }[];
}
