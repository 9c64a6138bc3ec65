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
import { Readable, Transform } from 'node:stream';
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

/** The bytes every PDF starts with, as the type detection (tipo.ts, by file-type) reads them. */
const CABECERA_PDF = Buffer.from('%PDF');

/** A scan of an upload's bytes on their way to the staging (revisionPdfAlPasar). */
export interface RevisionAlPasar {
  /** A pass-through for the upload's stream; it never changes nor fails the bytes. */
  readonly paso: Transform;
  /**
   * The verdict once the stream has ended, when the bytes began as a PDF does and the scan ran
   * to its end; otherwise undefined, and revisarPdf reads the staged file as before.
   */
  veredicto(): VeredictoPdf | undefined;
}

/**
 * revisarPdf on the bytes as they arrive, while the request is still being read, instead of
 * reading the staged file again once it is written. Same scanner, same chunk-for-chunk order:
 * the same verdict (the scan does not depend on where the chunks are cut). A scan that throws is
 * dropped here, so the read of the staged file meets the same error where it always did.
 */
export function revisionPdfAlPasar(limites = LIMITES_PDF): RevisionAlPasar {
  let escaner: EscanerPdf | null = null;
  let empezada = false;
  let veredicto: VeredictoPdf | undefined;
  const soltar = () => {
    escaner?.soltar();
    escaner = null;
  };
  const paso = new Transform({
    transform(trozo: Buffer, _codificacion, listo) {
      if (!empezada) {
        empezada = true;
        // A first chunk shorter than the signature is left to revisarPdf (it never is in practice).
        if (
          trozo.length >= CABECERA_PDF.length &&
          trozo.subarray(0, CABECERA_PDF.length).equals(CABECERA_PDF)
        )
          escaner = new EscanerPdf(limites);
      }
      const actual = escaner;
      if (!actual) return listo(null, trozo);
      try {
        actual.escribir(trozo);
      } catch {
        soltar();
        return listo(null, trozo);
      }
      actual.asentar().then(
        () => {
          if (actual.veredicto !== 'limpio') {
            veredicto = actual.veredicto;
            soltar();
          }
          listo(null, trozo);
        },
        () => {
          soltar();
          listo(null, trozo);
        },
      );
    },
    flush(listo) {
      const actual = escaner;
      if (!actual) return listo();
      actual.terminar().then(
        (final) => {
          veredicto = final;
          soltar();
          listo();
        },
        () => {
          soltar();
          listo();
        },
      );
    },
    destroy(error, listo) {
      soltar();
      listo(error);
    },
  });
  return { paso, veredicto: () => veredicto };
}
