// The lector of producto §17: one document at a time (a queue), its PDF parsed and its pages or
// image prepared in a child process (server/lectura/preparacion.ts), OCR in tesseract.js's own worker
// thread, reused, and the end date found in the text (server/lectura/fechas.ts). Bad bytes, a
// refused image or a document that takes too long answer `sin_fecha`; nothing here throws for
// what a document holds.
import type { Bitacora } from '../bitacora.js';
import type { Lector, Lectura } from './tipos.js';
import { buscarVigencia } from './fechas.js';
import { Preparacion, type LimitesPreparacion } from './preparacion.js';
import { crearOcr, rutaIdiomaPorOmision, type Ocr } from './ocr.js';

export interface LimitesLectura {
  /** Time to read one document, OCR included; beyond it the answer is `sin_fecha`. */
  tiempoMs: number;
  /** Pages read from the start and from the end of a PDF (a 300-page one reads these only). */
  paginasIniciales: number;
  paginasFinales: number;
  /** Characters of a PDF's text layer kept. */
  caracteresMaximos: number;
  /** An image (or an image inside a PDF) with more pixels is refused before it is decoded. */
  pixelesMaximos: number;
  /** Longest side, in pixels, of what goes to OCR: pages are rendered at it (300 dpi at most), larger images shrunk to it. */
  ladoMayor: number;
}

export const LIMITES: LimitesLectura = {
  tiempoMs: 60_000,
  paginasIniciales: 3,
  paginasFinales: 1,
  caracteresMaximos: 50_000,
  pixelesMaximos: 40_000_000,
  ladoMayor: 2000,
};

export interface OpcionesLector {
  log: Bitacora;
  /** The folder of spa.traineddata.gz; by default the one of @tesseract.js-data/spa. */
  rutaIdioma?: string;
  limites?: Partial<LimitesLectura>;
}

const TIPOS_PDF = new Set(['application/pdf']);
const TIPOS_IMAGEN = new Set(['image/jpeg', 'image/png', 'image/webp']);

class LectorCerrado extends Error {
  constructor() {
    super('El lector de documentos está cerrado.');
  }
}

export async function crearLector(opciones: OpcionesLector): Promise<Lector> {
  const { log } = opciones;
  const limites: LimitesLectura = { ...LIMITES, ...opciones.limites };
  const rutaIdioma = opciones.rutaIdioma ?? rutaIdiomaPorOmision();
  const preparacion = new Preparacion();

  let ocrNoDisponible: string | null = null;
  let ocr: Promise<Ocr> | null = null;
  let iniciado = false;
  const arrancarOcr = () => {
    const nuevo = crearOcr(rutaIdioma);
    // One restarted after a timeout that fails leaves the lector without OCR, as at start-up.
    nuevo.catch((error: unknown) => {
      if (!iniciado || ocr !== nuevo) return;
      ocr = null;
      ocrNoDisponible = error instanceof Error ? error.message : String(error);
      log.warn({ motivo: ocrNoDisponible }, 'Lectura de vigencia sin OCR: no volvió a iniciar.');
    });
    return nuevo;
  };
  try {
    ocr = arrancarOcr();
    await ocr;
  } catch (error) {
    ocr = null;
    ocrNoDisponible = error instanceof Error ? error.message : String(error);
    log.warn(
      { motivo: ocrNoDisponible },
      'Lectura de vigencia sin OCR: los escaneos y las fotos no se leen.',
    );
  }
  iniciado = true;

  let cola: Promise<unknown> = Promise.resolve();
  let cerrado = false;
  let enCurso: { abandonar: (e: Error) => void } | null = null;

  async function leerUno(bytes: Uint8Array, mime: string): Promise<Lectura> {
    const tipo = TIPOS_PDF.has(mime) ? 'pdf' : TIPOS_IMAGEN.has(mime) ? 'imagen' : null;
    // DOC, DOCX, HEIC and GIF are accepted uploads (producto §4) this lector does not read.
    if (tipo === null) return { resultado: 'no_disponible' };
    if (tipo === 'imagen' && !ocr) return { resultado: 'no_disponible' };
    const limitesDePreparacion: LimitesPreparacion = { ...limites, conOcr: ocr !== null };
    const preparado = await preparacion.preparar(tipo, bytes, limitesDePreparacion);
    if (preparado.rechazo) {
      log.warn({ motivo: preparado.rechazo }, 'Lectura de vigencia: imagen rechazada antes del OCR.');
      return { resultado: 'sin_fecha' };
    }
    let texto = preparado.texto;
    if (preparado.imagenes.length > 0 && ocr) {
      const motor = await ocr;
      for (const imagen of preparado.imagenes) texto += '\n\n' + (await motor.leer(imagen));
    }
    // The search runs on this thread: bounded, it takes milliseconds
    // (tests/unit/lectura-fechas.test.ts).
    const vigencia = buscarVigencia(texto.slice(0, 2 * limites.caracteresMaximos));
    if (vigencia) return { resultado: 'propuesta', ...vigencia };
    // A scan with no OCR here: unread, not "no date found".
    if (!ocr && preparado.paginasSinTexto > 0) return { resultado: 'no_disponible' };
    return { resultado: 'sin_fecha' };
  }

  /** Ends the child process and the OCR worker of a reading that did not finish; they start again for the next one. */
  async function reiniciar(): Promise<void> {
    const anterior = ocr;
    await preparacion.terminar();
    if (anterior) {
      ocr = arrancarOcr();
      await anterior.then((o) => o.cerrar()).catch(() => {});
    }
  }

  async function leerConPlazo(bytes: Uint8Array, mime: string): Promise<Lectura> {
    if (cerrado) throw new LectorCerrado();
    let plazo: NodeJS.Timeout | undefined;
    const abandono = new Promise<never>((_, rechazar) => {
      enCurso = { abandonar: rechazar };
      plazo = setTimeout(() => rechazar(new Error('plazo')), limites.tiempoMs);
    });
    try {
      return await Promise.race([leerUno(bytes, mime), abandono]);
    } catch (error) {
      if (cerrado) throw new LectorCerrado();
      const motivo = error instanceof Error ? error.message : String(error);
      log.warn(
        { motivo, mime, bytes: bytes.byteLength },
        'Lectura de vigencia: no se pudo leer el documento.',
      );
      if (motivo === 'plazo' || /proceso de lectura|terminate/i.test(motivo)) await reiniciar();
      return { resultado: 'sin_fecha' };
    } finally {
      clearTimeout(plazo);
      enCurso = null;
    }
  }

  return {
    get ocrNoDisponible() {
      return ocrNoDisponible;
    },
    leer(bytes, mime) {
      const turno = cola.then(() => leerConPlazo(bytes, mime));
      cola = turno.catch(() => {});
      return turno;
    },
    async cerrar() {
      if (cerrado) return;
      cerrado = true;
      enCurso?.abandonar(new LectorCerrado());
      await preparacion.terminar();
      if (ocr) await ocr.then((o) => o.cerrar()).catch(() => {});
    },
  };
}
