// The nine documents of producto §4, in display order. `imagen` marks the ones a phone may take
// with the camera.

export const DOCUMENTOS = [
  { key: 'DniAnverso', label: 'Foto DNI (frente)', requerido: true, imagen: true },
  { key: 'DniReverso', label: 'Foto DNI (dorso)', requerido: true, imagen: true },
  {
    key: 'HabilitacionConsultorioExtension',
    label: 'Habilitación del consultorio o extensión',
    requerido: true,
    imagen: false,
  },
  { key: 'ResolucionEspecialidad', label: 'Resolución de especialidad', requerido: true, imagen: false },
  { key: 'PolizaMalaPraxis', label: 'Póliza de mala praxis', requerido: true, imagen: false },
  { key: 'TituloMedico', label: 'Título de médico', requerido: true, imagen: false },
  {
    key: 'ReciboOCarnetArteDeCurar',
    label: 'Recibo o carnet de Arte de Curar',
    requerido: true,
    imagen: false,
  },
  {
    key: 'ConstanciaInscripcionAFIP',
    label: 'Constancia de inscripción en AFIP',
    requerido: true,
    imagen: false,
  },
  {
    key: 'RegistroNacionalPrestadores',
    label: 'Registro Nacional de Prestadores',
    requerido: false,
    imagen: false,
  },
] as const;

export type DocumentoKey = (typeof DOCUMENTOS)[number]['key'];
export const DOCUMENTO_KEYS: readonly DocumentoKey[] = DOCUMENTOS.map((d) => d.key);
export const DOCUMENTOS_REQUERIDOS: readonly DocumentoKey[] = DOCUMENTOS.filter((d) => d.requerido).map(
  (d) => d.key,
);

export const esDocumentoKey = (valor: string): valor is DocumentoKey =>
  (DOCUMENTO_KEYS as readonly string[]).includes(valor);

/** Decided in producto §4: 10 MiB per file. */
export const TAMANIO_MAXIMO_ARCHIVO = 10 * 1024 * 1024;

/** What the server accepts, judged by content: extension → MIME type. */
export const TIPOS_ACEPTADOS = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type ExtensionAceptada = keyof typeof TIPOS_ACEPTADOS;

/** The picker's `accept` attribute: images, pdf, doc and docx. */
export const ACCEPT_DOCUMENTOS =
  'image/*,.heic,.pdf,.doc,.docx,application/pdf,application/msword,' +
  TIPOS_ACEPTADOS.docx;

/** The part name producto §4 asks for: `<key>.<original extension>`. */
export function nombreDeParte(key: DocumentoKey, nombreOriginal: string): string {
  const punto = nombreOriginal.lastIndexOf('.');
  const extension = punto > 0 ? nombreOriginal.slice(punto + 1).toLowerCase() : '';
  return extension ? `${key}.${extension}` : key;
}

/** `DniAnverso.jpg` → `DniAnverso`; null when the name does not start with a known key. */
export function keyDeNombre(nombre: string): DocumentoKey | null {
  const base = nombre.split('.')[0] ?? '';
  return esDocumentoKey(base) ? base : null;
}

const EXTENSIONES_PERMITIDAS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'pdf', 'doc', 'docx'];

/** Checked before upload (producto §4): a clear Spanish reason, or null when the file may be sent. */
export function motivoRechazoArchivo(nombre: string, tamanio: number): string | null {
  const extension = nombre.includes('.') ? nombre.slice(nombre.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!EXTENSIONES_PERMITIDAS.includes(extension))
    return 'Tipo de archivo no permitido. Adjuntá una imagen, un PDF o un documento de Word.';
  if (tamanio === 0) return 'El archivo está vacío.';
  if (tamanio > TAMANIO_MAXIMO_ARCHIVO) return 'El archivo supera el máximo de 10 MB.';
  return null;
}
