// A .docx is a zip: accept it only when it looks like a Word document and cannot expand into
// something huge (zip bombs) — judged from the central directory, without extracting anything.
import yauzl from 'yauzl';

export const LIMITES_DOCX = {
  entradas: 1_000,
  bytesDescomprimidos: 100 * 1024 * 1024,
  /** Deflate rarely beats ~100:1 on real documents; bombs go far beyond. */
  proporcion: 200,
};

export function esDocx(ruta: string, limites = LIMITES_DOCX): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.open(ruta, { lazyEntries: true, autoClose: true, strictFileNames: true }, (error, zip) => {
      if (error || !zip) return resolve(false);
      let entradas = 0;
      let total = 0;
      let documento = false;
      let tiposDeContenido = false;
      const terminar = (ok: boolean) => {
        zip.close();
        resolve(ok);
      };
      if (zip.entryCount > limites.entradas) return terminar(false);
      zip.on('error', () => terminar(false));
      zip.on('entry', (entrada: yauzl.Entry) => {
        entradas++;
        total += entrada.uncompressedSize;
        const sospechosa =
          entrada.uncompressedSize > 1024 * 1024 &&
          entrada.uncompressedSize / Math.max(1, entrada.compressedSize) > limites.proporcion;
        if (entradas > limites.entradas || total > limites.bytesDescomprimidos || sospechosa)
          return terminar(false);
        if (entrada.fileName === 'word/document.xml') documento = true;
        if (entrada.fileName === '[Content_Types].xml') tiposDeContenido = true;
        zip.readEntry();
      });
      zip.on('end', () => terminar(documento && tiposDeContenido));
      zip.readEntry();
    });
  });
}
