// Reading an upload: each `file` part is streamed to a staged temp file (counted and hashed),
// then judged. Nothing is committed here; on the first bad part the remaining parts are drained
// (so the client reads the answer instead of a reset connection), every staged file is
// discarded and the whole request is refused.
import { finished } from 'node:stream/promises';
import type { MultipartFile, Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { esDocumentoKey, type ExtensionAceptada } from '../../../domain/index.js';
import { juzgar } from '../../archivos/juicio.js';
import { comoErrorHttp } from '../../plugins/errores.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP } from '../../errores.js';
import type { Recibido } from '../../servicios/documentos.js';
import type { DocumentStore, DocumentoPreparado } from '../../storage/almacen.js';

/** `<key>.<ext>`, letters and digits only: no paths, no traversal, no hidden names. */
const NOMBRE_DE_PARTE = /^([A-Za-z]{1,60})(?:\.[A-Za-z0-9]{1,10})?$/;

const invalido = (mensaje: string) => new ErrorHttp(400, CODIGOS.ARCHIVO_INVALIDO, mensaje);

async function vaciar(parte: MultipartFile): Promise<void> {
  parte.file.resume();
  await finished(parte.file).catch(() => {});
}

async function recibirParte(
  parte: MultipartFile,
  almacen: DocumentStore,
  vistas: Set<string>,
  recibidos: Recibido[],
) {
  if (parte.fieldname !== 'file') {
    await vaciar(parte);
    return invalido(MENSAJES_HTTP.campoInesperado);
  }
  const coincidencia = NOMBRE_DE_PARTE.exec(parte.filename ?? '');
  if (!coincidencia) {
    await vaciar(parte);
    return invalido(MENSAJES_HTTP.nombreInvalido);
  }
  const clave = coincidencia[1]!;
  if (!esDocumentoKey(clave)) {
    await vaciar(parte);
    return invalido(MENSAJES_HTTP.documentoDesconocido(clave));
  }
  if (vistas.has(clave)) {
    await vaciar(parte);
    return invalido(MENSAJES_HTTP.documentoRepetido(clave));
  }
  vistas.add(clave);

  const preparado = await almacen.preparar(parte.file);
  const juicio = await juzgar(parte.filename, parte.file.truncated, preparado);
  if (juicio instanceof ErrorHttp) {
    await almacen.descartar(preparado);
    return juicio;
  }
  recibidos.push({ clave, extension: juicio, preparado });
  return null;
}

/**
 * A failure while reading the parts. busboy's parse errors ("Unexpected end of form", "Malformed
 * part header", …) carry no status: the body is malformed, a 400. A system error (the disk, a
 * cut connection) keeps its meaning (500, or 503 when the disk is full).
 */
function errorDeLectura(error: Error): ErrorHttp {
  const http = comoErrorHttp(error);
  const delSistema = typeof (error as { syscall?: unknown }).syscall === 'string';
  return http.statusCode >= 500 && !delSistema ? invalido(MENSAJES_HTTP.multipartInvalido) : http;
}

export async function recibirArchivos(request: FastifyRequest, almacen: DocumentStore): Promise<Recibido[]> {
  if (!request.isMultipart()) throw new ErrorHttp(415, CODIGOS.ARCHIVO_INVALIDO, MENSAJES_HTTP.noMultipart);
  const recibidos: Recibido[] = [];
  const vistas = new Set<string>();
  let fallo: ErrorHttp | null = null;
  try {
    for await (const parte of request.parts() as AsyncIterableIterator<Multipart>) {
      if (parte.type !== 'file') {
        // A part without a file name arrives as a plain field.
        fallo ??= invalido(
          parte.fieldname === 'file' ? MENSAJES_HTTP.nombreInvalido : MENSAJES_HTTP.campoInesperado,
        );
        continue;
      }
      if (fallo) {
        await vaciar(parte);
        continue;
      }
      fallo = await recibirParte(parte, almacen, vistas, recibidos);
    }
  } catch (error) {
    fallo ??= errorDeLectura(error as Error);
  }
  if (!fallo && recibidos.length === 0) fallo = invalido(MENSAJES_HTTP.sinArchivos);
  if (fallo) {
    await Promise.all(recibidos.map((r) => almacen.descartar(r.preparado).catch(() => {})));
    throw fallo;
  }
  return recibidos;
}
