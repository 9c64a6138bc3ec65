// What the file picker of each row offers, and how a chosen File becomes the machine's event.
import { ACCEPT_DOCUMENTOS, type DocumentoKey } from '../../../domain/index.js';
import type { ArchivoElegido } from '../../../machines/index.js';

/**
 * Image documents lead with `image/*`, so a phone's picker offers the camera; the others list the
 * image types by extension (a scan or a photo is still fine) so the picker opens on files.
 */
const ACCEPT_ARCHIVOS =
  '.pdf,.doc,.docx,.jpg,.jpeg,.png,.gif,.webp,.heic,.heif,application/pdf,application/msword,' +
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const acceptDe = (imagen: boolean): string => (imagen ? ACCEPT_DOCUMENTOS : ACCEPT_ARCHIVOS);

/** `crypto.randomUUID` exists only in secure contexts; a plain-http deployment still needs ids. */
export function nuevoId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function eventoElegido(key: DocumentoKey, file: File) {
  const archivo: ArchivoElegido = { id: nuevoId(), nombre: file.name, tamanio: file.size, tipo: file.type };
  return { type: 'ARCHIVO.ELEGIDO' as const, key, archivo, contenido: file };
}
