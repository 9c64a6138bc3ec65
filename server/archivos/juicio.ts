// Judging one staged upload by its bytes: emptiness, real type, the name's extension
// against it, then what each type may not carry: too many pixels, a zip bomb, active content
// (decision 076). Every refusal names the part in `message` and carries, in `fields`, the reason
// without the name under the document's key (producto §12; docs/decisions/088).
import type { ExtensionAceptada } from '../../domain/index.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP, MOTIVOS_ARCHIVO } from '../errores.js';
import type { DocumentoPreparado } from '../storage/almacen.js';
import { dimensiones, dimensionesAceptables, esImagen } from './dimensiones.js';
import { docxAcotado, LIMITES_DOCX } from './docx.js';
import { revisarPdf, type VeredictoPdf } from './pdf.js';
import { detectarTipo, EXTENSIONES_ADMITIDAS, extensionCoincide, extensionDelNombre } from './tipo.js';

/** The document a part's name stands for: `TituloMedico.pdf` → `TituloMedico`. */
export const claveDeParte = (nombre: string): string => nombre.split('.')[0] ?? nombre;

const invalido = (nombre: string, mensaje: string, motivo: string) =>
  new ErrorDeDominio('invalido', CODIGOS.ARCHIVO_INVALIDO, mensaje, { [claveDeParte(nombre)]: motivo });
const noAceptado = (nombre: string, mensaje: string, motivo: string) =>
  new ErrorDeDominio('no_aceptado', CODIGOS.TIPO_NO_ACEPTADO, mensaje, { [claveDeParte(nombre)]: motivo });

/** What the content of an accepted type may not be; null when it is fine. */
async function revisarContenido(
  nombre: string,
  extension: ExtensionAceptada,
  preparado: DocumentoPreparado,
  pdfRevisado: VeredictoPdf | undefined,
): Promise<ErrorDeDominio | null> {
  if (esImagen(extension)) {
    return dimensionesAceptables(await dimensiones(preparado, extension))
      ? null
      : noAceptado(nombre, MENSAJES_HTTP.imagenEnorme(nombre), MOTIVOS_ARCHIVO.imagenEnorme);
  }
  if (extension === 'docx') {
    const mib = LIMITES_DOCX.bytesDescomprimidos / (1024 * 1024);
    return (await docxAcotado(preparado.rutaTemporal, preparado.bytes))
      ? null
      : noAceptado(nombre, MENSAJES_HTTP.documentoEnorme(nombre, mib), MOTIVOS_ARCHIVO.documentoEnorme(mib));
  }
  if (extension === 'pdf') {
    const veredicto = pdfRevisado ?? (await revisarPdf(preparado));
    if (veredicto === 'activo')
      return noAceptado(nombre, MENSAJES_HTTP.pdfActivo(nombre), MOTIVOS_ARCHIVO.pdfActivo);
    if (veredicto === 'ilegible')
      return noAceptado(nombre, MENSAJES_HTTP.pdfIlegible(nombre), MOTIVOS_ARCHIVO.pdfIlegible);
  }
  return null;
}

/**
 * The detected extension of a staged part, or why it is refused. `nombre` is the part's name as
 * the client sent it (`<key>` or `<key>.<ext>`): an extension, when there is one, must be one we
 * accept and agree with the content; a part without one (the SPA sends a file called `.pdf` so)
 * is judged by its content alone. `pdfRevisado` is the PDF scan's verdict when the bytes were
 * scanned as they arrived (revisionPdfAlPasar); without it a PDF's staged file is scanned here.
 */
export async function juzgar(
  nombre: string,
  preparado: DocumentoPreparado,
  pdfRevisado?: VeredictoPdf,
): Promise<ExtensionAceptada | ErrorDeDominio> {
  // The size was counted while reading (archivos/rutas/recepcion.ts): a part over 10 MiB never gets here.
  if (preparado.bytes === 0)
    return invalido(nombre, MENSAJES_HTTP.archivoVacio(nombre), MOTIVOS_ARCHIVO.archivoVacio);
  const nombrada = extensionDelNombre(nombre);
  if (nombrada && !EXTENSIONES_ADMITIDAS.includes(nombrada)) {
    return noAceptado(
      nombre,
      MENSAJES_HTTP.extensionNoAceptada(nombre, EXTENSIONES_ADMITIDAS),
      MOTIVOS_ARCHIVO.extensionNoAceptada(EXTENSIONES_ADMITIDAS),
    );
  }
  const extension = await detectarTipo(preparado);
  if (!extension)
    return noAceptado(nombre, MENSAJES_HTTP.tipoNoAceptado(nombre), MOTIVOS_ARCHIVO.tipoNoAceptado);
  if (nombrada && !extensionCoincide(nombrada, extension)) {
    return noAceptado(
      nombre,
      MENSAJES_HTTP.extensionNoCoincide(nombre, extension),
      MOTIVOS_ARCHIVO.extensionNoCoincide(extension),
    );
  }
  return (await revisarContenido(nombre, extension, preparado, pdfRevisado)) ?? extension;
}
