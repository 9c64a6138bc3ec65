// What the automatic reading of a document answers (producto §17, "Vigencia read from the
// document"): the end date it proposes with the sentence it came from, that it found none, or
// that it could not read this kind of file on this machine (OCR not installed).

/** A proposal: the date (YYYY-MM-DD) and the sentence it was read from, as read. */
export interface VigenciaPropuesta {
  resultado: 'propuesta';
  fecha: string;
  frase: string;
}

export type Lectura =
  | VigenciaPropuesta
  /** Read, and no date is clearly the end date (none, or several that disagree). */
  | { resultado: 'sin_fecha' }
  /**
   * A scan or a photo and no OCR on this machine, or a kind of file the lector does not read (DOC,
   * DOCX, HEIC, GIF): "Lectura automática no disponible".
   */
  | { resultado: 'no_disponible' };

export interface Lector {
  /** null when the OCR is ready; otherwise why not (logged once at start-up). */
  readonly ocrNoDisponible: string | null;
  /**
   * Reads one document's bytes (`mime` as stored: application/pdf, image/jpeg, image/png,
   * image/webp), one call at a time in the order made. Bad bytes, a refused image and a reading
   * that ran out of time answer `sin_fecha`; it rejects only once the lector is closed (a reading
   * cut short by `cerrar` is not an answer).
   */
  leer(bytes: Uint8Array, mime: string): Promise<Lectura>;
  /** Ends the OCR worker and the PDF worker thread; the lector is not used afterwards. */
  cerrar(): Promise<void>;
}
