// The automatic reading of a document's end date as the back-office shows it (producto §17): the
// states of a document's reading, the texts under the document on the detail page, and the shapes
// on the wire. The reading only proposes; a person accepts ("Aceptar vigencia propuesta") or types
// another date in "Vigencia hasta".

/**
 * pendiente: queued, not read yet; propuesta: an end date was read, with its sentence; sin_fecha:
 * read, no end date found; no_disponible: this kind of file cannot be read here (a scan or a photo
 * without OCR on the machine, a Word file), or the reading failed on every attempt.
 */
export const ESTADOS_LECTURA = ['pendiente', 'propuesta', 'sin_fecha', 'no_disponible'] as const;
export type EstadoLectura = (typeof ESTADOS_LECTURA)[number];

/** A document's reading in the application's detail; absent or null when it has none. */
export interface LecturaDocumento {
  estado: EstadoLectura;
  /** The proposed "Vigencia hasta" (YYYY-MM-DD), with `estado` 'propuesta' only; else null. */
  fecha: string | null;
  /** The sentence the date was read from, as read; with the date only. */
  frase: string | null;
}

/** POST /api/gestion/solicitudes/:numero/documentos/:clave/vigencia-propuesta — the date shown. */
export interface PedidoAceptarVigencia {
  fecha: string;
}

export const TEXTOS_LECTURA = {
  /** "Vigencia propuesta: 31/12/2027" (the date as dd/mm/aaaa). */
  propuesta: (fecha: string) => `Vigencia propuesta: ${fecha}`,
  aceptar: 'Aceptar vigencia propuesta',
  sinFecha: 'Lectura automática: no se encontró una fecha de vencimiento.',
  pendiente: 'Lectura automática pendiente',
  noDisponible: 'Lectura automática no disponible',
  /** Once accepted (the date as dd/mm/aaaa). */
  aceptada: (documento: string, fecha: string) => `Vigencia de ${documento} guardada: hasta el ${fecha}.`,
  /** 409: the proposal is no longer the one the page showed (read again, document replaced). */
  propuestaCambio: 'La vigencia propuesta cambió. Volvé a cargar la solicitud para ver la actual.',
} as const;

/**
 * Whether "Aceptar vigencia propuesta" is offered: there is a proposal and "Vigencia hasta" does
 * not already hold that date.
 */
export const ofreceAceptar = (d: {
  vigenteHasta: string | null;
  lectura?: LecturaDocumento | null;
}): boolean =>
  d.lectura?.estado === 'propuesta' && d.lectura.fecha !== null && d.lectura.fecha !== d.vigenteHasta;
