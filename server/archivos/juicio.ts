// Judging one staged upload by its bytes: emptiness, real type, the name's extension
// against it, then what each type may not carry: too many pixels, a zip bomb, active content
// (decision 076).
import type { ExtensionAceptada } from '../../domain/index.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP } from '../errores.js';
import type { DocumentoPreparado } from '../storage/almacen.js';
import { dimensiones, dimensionesAceptables, esImagen } from './dimensiones.js';
import { docxAcotado, LIMITES_DOCX } from './docx.js';
import { revisarPdf } from './pdf.js';
import { detectarTipo, EXTENSIONES_ADMITIDAS, extensionCoincide, extensionDelNombre } from './tipo.js';

const invalido = (mensaje: string) => new ErrorHttp(400, CODIGOS.ARCHIVO_INVALIDO, mensaje);
const noAceptado = (mensaje: string) => new ErrorHttp(415, CODIGOS.TIPO_NO_ACEPTADO, mensaje);

/** What the content of an accepted type may not be; null when it is fine. */
async function revisarContenido(
  nombre: string,
  extension: ExtensionAceptada,
  preparado: DocumentoPreparado,
): Promise<ErrorHttp | null> {
  const ruta = preparado.rutaTemporal;
  if (esImagen(extension)) {
    return dimensionesAceptables(await dimensiones(ruta, extension))
      ? null
      : noAceptado(MENSAJES_HTTP.imagenEnorme(nombre));
  }
  if (extension === 'docx') {
    return (await docxAcotado(ruta, preparado.bytes))
      ? null
      : noAceptado(MENSAJES_HTTP.documentoEnorme(nombre, LIMITES_DOCX.bytesDescomprimidos / (1024 * 1024)));
  }
  if (extension === 'pdf') {
    const veredicto = await revisarPdf(ruta);
    if (veredicto === 'activo') return noAceptado(MENSAJES_HTTP.pdfActivo(nombre));
    if (veredicto === 'ilegible') return noAceptado(MENSAJES_HTTP.pdfIlegible(nombre));
  }
  return null;
}

/**
 * The detected extension of a staged part, or why it is refused. `nombre` is the part's name as
 * the client sent it (`<key>` or `<key>.<ext>`): an extension, when there is one, must be one we
 * accept and agree with the content; a part without one (the SPA sends a file called `.pdf` so)
 * is judged by its content alone.
 */
export async function juzgar(
  nombre: string,
  preparado: DocumentoPreparado,
): Promise<ExtensionAceptada | ErrorHttp> {
  // The size was counted while reading (routes/archivos/recepcion.ts): a part over 10 MiB never gets here.
  if (preparado.bytes === 0) return invalido(MENSAJES_HTTP.archivoVacio(nombre));
  const nombrada = extensionDelNombre(nombre);
  if (nombrada && !EXTENSIONES_ADMITIDAS.includes(nombrada)) {
    return noAceptado(MENSAJES_HTTP.extensionNoAceptada(nombre, EXTENSIONES_ADMITIDAS));
  }
  const extension = await detectarTipo(preparado.rutaTemporal);
  if (!extension) return noAceptado(MENSAJES_HTTP.tipoNoAceptado(nombre));
  if (nombrada && !extensionCoincide(nombrada, extension)) {
    return noAceptado(MENSAJES_HTTP.extensionNoCoincide(nombre, extension));
  }
  return (await revisarContenido(nombre, extension, preparado)) ?? extension;
}
