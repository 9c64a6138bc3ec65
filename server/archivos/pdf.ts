// Active content in an uploaded PDF (decisions 076, 092 and 099): staff open every document, so
// a PDF that runs script, launches or submits something, carries files or media, or does
// anything on opening but show a page is refused. The file is read once, in chunks (nothing is
// held but a chunk and bounded state); the parts are in ./pdf/:
//
// - sintaxis.ts: the classes of bytes, and the names the scan knows;
// - lexico.ts: the tokenizer, and the reading of a file's syntax chunk by chunk;
// - reinicios.ts: where a reader may start parsing (object headers, `trailer`), found natively;
// - escaner.ts: what the file's own syntax may not hold; object streams inflated;
// - flujo-de-objetos.ts: the inflated data of object streams;
// - acciones.ts: the names refused and the /OpenAction rule.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ArchivoPreparado } from '../storage/almacen.js';
import { EscanerPdf, LIMITES_PDF, type VeredictoPdf } from './pdf/escaner.js';

export { EscanerPdf, LIMITES_PDF, type VeredictoPdf };

/**
 * Reads a staged PDF once, in chunks, and says whether it carries active content. Bytes kept in
 * memory (at most one chunk of the file's stream) are the one chunk the file would have given.
 */
export async function revisarPdf(archivo: ArchivoPreparado, limites = LIMITES_PDF): Promise<VeredictoPdf> {
  const escaner = new EscanerPdf(limites);
  const lectura = archivo.contenido
    ? Readable.from([archivo.contenido])
    : createReadStream(archivo.rutaTemporal);
  try {
    for await (const trozo of lectura as AsyncIterable<Buffer>) {
      escaner.escribir(trozo);
      await escaner.asentar();
      if (escaner.veredicto !== 'limpio') return escaner.veredicto;
    }
    return await escaner.terminar();
  } finally {
    escaner.soltar();
    lectura.destroy();
  }
}
