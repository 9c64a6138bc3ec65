// Reading an upload: each `file` part is streamed to a staged temp file (counted, hashed, and a
// PDF scanned on the way), then judged. Nothing is committed here; on the first bad part every
// staged file is discarded and the whole request is refused. A part whose content is refused is
// drained, so the client reads the answer instead of a reset connection; but bytes beyond a limit
// (10 MiB per part, the request's byte budget) are never read: the answer goes at once and the
// connection is closed.
// A refusal of one part's content says which document in `fields` (server/archivos/juicio.ts).
// A form (recibirFormulario) may also bring the plain fields its route names, and no file at all.
import { Transform, finished } from 'node:stream';
import { finished as terminado } from 'node:stream/promises';
import type { MultipartFile, Multipart } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cortarLectura } from './cortar.js';
import { TAMANIO_MAXIMO_ARCHIVO, esDocumentoKey } from '../../../domain/index.js';
import { claveDeParte, juzgar } from '../juicio.js';
import { revisionPdfAlPasar } from '../pdf.js';
import { comoErrorHttp } from '../../plugins/errores.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP, MOTIVOS_ARCHIVO, ErrorDeDominio } from '../../errores.js';
import type { Recibido } from '../documentos.js';
import type { DocumentStore } from '../../storage/almacen.js';

/** What one request may bring in all, across its parts, and the refusal when it brings more. */
export interface Presupuesto {
  bytes: number;
  excedido: () => ErrorHttp | ErrorDeDominio;
}

/** A limit passed while a part was arriving: answer now and read no further. */
class LimitePasado extends Error {
  constructor(readonly respuesta: ErrorHttp) {
    super(respuesta.message);
  }
}

/** Counts a part's bytes as they arrive and fails at the first byte over a limit. */
function medidor(nombre: string, restante: { bytes: number }, presupuesto: Presupuesto): Transform {
  let bytes = 0;
  return new Transform({
    transform(trozo: Buffer, _codificacion, listo) {
      bytes += trozo.length;
      restante.bytes -= trozo.length;
      if (bytes > TAMANIO_MAXIMO_ARCHIVO) {
        return listo(
          new LimitePasado(
            new ErrorHttp(413, CODIGOS.ARCHIVO_DEMASIADO_GRANDE, MENSAJES_HTTP.archivoGrande(nombre), {
              [claveDeParte(nombre)]: MOTIVOS_ARCHIVO.archivoGrande,
            }),
          ),
        );
      }
      if (restante.bytes < 0) return listo(new LimitePasado(comoErrorHttp(presupuesto.excedido())));
      listo(null, trozo);
    },
  });
}

/** `<key>.<ext>`, letters and digits only: no paths, no traversal, no hidden names. */
const NOMBRE_DE_PARTE = /^([A-Za-z]{1,60})(?:\.[A-Za-z0-9]{1,10})?$/;

const invalido = (mensaje: string) => new ErrorHttp(400, CODIGOS.ARCHIVO_INVALIDO, mensaje);

async function vaciar(parte: MultipartFile): Promise<void> {
  parte.file.resume();
  await terminado(parte.file).catch(() => {});
}

interface Lectura {
  almacen: DocumentStore;
  presupuesto: Presupuesto;
  restante: { bytes: number };
  vistas: Set<string>;
  recibidos: Recibido[];
}

async function recibirParte(
  parte: MultipartFile,
  lectura: Lectura,
): Promise<ErrorHttp | LimitePasado | null> {
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
  if (lectura.vistas.has(clave)) {
    await vaciar(parte);
    return invalido(MENSAJES_HTTP.documentoRepetido(clave));
  }
  lectura.vistas.add(clave);

  const contado = medidor(parte.filename, lectura.restante, lectura.presupuesto);
  // Not pipeline(): on a limit the part must stay undestroyed (a destroyed part is skipped by the
  // parser, which then reads the rest of it). But a part that fails or stops early still fails
  // the count, or the staging would wait for ever.
  finished(parte.file, (error) => {
    if (error && !contado.destroyed) contado.destroy(error);
  });
  parte.file.pipe(contado);
  // A PDF is scanned as it arrives, not read again once staged; a limit passed in `contado` still
  // fails the staging with its own error (the staging's pipeline hands it down the chain).
  const revision = revisionPdfAlPasar();
  let preparado;
  try {
    preparado = await lectura.almacen.preparar(contado, [revision.paso]);
  } catch (error) {
    if (!(error instanceof LimitePasado)) throw error;
    // Leave the part unread: the parser stops, and so does the reading of the request.
    parte.file.unpipe(contado);
    return error;
  }
  const juicio = await juzgar(parte.filename, preparado, revision.veredicto());
  if (juicio instanceof ErrorDeDominio) {
    await lectura.almacen.descartar(preparado);
    return comoErrorHttp(juicio);
  }
  lectura.recibidos.push({ clave, extension: juicio, preparado });
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

/** A refusal after which the rest of the request is not read (the route closes the connection). */
export class EnvioCortado extends Error {
  constructor(readonly respuesta: ErrorHttp) {
    super(respuesta.message);
    this.name = 'EnvioCortado';
  }
}

export async function recibirArchivos(
  request: FastifyRequest,
  almacen: DocumentStore,
  presupuesto: Presupuesto,
): Promise<Recibido[]> {
  return (await recibir(request, almacen, presupuesto, null)).recibidos;
}

/**
 * recibirArchivos for a route: a limit passed mid-way stops reading the request (cortarLectura)
 * and answers the limit's error.
 */
export async function recibirOCortar(
  request: FastifyRequest,
  reply: FastifyReply,
  almacen: DocumentStore,
  presupuesto: Presupuesto,
): Promise<Recibido[]> {
  try {
    return await recibirArchivos(request, almacen, presupuesto);
  } catch (error) {
    if (!(error instanceof EnvioCortado)) throw error;
    cortarLectura(request, reply);
    throw error.respuesta;
  }
}

/** A form read by recibirFormulario: its files (none or more) and the text of its fields. */
export interface FormularioRecibido {
  recibidos: Recibido[];
  campos: Partial<Record<string, string>>;
}

/**
 * The same reading, for a form whose files are optional and which also brings plain fields
 * (a verification's evidence, producto §17): the fields named in `campos` are kept, the first of
 * each name; any other plain part is refused as in recibirArchivos.
 */
export async function recibirFormulario(
  request: FastifyRequest,
  almacen: DocumentStore,
  presupuesto: Presupuesto,
  campos: readonly string[],
): Promise<FormularioRecibido> {
  return recibir(request, almacen, presupuesto, campos);
}

async function recibir(
  request: FastifyRequest,
  almacen: DocumentStore,
  presupuesto: Presupuesto,
  campos: readonly string[] | null,
): Promise<FormularioRecibido> {
  if (!request.isMultipart()) throw new ErrorHttp(415, CODIGOS.ARCHIVO_INVALIDO, MENSAJES_HTTP.noMultipart);
  const valores: Partial<Record<string, string>> = {};
  const lectura: Lectura = {
    almacen,
    presupuesto,
    restante: { bytes: presupuesto.bytes },
    vistas: new Set<string>(),
    recibidos: [],
  };
  let fallo: ErrorHttp | LimitePasado | null = null;
  try {
    for await (const parte of request.parts() as AsyncIterableIterator<Multipart>) {
      if (parte.type !== 'file') {
        if (campos?.includes(parte.fieldname)) {
          valores[parte.fieldname] ??= String(parte.value);
          continue;
        }
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
      fallo = await recibirParte(parte, lectura);
      if (fallo instanceof LimitePasado) break;
    }
  } catch (error) {
    fallo ??= errorDeLectura(error as Error);
  }
  if (!fallo && !campos && lectura.recibidos.length === 0) fallo = invalido(MENSAJES_HTTP.sinArchivos);
  if (fallo) {
    await Promise.all(lectura.recibidos.map((r) => almacen.descartar(r.preparado).catch(() => {})));
    throw fallo instanceof LimitePasado ? new EnvioCortado(fallo.respuesta) : fallo;
  }
  return { recibidos: lectura.recibidos, campos: valores };
}
