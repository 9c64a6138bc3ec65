// Every error answer has one shape, {error, message, fields?}, with a Spanish message.
// Services throw ErrorDeDominio: what went wrong (its `tipo`), never an HTTP status. Routes throw
// ErrorHttp; the error handler (plugins/errores.ts) maps an ErrorDeDominio through ESTADO_HTTP
// and turns anything else into an ErrorHttp.
import type { ErrorApi } from '../domain/index.js';

export const CODIGOS = {
  VALIDACION: 'VALIDACION',
  ARCHIVO_INVALIDO: 'ARCHIVO_INVALIDO',
  ARCHIVO_DEMASIADO_GRANDE: 'ARCHIVO_DEMASIADO_GRANDE',
  TIPO_NO_ACEPTADO: 'TIPO_NO_ACEPTADO',
  ANTIFALSIFICACION: 'ANTIFALSIFICACION',
  NO_ENCONTRADO: 'NO_ENCONTRADO',
  SOLICITUD_DISTINTA: 'SOLICITUD_DISTINTA',
  CONFLICTO: 'CONFLICTO',
  CUOTA_EXCEDIDA: 'CUOTA_EXCEDIDA',
  SIN_ESPACIO: 'SIN_ESPACIO',
  DEMASIADOS_INTENTOS: 'DEMASIADOS_INTENTOS',
  TIEMPO_AGOTADO: 'TIEMPO_AGOTADO',
  ERROR_INTERNO: 'ERROR_INTERNO',
  NO_DISPONIBLE: 'NO_DISPONIBLE',
  SIN_SESION: 'SIN_SESION',
  SIN_PERMISO: 'SIN_PERMISO',
  CREDENCIALES: 'CREDENCIALES',
  CUENTA_BLOQUEADA: 'CUENTA_BLOQUEADA',
  CODIGO_REQUERIDO: 'CODIGO_REQUERIDO',
  CODIGO_INCORRECTO: 'CODIGO_INCORRECTO',
  /** A correction link already used, expired or superseded (producto §11): 410. */
  ENLACE_VENCIDO: 'ENLACE_VENCIDO',
  /** The application's personal data were deleted (producto §13): its receipt is gone, 410. */
  DATOS_SUPRIMIDOS: 'DATOS_SUPRIMIDOS',
} as const;
export type CodigoError = (typeof CODIGOS)[keyof typeof CODIGOS];

export class ErrorHttp extends Error {
  constructor(
    readonly statusCode: number,
    readonly codigo: CodigoError,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ErrorHttp';
  }

  cuerpo(): ErrorApi {
    return this.fields
      ? { error: this.codigo, message: this.message, fields: this.fields }
      : { error: this.codigo, message: this.message };
  }
}

/** What a service's refusal means, each with the one HTTP status a route answers it with. */
const ESTADO_HTTP = {
  /** The input breaks a rule. */
  invalido: 400,
  /** The person may not do this. */
  sin_permiso: 403,
  /** Nothing by that name (or not for this person). */
  no_encontrado: 404,
  /** The thing's state does not allow it now (moved meanwhile, already done). */
  conflicto: 409,
  /** It existed and is gone for good: a used or expired link, deleted data. */
  ya_no_esta: 410,
  /** More bytes than a quota allows. */
  demasiado_grande: 413,
  /** A kind of file the product does not take. */
  no_aceptado: 415,
  /** The same key was used for something else. */
  distinto: 422,
  /** Too many in a window of time. */
  demasiados: 429,
  /** The disk is nearly full. */
  sin_espacio: 507,
} as const;
export type TipoDeError = keyof typeof ESTADO_HTTP;

export class ErrorDeDominio extends Error {
  constructor(
    readonly tipo: TipoDeError,
    readonly codigo: CodigoError,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ErrorDeDominio';
  }
}

/** The one mapping of a service's refusal to an answer. */
export const comoRespuesta = (error: ErrorDeDominio): ErrorHttp =>
  new ErrorHttp(ESTADO_HTTP[error.tipo], error.codigo, error.message, error.fields);

export const MENSAJES_HTTP = {
  validacion: 'Hay datos inválidos en la solicitud. Revisá los campos marcados.',
  jsonInvalido: 'El cuerpo de la solicitud no es JSON válido.',
  tipoDeContenido: 'Tipo de contenido no admitido.',
  cuerpoGrande: 'La solicitud es demasiado grande.',
  noEncontrado: 'No encontramos lo que buscabas.',
  antifalsificacion: 'La solicitud no se pudo verificar. Recargá la página e intentá nuevamente.',
  demasiadosIntentos: 'Demasiados intentos. Esperá unos minutos e intentá nuevamente.',
  tiempoAgotado: 'La solicitud tardó demasiado. Intentá nuevamente.',
  interno: 'Ocurrió un error inesperado. Intentá nuevamente más tarde.',
  noDisponible: 'El servicio no está disponible en este momento. Intentá nuevamente más tarde.',
  solicitudDistinta:
    'Esta solicitud ya fue enviada con otros datos. Para enviar una nueva, volvé a adjuntar los archivos.',
  archivoGrande: (nombre: string) => `El archivo ${nombre} supera el máximo de 10 MiB.`,
  archivoVacio: (nombre: string) => `El archivo ${nombre} está vacío.`,
  tipoNoAceptado: (nombre: string) =>
    `El archivo ${nombre} no es una imagen, un PDF ni un documento de Word (.doc o .docx).`,
  imagenEnorme: (nombre: string) =>
    `La imagen ${nombre} no se puede leer o tiene demasiados píxeles (máximo 120 megapíxeles).`,
  extensionNoAceptada: (nombre: string, extensiones: readonly string[]) =>
    `El archivo ${nombre} tiene una extensión que no aceptamos. Elegí un archivo ` +
    `.${extensiones.slice(0, -1).join(', .')} o .${extensiones.at(-1)}.`,
  extensionNoCoincide: (nombre: string, detectada: string) =>
    `El contenido del archivo ${nombre} no coincide con su extensión: es un archivo .${detectada}. ` +
    'Revisá que sea el archivo correcto o elegí otro.',
  documentoEnorme: (nombre: string, mib: number) =>
    `El documento ${nombre} no se puede abrir o se expande a un tamaño excesivo ` +
    `(máximo ${mib} MiB descomprimido). Guardalo nuevamente desde Word o elegí un PDF.`,
  pdfActivo: (nombre: string) =>
    `El PDF ${nombre} contiene código, acciones automáticas o archivos adjuntos, que no aceptamos. ` +
    'Imprimilo con la opción "Guardar como PDF" y adjuntá ese archivo.',
  pdfIlegible: (nombre: string) =>
    `No pudimos revisar el PDF ${nombre}: tiene partes comprimidas o cifradas que no se pueden leer. ` +
    'Si tiene contraseña, quitásela; luego imprimilo con la opción "Guardar como PDF" y adjuntá ese archivo.',
  documentoDesconocido: (nombre: string) => `No reconocemos el documento "${nombre}".`,
  nombreInvalido: 'Cada archivo debe llamarse <documento>.<extensión>, por ejemplo DniAnverso.jpg.',
  campoInesperado: 'La solicitud solo admite archivos en el campo "file".',
  sinArchivos: 'No se recibió ningún archivo.',
  documentoRepetido: (clave: string) => `El documento ${clave} se envió más de una vez.`,
  demasiadosArchivos: 'Se enviaron demasiados archivos en una sola solicitud.',
  noMultipart: 'Los archivos deben enviarse como multipart/form-data.',
  multipartInvalido: 'El envío de archivos llegó incompleto o mal formado. Intentá nuevamente.',
  adjuntoAjeno: (nombre: string) =>
    `El adjunto ${nombre} no corresponde a los archivos subidos en esta solicitud.`,
  archivosCambiaron: 'Otra operación modificó estos archivos al mismo tiempo. Intentá nuevamente.',
  cuotaDelBorrador: (mib: number) =>
    `Esta solicitud ya recibió el máximo de ${mib} MiB de archivos (reemplazos incluidos). ` +
    'Si necesitás cambiar más archivos, comunicate con la Asociación.',
  cuotaDeBytes: (mib: number) =>
    `Desde tu conexión se subieron más de ${mib} MiB de archivos en la última hora. ` +
    'Esperá un rato e intentá nuevamente.',
  cuotaDeBorradores: (n: number) =>
    `Desde tu conexión se iniciaron más de ${n} solicitudes en la última hora. ` +
    'Esperá un rato e intentá nuevamente.',
  sinEspacio:
    'En este momento no podemos guardar archivos: el servidor se quedó sin espacio. ' +
    'Lo que elegiste queda en tu navegador; intentá nuevamente más tarde.',
  peticionEnorme: (mib: number) => `El envío supera el máximo de ${mib} MiB por solicitud.`,
  /** The password asked again of a signed-in person (before enrolling a second factor). */
  contrasenaIncorrecta: 'La contraseña no es correcta.',
  activacionVencida:
    'La activación del segundo factor venció o se empezó en otra sesión. ' +
    'Volvé a ingresar tu contraseña para empezar de nuevo.',
} as const;

/**
 * Why a part's content is refused, without the part's name: the `fields` of those refusals, keyed
 * by document (`{TituloMedico: "…"}`), so a client can name the document and the file the
 * applicant chose in its own sentence (producto §12). Each is a whole sentence with its period.
 */
export const MOTIVOS_ARCHIVO = {
  archivoGrande: 'El archivo supera el máximo de 10 MiB.',
  archivoVacio: 'El archivo está vacío.',
  tipoNoAceptado: 'El archivo no es una imagen, un PDF ni un documento de Word (.doc o .docx).',
  imagenEnorme: 'La imagen no se puede leer o tiene demasiados píxeles (máximo 120 megapíxeles).',
  extensionNoAceptada: (extensiones: readonly string[]) =>
    'El archivo tiene una extensión que no aceptamos. Elegí un archivo ' +
    `.${extensiones.slice(0, -1).join(', .')} o .${extensiones.at(-1)}.`,
  extensionNoCoincide: (detectada: string) =>
    `El contenido del archivo no coincide con su extensión: es un archivo .${detectada}. ` +
    'Revisá que sea el archivo correcto o elegí otro.',
  documentoEnorme: (mib: number) =>
    'El documento no se puede abrir o se expande a un tamaño excesivo ' +
    `(máximo ${mib} MiB descomprimido). Guardalo nuevamente desde Word o elegí un PDF.`,
  pdfActivo:
    'El PDF contiene código, acciones automáticas o archivos adjuntos, que no aceptamos. ' +
    'Imprimilo con la opción "Guardar como PDF" y adjuntá ese archivo.',
  pdfIlegible:
    'No pudimos revisar el PDF: tiene partes comprimidas o cifradas que no se pueden leer. ' +
    'Si tiene contraseña, quitásela; luego imprimilo con la opción "Guardar como PDF" y adjuntá ese archivo.',
} as const;

/** JSON schema of the error body, declared on every route's 4xx/5xx answers. */
export const esquemaError = {
  $id: 'ErrorApi',
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

export const respuestasDeError = {
  '4xx': { $ref: 'ErrorApi#' },
  '5xx': { $ref: 'ErrorApi#' },
} as const;
