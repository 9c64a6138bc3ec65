// OCR in Spanish with tesseract.js: its WebAssembly engine runs in a worker_thread of its own, and
// the Spanish model is read from the npm package @tesseract.js-data/spa in node_modules — nothing
// is downloaded at run time, nothing is written to the working directory (cacheMethod 'none').
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface Ocr {
  leer(imagen: Uint8Array): Promise<string>;
  cerrar(): Promise<void>;
}

/** The folder holding spa.traineddata.gz: the LSTM model ("best_int"), a quarter of the legacy size. */
export function rutaIdiomaPorOmision(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/spa/package.json')), '4.0.0_best_int');
}

/** Starts the OCR worker, or throws saying why it cannot run on this machine. */
export async function crearOcr(rutaIdioma: string): Promise<Ocr> {
  // tesseract.js would fetch the model from a CDN when the local file is missing: refuse instead.
  if (!existsSync(path.join(rutaIdioma, 'spa.traineddata.gz'))) {
    throw new Error(`no está el modelo de español (${path.join(rutaIdioma, 'spa.traineddata.gz')})`);
  }
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  let fallo: unknown = null;
  const worker = await createWorker('spa', OEM.LSTM_ONLY, {
    langPath: rutaIdioma,
    cacheMethod: 'none',
    gzip: true,
    logger: () => {},
    // A failure inside the worker rejects the job too; this keeps it from being thrown unhandled.
    errorHandler: (error: unknown) => {
      fallo = error;
    },
  });
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.AUTO,
    // Images come without a resolution; documents are rendered at about this one.
    user_defined_dpi: '200',
  });
  return {
    async leer(imagen) {
      fallo = null;
      const { data } = await worker.recognize(Buffer.from(imagen), {}, { text: true });
      if (fallo) throw fallo instanceof Error ? fallo : new Error(String(fallo));
      return data.text ?? '';
    },
    async cerrar() {
      await worker.terminate();
    },
  };
}
