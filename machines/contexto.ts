// What the enrolment statechart remembers. Everything here is plain JSON, so the snapshot can be
// persisted as is; chosen files live in IndexedDB as Blobs and are referenced by `id`.
import type {
  Adjunto,
  Calle,
  CondicionIva,
  DocumentoKey,
  Localidad,
  SolicitudCreada,
  TipoAparato,
} from '../domain/index.js';

/** Step 1 exactly as the form holds it: valid or not yet (producto §1 keeps both). */
export interface FormDatosSocio {
  /** ISO date once it parses; until then, what the applicant typed. */
  fechanac: string;
  apellidoynombre: string;
  dni: string;
  matricula: string;
  localidad: Localidad | null;
  /** Text typed in the Localidad autocomplete, kept so a reload shows it. */
  textoLocalidad: string;
  calle: Calle | null;
  textoCalle: string;
  altura: string;
  piso: string;
  dpto: string;
  otro: string;
  email: string;
  codArea: string;
  telefono: string;
  condicionIVA: CondicionIva | null;
  formaPago: string;
  tipoTarjetaCredito: string | null;
  nroCajaAhorro: string;
  cobranzaHonorarios: string;
}

export const DATOS_VACIOS: FormDatosSocio = {
  fechanac: '',
  apellidoynombre: '',
  dni: '',
  matricula: '',
  localidad: null,
  textoLocalidad: '',
  calle: null,
  textoCalle: '',
  altura: '',
  piso: '',
  dpto: '',
  otro: '',
  email: '',
  codArea: '',
  telefono: '',
  condicionIVA: null,
  formaPago: '',
  tipoTarjetaCredito: null,
  nroCajaAhorro: '',
  cobranzaHonorarios: '',
};

export type EstadoComprobacion = 'pendiente' | 'valido' | 'invalido' | 'error';

/** The last DNI + matrícula check against the padrón, and for which pair it was. */
interface Comprobacion {
  dni: string;
  matricula: string;
  estado: EstadoComprobacion;
}

/** A file the applicant chose; its bytes are in IndexedDB under `id`. */
export interface ArchivoElegido {
  id: string;
  nombre: string;
  tamanio: number;
  tipo: string;
}

interface DocumentoEstado {
  /** The file chosen now (null once removed). */
  archivo: ArchivoElegido | null;
  /** What the server holds for this key, and which chosen file it came from. */
  subido: { nombre: string; archivoId: string } | null;
}

export type Documentos = Partial<Record<DocumentoKey, DocumentoEstado>>;

export interface FormEquipo {
  tipoAparato: TipoAparato | null;
  /** Text typed in Tipo de equipo, kept so a reload shows it (the rules strip it). */
  textoTipoAparato: string;
  marca: string;
  modelo: string;
  anioFabricacion: string;
  origen: string;
  observaciones: string;
}

export const EQUIPO_VACIO: FormEquipo = {
  tipoAparato: null,
  textoTipoAparato: '',
  marca: '',
  modelo: '',
  anioFabricacion: '',
  origen: '',
  observaciones: '',
};

export interface EquipoBorrador {
  id: number;
  valores: FormEquipo;
}

export interface Catalogos {
  localidades: Localidad[] | null;
  condicionesIva: CondicionIva[] | null;
  aparatos: TipoAparato[] | null;
  calles: { codigoLocalidad: number; lista: Calle[] } | null;
  /** Catalogues whose last load failed, so the view can say so and offer a retry. */
  fallidos: NombreCatalogo[];
}

/**
 * A failed upload (producto §12; docs/decisions/088). `reintentable`: sending the same files again
 * can help (no answer, a timeout, the server busy or failing); otherwise the request was refused,
 * and `rechazados` names the documents whose file must be replaced, each with why (a sentence that
 * does not name the file: the view names the document's label and the file the applicant chose).
 * A refused row stays marked until another file is chosen for it.
 */
interface FalloSubida {
  reintentable: boolean;
  /** The server's (or the app's) explanation, a whole sentence; null when none was given. */
  mensaje: string | null;
  rechazados: Partial<Record<DocumentoKey, ArchivoRechazado>>;
}

/** A document's file the server refused: why, and the name of the file the applicant had chosen. */
interface ArchivoRechazado {
  motivo: string;
  archivo: string;
}

export type NombreCatalogo = 'localidades' | 'condicionesIva' | 'aparatos' | 'calles';

export interface EnrolmentContext {
  datos: FormDatosSocio;
  /** Step 1's values pass the shared rules (judged with every change). */
  datosValidos: boolean;
  comprobacion: Comprobacion | null;
  documentos: Documentos;
  /** The server's answer to the last upload: every document this draft holds. */
  adjuntos: Adjunto[];
  /** A file refused before upload (too big), shown next to its row. */
  rechazo: { key: DocumentoKey; motivo: string } | null;
  /** The files of the upload under way (so a reload can send them again). */
  enCurso: { key: DocumentoKey; archivo: ArchivoElegido }[];
  progreso: number;
  /** How the last upload failed, as the app classified it; null unless the step shows a failure. */
  falloSubida: FalloSubida | null;
  /** Required documents the "Error" dialog found missing: their rows stay marked until a file is chosen. */
  faltantes: DocumentoKey[];
  equipos: EquipoBorrador[];
  siguienteIdEquipo: number;
  terminosAceptados: boolean;
  /** Why the last submission failed, in Spanish, when the server said. */
  errorEnvio: string | null;
  solicitud: SolicitudCreada | null;
  catalogos: Catalogos;
}

export const contextoInicial = (): EnrolmentContext => ({
  datos: { ...DATOS_VACIOS },
  datosValidos: false,
  comprobacion: null,
  documentos: {},
  adjuntos: [],
  rechazo: null,
  enCurso: [],
  progreso: 0,
  falloSubida: null,
  faltantes: [],
  equipos: [],
  siguienteIdEquipo: 1,
  terminosAceptados: false,
  errorEnvio: null,
  solicitud: null,
  catalogos: { localidades: null, condicionesIva: null, aparatos: null, calles: null, fallidos: [] },
});
