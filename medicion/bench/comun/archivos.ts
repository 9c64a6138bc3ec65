// Document bytes the server accepts (it judges the type by the magic bytes), each with a random
// body so every stored document has its own SHA-256 to check.
import { createHash, randomBytes } from 'node:crypto';
import { DOCUMENTOS_REQUERIDOS, type DocumentoKey } from '../../../domain/index.js';

// Real headers, so the server can read what it checks (type, and an image's declared size):
// a JFIF JPEG with its 16×16 frame header, a PDF, a 16×16 GIF.
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x10, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00])]);

const CABECERAS: { ext: string; bytes: Buffer }[] = [
  { ext: 'jpg', bytes: JPEG },
  { ext: 'pdf', bytes: Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1') },
  { ext: 'gif', bytes: GIF },
];

export interface Documento {
  clave: DocumentoKey;
  /** The part's file name, `<key>.<ext>` as the SPA sends it. */
  nombre: string;
  contenido: Buffer;
  sha256: string;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

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
