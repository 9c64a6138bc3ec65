// The events of the enrolment statechart (machines/enrolment.ts): what the views and the app's
// provided effects send it.
import type {
  Adjunto,
  Calle,
  CondicionIva,
  DocumentoKey,
  Localidad,
  SolicitudCreada,
  TipoAparato,
} from '../domain/index.js';
import type { ArchivoElegido, FormEquipo, NombreCatalogo } from './contexto.js';
import type { CambiosDatos } from './datos-personales.js';

type CatalogoCargado =
  | { type: 'CATALOGO.CARGADO'; catalogo: 'localidades'; datos: Localidad[] }
  | { type: 'CATALOGO.CARGADO'; catalogo: 'condicionesIva'; datos: CondicionIva[] }
  | { type: 'CATALOGO.CARGADO'; catalogo: 'aparatos'; datos: TipoAparato[] }
  | { type: 'CATALOGO.CARGADO'; catalogo: 'calles'; codigoLocalidad: number; datos: Calle[] };

export type EnrolmentEvent =
  /** Sent by the app once the actor runs (new or restored): resumes effects cut by a reload. */
  | { type: 'REANUDAR' }
  | CatalogoCargado
  | { type: 'CATALOGO.FALLO'; catalogo: NombreCatalogo }
  | { type: 'CATALOGO.REINTENTAR' }
  /** Step 1 changed: the chart keeps the values, applies the rules that tie fields together and judges the step. */
  | { type: 'DATOS.CAMBIO'; cambios: CambiosDatos }
  | { type: 'DNI.COMPROBAR' }
  | { type: 'DNI.RESULTADO'; dni: string; matricula: string; valido: boolean }
  | { type: 'DNI.FALLO'; dni: string; matricula: string }
  | { type: 'SIGUIENTE' }
  | { type: 'VOLVER' }
  | { type: 'IR_A.DATOS' }
  | { type: 'IR_A.DOCUMENTOS' }
  | { type: 'IR_A.EQUIPOS' }
  | { type: 'ARCHIVO.ELEGIDO'; key: DocumentoKey; archivo: ArchivoElegido; contenido: Blob | null }
  | { type: 'ARCHIVO.QUITADO'; key: DocumentoKey }
  | { type: 'ERROR.CERRAR' }
  | { type: 'SUBIDA.PROGRESO'; porcentaje: number }
  | { type: 'SUBIDA.EXITO'; adjuntos: Adjunto[] }
  /**
   * The upload failed, as the app classified the answer (docs/decisions/088): retrying can help,
   * or the request was refused (`rechazados`: the documents whose file must be replaced, and why).
   */
  | {
      type: 'SUBIDA.FALLO';
      reintentable: boolean;
      mensaje?: string;
      rechazados?: Partial<Record<DocumentoKey, string>>;
    }
  /** The applicant cancelled the upload under way: every file is kept, nothing is stored. */
  | { type: 'SUBIDA.CANCELAR' }
  | { type: 'REINTENTAR' }
  /** The ~100 ms pause after a successful upload is over. */
  | { type: 'AVANZAR' }
  | { type: 'EQUIPO.AGREGAR' }
  | { type: 'EQUIPO.CAMBIO'; id: number; valores: FormEquipo }
  | { type: 'EQUIPO.QUITAR'; id: number }
  | { type: 'TERMINOS.CAMBIO'; aceptados: boolean }
  | { type: 'ENVIAR' }
  | { type: 'ENVIO.EXITO'; solicitud: SolicitudCreada }
  | { type: 'ENVIO.FALLO'; mensaje?: string };
