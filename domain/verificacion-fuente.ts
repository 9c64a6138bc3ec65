// "Verificado en la fuente" (producto §17): staff record, for a document of an application, that
// they checked it where it was issued — the source from a fixed catalogue, the day, who (the
// signed-in account), an optional note and an optional evidence file (uploaded like a document,
// producto §4). Here: the catalogue, the words of the page and of the server, and the one rule the
// dialog (Formik) and the server check the fields with. VERIFICACION_REQUERIDA
// (server/config/esquema.ts) names the documents that must be verified before "Aprobar" is offered:
// the lifecycle chart's `sinVerificar` (domain/ciclo-de-vida.ts) holds those still missing.
// Not re-exported by domain/index.ts: the wizard never loads it.
import { object, string } from 'yup';
import { DOCUMENTOS, motivoRechazoArchivo, type DocumentoKey } from './documentos.js';
import { esIsoValido, formatearFecha } from './fecha.js';
import { partesArgentinas } from './fecha-hora.js';
import { MENSAJES_VIGENCIA } from './formularios.js';
import { MENSAJES } from './mensajes.js';
import { tieneCaracteresNoPermitidos } from './reglas.js';

/** Where a document can be checked, in the order the dialog offers them. */
export const FUENTES_VERIFICACION = [
  { clave: 'sisa', label: 'SISA/REFEPS' },
  { clave: 'colegio', label: 'Colegio de Médicos' },
  { clave: 'aseguradora', label: 'Aseguradora' },
  { clave: 'afip', label: 'AFIP/ARCA' },
  { clave: 'otra', label: 'Otra' },
] as const;
export type FuenteVerificacion = (typeof FUENTES_VERIFICACION)[number]['clave'];
export const CLAVES_FUENTE: readonly FuenteVerificacion[] = FUENTES_VERIFICACION.map((f) => f.clave);
export const esFuente = (valor: unknown): valor is FuenteVerificacion =>
  (CLAVES_FUENTE as readonly unknown[]).includes(valor);
export const rotuloDeFuente = (clave: string): string =>
  FUENTES_VERIFICACION.find((f) => f.clave === clave)?.label ?? clave;

/** VERIFICACION_REQUERIDA's default: the medical degree and the specialty's resolution. */
export const VERIFICACION_REQUERIDA_PREDETERMINADA: readonly DocumentoKey[] = [
  'TituloMedico',
  'ResolucionEspecialidad',
];
/** VERIFICACION_REQUERIDA's word for "no document" (as DOBLE_CONTROL=no). */
export const NINGUNA_REQUERIDA = 'no';

export const LARGO_MAXIMO_NOTA_VERIFICACION = 500;

const rotuloDeDocumento = (clave: string): string => DOCUMENTOS.find((d) => d.key === clave)?.label ?? clave;

export const TEXTOS_VERIFICACION = {
  boton: 'Verificar en la fuente',
  /** A new verification supersedes the one shown (a mistake is corrected so; history stays). */
  otraVez: 'Verificar de nuevo',
  titulo: (documento: string) => `Verificar en la fuente: ${documento}`,
  descripcion:
    'Registrá dónde y cuándo comprobaste este documento. Quedás registrado como quien lo verificó.',
  fuente: 'Fuente',
  elegirFuente: 'Elegí la fuente',
  fecha: 'Fecha de la verificación',
  nota: 'Nota',
  evidencia: 'Evidencia (opcional)',
  ayudaEvidencia:
    'Una imagen, un PDF o un documento de Word de hasta 10 MB, como los documentos de la solicitud.',
  guardar: 'Registrar verificación',
  /** "Verificado en la fuente: SISA/REFEPS, 12/03/2026, por Ana Pérez". */
  estado: (fuente: string, fecha: string, nombre: string) =>
    `Verificado en la fuente: ${rotuloDeFuente(fuente)}, ${formatearFecha(fecha)}, por ${nombre}`,
  verEvidencia: 'Descargar evidencia',
  registrada: (documento: string) => `Se registró la verificación en la fuente de ${documento}.`,
  /** Near the status buttons, and the server's 409 when approval is asked for anyway. */
  faltaVerificar: (claves: readonly string[]) =>
    `Falta verificar en la fuente: ${claves.map(rotuloDeDocumento).join(', ')}.`,
  /** The evidence file must be sent as the verified document's part (`<clave>.<ext>`). */
  evidenciaDeOtroDocumento: 'La evidencia se envía con el nombre del documento que se verifica.',
  evidenciaInexistente: 'Esa evidencia no existe.',
} as const;

/** The date's messages are those of every date staff type ("Vigencia hasta", a birth date). */
export const MENSAJES_VERIFICACION = {
  fuente: 'Elegí la fuente donde verificaste el documento.',
  fecha: MENSAJES_VIGENCIA.fechaInvalida,
  futura: MENSAJES.fechaFutura,
  anteriorAlEnvio: MENSAJES_VIGENCIA.anteriorAlEnvio,
} as const;

/** Today in Argentina as YYYY-MM-DD (the day a verification may be at most). */
export function hoyArgentino(ahora: Date = new Date()): string {
  const p = partesArgentinas(ahora);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * The dialog's fields as the form sends them and the server checks them. Context: `hoy` — today in
 * Argentina (hoyArgentino), the latest day accepted; `enviada` — the day the application was sent,
 * the earliest (only the server knows it for sure); `ilegible` — the date field holds something
 * the browser could not read as a date; `archivo` — the evidence file chosen (name and size), which
 * the dialog checks as step 2 checks a document before sending it (the server judges its bytes).
 */
export const esquemaVerificacion = object({
  fuente: string()
    .required(MENSAJES_VERIFICACION.fuente)
    .test('fuente', MENSAJES_VERIFICACION.fuente, (v) => v == null || esFuente(v)),
  fecha: string()
    .defined()
    .test('fecha', function (valor) {
      const contexto = this.options.context ?? {};
      if (contexto.ilegible === true || !valor || !esIsoValido(valor))
        return this.createError({ message: MENSAJES_VERIFICACION.fecha });
      if (typeof contexto.hoy === 'string' && valor > contexto.hoy)
        return this.createError({ message: MENSAJES_VERIFICACION.futura });
      if (typeof contexto.enviada === 'string' && valor < contexto.enviada)
        return this.createError({ message: MENSAJES_VERIFICACION.anteriorAlEnvio(contexto.enviada) });
      return true;
    }),
  nota: string()
    .trim()
    .max(LARGO_MAXIMO_NOTA_VERIFICACION, MENSAJES.demasiadoLargo(LARGO_MAXIMO_NOTA_VERIFICACION))
    .test('caracteresPermitidos', MENSAJES.caracteresInvalidos, (v) =>
      !v ? true : !tieneCaracteresNoPermitidos(v, { multilinea: true }),
    ),
  evidencia: string().test('evidencia', function () {
    const archivo: unknown = this.options.context?.archivo;
    if (!archivo || typeof archivo !== 'object') return true;
    const { nombre, bytes } = archivo as { nombre: string; bytes: number };
    const motivo = motivoRechazoArchivo(nombre, bytes);
    return motivo === null || this.createError({ message: motivo });
  }),
});

/** The evidence file kept with a verification (its bytes are in the document store). */
export interface EvidenciaDetalle {
  /** Its name as a download: `<numero>-<clave>-verificacion.<ext>`. */
  nombre: string;
  mime: string;
  bytes: number;
  sha256: string;
}

/** The verification a document's detail shows: the newest one of the file it has now. */
export interface VerificacionDetalle {
  id: string;
  fuente: FuenteVerificacion;
  /** YYYY-MM-DD. */
  fecha: string;
  /** Who recorded it (the signed-in account). */
  usuario: string;
  nombre: string;
  nota: string | null;
  /** When it was recorded (ISO). */
  en: string;
  evidencia: EvidenciaDetalle | null;
}
