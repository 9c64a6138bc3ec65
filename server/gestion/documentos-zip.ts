// "Descargar todo (ZIP)" (producto §15): the documents an application links now as one ZIP,
// each entry named `<numero>-<clave>.<ext>`, written with yazl straight from the document store
// (decision 117). Every file is opened first — a missing one fails the request before the audit
// row and before any byte — and then waits, paused, until yazl reaches its entry and pipes it with
// backpressure: what is held is each store stream's first buffer, never a document. The entries
// are stored, not deflated (PDF, images and .docx are compressed already), so the ZIP's size is
// known before its first byte and goes out as Content-Length: a cut download is seen as one.
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { abierto } from '../storage/abierto.js';
import type { DocumentStore } from '../storage/almacen.js';
import type { DocumentoAlmacenado } from './expediente.js';

/** The download's name. */
export const nombreDelZip = (numero: string) => `${numero}-documentos.zip`;

/**
 * Opens every document and waits until each has its first bytes. When one fails (a file the
 * store lost), the others are closed and its error is thrown.
 */
export async function abrirDocumentos(
  almacen: DocumentStore,
  documentos: readonly DocumentoAlmacenado[],
): Promise<Readable[]> {
  // async: a name the store refuses at once becomes a rejection like a missing file.
  const intentos = await Promise.allSettled(documentos.map(async (d) => abierto(almacen.abrir(d.archivo))));
  const fallido = intentos.find((i) => i.status === 'rejected');
  if (fallido) {
    for (const i of intentos) if (i.status === 'fulfilled') i.value.destroy();
    throw fallido.reason;
  }
  return intentos.map((i) => (i as PromiseFulfilledResult<Readable>).value);
}

export interface ZipDeDocumentos {
  flujo: Readable;
  /** The ZIP's exact size. */
  bytes: number;
}

/**
 * The ZIP of `documentos`, whose opened streams are `contenidos` (same order). A store stream that
 * fails, or yields other than its recorded size, destroys the ZIP's stream with the error (the
 * answer is aborted, never a shorter ZIP); destroying it (the reader went away) closes them all.
 */
export function zipDeDocumentos(
  documentos: readonly DocumentoAlmacenado[],
  contenidos: readonly Readable[],
): ZipDeDocumentos {
  const zip = new ZipFile();
  const flujo = zip.outputStream as Readable;
  let terminado = false;
  const cerrarTodos = () => {
    for (const c of contenidos) c.destroy();
  };
  const fallar = (error: Error) => {
    if (terminado) return;
    terminado = true;
    cerrarTodos();
    flujo.destroy(error);
  };
  zip.on('error', fallar);
  flujo.on('end', () => {
    terminado = true;
  });
  flujo.on('close', () => {
    if (terminado) return;
    terminado = true;
    cerrarTodos();
  });

  const mtime = new Date();
  documentos.forEach((d, i) => {
    const contenido = contenidos[i]!;
    // yazl's own pipes do not pass a source's error on: without this the ZIP would wait forever.
    contenido.on('error', fallar);
    zip.addReadStream(contenido, d.nombre, { size: d.bytes, mtime, compress: false });
  });
  let bytes = -1;
  const alCalcular = (total: number) => {
    bytes = total;
  };
  // With every entry stored and its size given, yazl answers the total at once (within end()).
  // @types/yazl leaves out the callback's argument.
  zip.end(undefined, alCalcular as unknown as () => void);
  if (bytes < 0) {
    fallar(new Error('No se pudo calcular el tamaño del ZIP'));
  }
  return { flujo, bytes };
}
