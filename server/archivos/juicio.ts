// Judging one staged upload by its bytes: size, emptiness, real type, image dimensions.
import type { ExtensionAceptada } from '../../domain/index.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP } from '../errores.js';
import type { DocumentoPreparado } from '../storage/almacen.js';
import { dimensiones, dimensionesAceptables, esImagen } from './dimensiones.js';
import { detectarTipo } from './tipo.js';

const invalido = (mensaje: string) => new ErrorHttp(400, CODIGOS.ARCHIVO_INVALIDO, mensaje);

/** The detected extension of a staged part, or why it is refused. */
export async function juzgar(
  nombre: string,
  truncado: boolean,
  preparado: DocumentoPreparado,
): Promise<ExtensionAceptada | ErrorHttp> {
  // The plugin stops at the size limit without failing the stream: check, or keep a cut file.
  if (truncado) {
    return new ErrorHttp(413, CODIGOS.ARCHIVO_DEMASIADO_GRANDE, MENSAJES_HTTP.archivoGrande(nombre));
  }
  if (preparado.bytes === 0) return invalido(MENSAJES_HTTP.archivoVacio(nombre));
  const extension = await detectarTipo(preparado.rutaTemporal);
  if (!extension)
    return new ErrorHttp(415, CODIGOS.TIPO_NO_ACEPTADO, MENSAJES_HTTP.tipoNoAceptado(nombre));
  if (esImagen(extension) && !dimensionesAceptables(await dimensiones(preparado.rutaTemporal, extension))) {
    return new ErrorHttp(415, CODIGOS.TIPO_NO_ACEPTADO, MENSAJES_HTTP.imagenEnorme(nombre));
  }
  return extension;
}

