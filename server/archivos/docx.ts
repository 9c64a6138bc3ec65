// A .docx is a zip (decision 076). It is a Word document when its central directory lists the
// parts every Word file has; it is accepted only when it cannot expand into something huge (zip
// bombs). The sizes a central directory declares can lie, so every entry is also inflated,
// streaming, with yauzl checking that it yields exactly its declared size: the reading stops as
// soon as a bound is passed, and nothing is ever held in memory.
import yauzl from 'yauzl';

const MiB = 1024 * 1024;

export const LIMITES_DOCX = {
  entradas: 1_000,
  /** What a whole document may expand to, whatever its size. */
  bytesDescomprimidos: 50 * MiB,
  /**
   * Expanding more than this many times the file's size is a bomb's mark (deflate rarely beats
   * ~20:1 on Word's XML, and images are stored already compressed)…
   */
  proporcionTotal: 100,
  /** …once the expanded total passes this: small documents may be as repetitive as they like. */
  bytesSinProporcion: 5 * MiB,
  /** One entry above `bytesPorEntradaSinProporcion` may not expand more than this. */
  proporcionPorEntrada: 200,
  bytesPorEntradaSinProporcion: 1 * MiB,
};

const OPCIONES: yauzl.Options = { lazyEntries: true, autoClose: false, strictFileNames: true };

/** How many bytes a file of `tamanio` bytes may expand to. */
export const presupuestoDocx = (tamanio: number, limites = LIMITES_DOCX): number =>
  Math.min(
    limites.bytesDescomprimidos,
    Math.max(limites.bytesSinProporcion, limites.proporcionTotal * tamanio),
  );

/** A zip whose central directory lists `[Content_Types].xml` and `word/document.xml`. */
export function esPaqueteWord(ruta: string, limites = LIMITES_DOCX): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.open(ruta, OPCIONES, (error, zip) => {
      if (error || !zip) return resolve(false);
      let documento = false;
      let tiposDeContenido = false;
      const terminar = (ok: boolean) => {
        zip.close();
        resolve(ok);
      };
      if (zip.entryCount > limites.entradas) return terminar(false);
      zip.on('error', () => terminar(false));
      zip.on('entry', (entrada: yauzl.Entry) => {
        if (entrada.fileName === 'word/document.xml') documento = true;
        if (entrada.fileName === '[Content_Types].xml') tiposDeContenido = true;
        zip.readEntry();
      });
      zip.on('end', () => terminar(documento && tiposDeContenido));
      zip.readEntry();
    });
  });
}

/**
 * True when the zip at `ruta` (of `tamanio` bytes) expands within the bounds: by what its central
 * directory declares, then by what inflating each entry actually yields.
 */
export function docxAcotado(ruta: string, tamanio: number, limites = LIMITES_DOCX): Promise<boolean> {
  const presupuesto = presupuestoDocx(tamanio, limites);
  return new Promise((resolve) => {
    // validateEntrySizes (yauzl's default): an entry yielding more bytes than declared fails
    // at the first byte too many, one yielding fewer fails at its end.
    yauzl.open(ruta, { ...OPCIONES, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return resolve(false);
      let terminado = false;
      let declarados = 0;
      let inflados = 0;
      let entradas = 0;
      const terminar = (ok: boolean) => {
        if (terminado) return;
        terminado = true;
        zip.close();
        resolve(ok);
      };
      if (zip.entryCount > limites.entradas) return terminar(false);
      zip.on('error', () => terminar(false));
      zip.on('end', () => terminar(true));
      zip.on('entry', (entrada: yauzl.Entry) => {
        entradas++;
        declarados += entrada.uncompressedSize;
        const desproporcionada =
          entrada.uncompressedSize > limites.bytesPorEntradaSinProporcion &&
          entrada.uncompressedSize / Math.max(1, entrada.compressedSize) > limites.proporcionPorEntrada;
        if (entradas > limites.entradas || declarados > presupuesto || desproporcionada)
          return terminar(false);
        if (entrada.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entrada, (errorDeLectura, flujo) => {
          if (terminado) return flujo?.destroy();
          if (errorDeLectura || !flujo) return terminar(false);
          flujo.on('data', (trozo: Buffer) => {
            inflados += trozo.length;
            if (inflados > presupuesto) {
              flujo.destroy();
              terminar(false);
            }
          });
          flujo.on('error', () => terminar(false));
          flujo.on('end', () => {
            if (!terminado) zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
