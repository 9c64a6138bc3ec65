// The access export's ZIP (producto §13), written with yazl as a stream: datos.json (deflated),
// resumen.pdf, each version of each receipt (comprobantes/, producto §14) and every document
// copied from the store, the replaced ones included. yazl writes one entry at a time and asks
// for a lazy entry's stream only when its turn comes, so one document is open at a time and
// backpressure reaches the store: memory does not grow with the number or size of documents.
// Each document is checked against its recorded size and SHA-256 on the way; any failure
// destroys the ZIP's stream with the error — its reader sees a broken download (an aborted
// response, a removed temporary file), never a shorter ZIP that looks whole.
import { createHash } from 'node:crypto';
import { Transform, pipeline, type Readable, type TransformCallback } from 'node:stream';
import { ZipFile } from 'yazl';
import { TIPOS_ACEPTADOS } from '../../domain/documentos.js';
import type { DocumentStore } from '../storage/almacen.js';
import type { ArchivoExportado, Exportacion } from './datos-exportados.js';
import { resumenPdf } from './resumen-pdf.js';

export {
  dniDeSolicitud,
  leerExportacion,
  type Exportacion,
  type OpcionesExportacion,
} from './datos-exportados.js';

/** Only Word 97 documents shrink: images, PDF and .docx are compressed already (stored as is). */
const SE_COMPRIME = new Set<string>([TIPOS_ACEPTADOS.doc]);

/** The download's name. */
export const nombreDeLaExportacion = (numero: string): string =>
  `datos-personales-${numero.replace(/[^A-Za-z0-9_-]/g, '_')}.zip`;

/** Fails at the end when the bytes are not the ones recorded (size and SHA-256). */
class Comprobador extends Transform {
  private readonly hash = createHash('sha256');
  private leidos = 0;

  constructor(private readonly archivo: ArchivoExportado) {
    super();
  }

  override _transform(trozo: Buffer, _codificacion: BufferEncoding, listo: TransformCallback): void {
    this.leidos += trozo.length;
    this.hash.update(trozo);
    listo(null, trozo);
  }

  override _flush(listo: TransformCallback): void {
    const sha256 = this.hash.digest('hex');
    // The path names the application and the document, never the person.
    if (this.leidos !== this.archivo.bytes || sha256 !== this.archivo.sha256) {
      listo(new Error(`El documento ${this.archivo.ruta} del almacén no coincide con su tamaño y SHA-256`));
    } else {
      listo();
    }
  }
}

/**
 * The ZIP of `exportacion` as a stream. A failure (a document missing or altered in the store,
 * a store that stops answering) destroys it with the error; destroying it (the reader went
 * away) closes the document being read.
 */
export function zipDeExportacion(exportacion: Exportacion, almacen: DocumentStore): Readable {
  const zip = new ZipFile();
  const salida = zip.outputStream as Readable;
  const mtime = new Date(exportacion.datos.generadoEn);
  let abierto: Readable | null = null;
  let terminado = false;

  const fallar = (error: Error) => {
    if (terminado) return;
    terminado = true;
    abierto?.destroy();
    salida.destroy(error);
  };
  zip.on('error', fallar);
  salida.on('end', () => {
    terminado = true;
  });
  salida.on('close', () => {
    if (!terminado) {
      terminado = true;
      abierto?.destroy();
    }
  });

  zip.addBuffer(Buffer.from(`${JSON.stringify(exportacion.datos, null, 2)}\n`, 'utf8'), 'datos.json', {
    mtime,
    compress: true,
  });
  // pdfkit compresses its own streams.
  // The lazy callbacks run inside yazl's own event handlers: a throw there would be uncaught.
  zip.addReadStreamLazy('resumen.pdf', { mtime, compress: false }, (listo) => {
    resumenPdf(exportacion.datos).then(
      (pdf: Readable) => {
        pdf.on('error', fallar);
        listo(null, pdf);
      },
      (error: unknown) => fallar(error as Error),
    );
  });
  for (const comprobante of exportacion.comprobantes) {
    zip.addBuffer(comprobante.contenido, comprobante.ruta, { mtime, compress: false });
  }
  for (const archivo of exportacion.archivos) {
    zip.addReadStreamLazy(
      archivo.ruta,
      { mtime, size: archivo.bytes, compress: SE_COMPRIME.has(archivo.mime) },
      (listo) => {
        if (terminado) return;
        let origen: Readable;
        try {
          origen = almacen.abrir(archivo.almacen);
        } catch (error) {
          fallar(error as Error);
          return;
        }
        abierto = origen;
        // pipeline destroys both on a failure of either; yazl's own pipes never see the error.
        const comprobado = pipeline(origen, new Comprobador(archivo), (error) => {
          if (error) fallar(error);
        });
        comprobado.on('end', () => {
          if (abierto === origen) abierto = null;
        });
        listo(null, comprobado);
      },
    );
  }
  zip.end();
  return salida;
}
