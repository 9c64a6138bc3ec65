// Document bytes the server accepts (it judges the type by the magic bytes), each with a random
// body so every stored document has its own SHA-256 to check.
import { createHash, randomBytes } from 'node:crypto';
import { DOCUMENTOS_REQUERIDOS, type DocumentoKey } from '../../../domain/index.js';

const CABECERAS: { ext: string; bytes: Buffer }[] = [
  { ext: 'jpg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]) },
  { ext: 'pdf', bytes: Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1') },
  { ext: 'gif', bytes: Buffer.from('GIF89a', 'latin1') },
];

export interface Documento {
  clave: DocumentoKey;
  /** The part's file name, `<key>.<ext>` as the SPA sends it. */
  nombre: string;
  contenido: Buffer;
  sha256: string;
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A file of `bytes` bytes whose content is of the i-th accepted kind. */
export function contenido(i: number, bytes: number): { ext: string; contenido: Buffer } {
  const cabecera = CABECERAS[i % CABECERAS.length]!;
  const resto = Math.max(0, bytes - cabecera.bytes.length);
  return { ext: cabecera.ext, contenido: Buffer.concat([cabecera.bytes, randomBytes(resto)]) };
}

/** The eight required documents with random contents of `bytes` bytes each. */
export function documentosRequeridos(bytes = 2048): Documento[] {
  return DOCUMENTOS_REQUERIDOS.map((clave, i) => {
    const { ext, contenido: datos } = contenido(i, bytes);
    return { clave, nombre: `${clave}.${ext}`, contenido: datos, sha256: sha256(datos) };
  });
}
