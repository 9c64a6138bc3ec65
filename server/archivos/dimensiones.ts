// Pixel dimensions of an image read from its header, without decoding it: a small file can
// declare billions of pixels (a decompression bomb for whoever opens it later).
import { open, type FileHandle } from 'node:fs/promises';

export const MAXIMO_PIXELES = 120_000_000;
export const MAXIMO_LADO = 30_000;

export interface Dimensiones {
  ancho: number;
  alto: number;
}

async function leer(fh: FileHandle, posicion: number, largo: number): Promise<Buffer> {
  const b = Buffer.alloc(largo);
  const { bytesRead } = await fh.read(b, 0, largo, posicion);
  return b.subarray(0, bytesRead);
}

async function jpeg(fh: FileHandle): Promise<Dimensiones | null> {
  let pos = 2;
  // Walk the segments; the frame header (SOFn) holds the size and comes before the scan (SOS).
  for (let i = 0; i < 10_000; i++) {
    const cab = await leer(fh, pos, 9);
    if (cab.length < 4 || cab[0] !== 0xff) return null;
    const marca = cab[1]!;
    if (marca === 0xff) {
      pos++;
      continue;
    }
    if (marca === 0xd8 || (marca >= 0xd0 && marca <= 0xd7) || marca === 0x01) {
      pos += 2;
      continue;
    }
    if (marca === 0xda || marca === 0xd9) return null;
    const esSof = marca >= 0xc0 && marca <= 0xcf && marca !== 0xc4 && marca !== 0xc8 && marca !== 0xcc;
    if (esSof) return cab.length >= 9 ? { alto: cab.readUInt16BE(5), ancho: cab.readUInt16BE(7) } : null;
    pos += 2 + cab.readUInt16BE(2);
  }
  return null;
}

async function webp(fh: FileHandle): Promise<Dimensiones | null> {
  const b = await leer(fh, 0, 30);
  if (b.length < 30) return null;
  const trozo = b.toString('latin1', 12, 16);
  if (trozo === 'VP8 ') return { ancho: b.readUInt16LE(26) & 0x3fff, alto: b.readUInt16LE(28) & 0x3fff };
  if (trozo === 'VP8L') {
    const [b0, b1, b2, b3] = [b[21]!, b[22]!, b[23]!, b[24]!];
    return { ancho: 1 + (b0 | ((b1 & 0x3f) << 8)), alto: 1 + ((b1 >> 6) | (b2 << 2) | ((b3 & 0x0f) << 10)) };
  }
  if (trozo === 'VP8X') return { ancho: 1 + b.readUIntLE(24, 3), alto: 1 + b.readUIntLE(27, 3) };
  return null;
}

/** The declared size of a png, gif, jpg or webp; null when the header cannot be read. */
export async function dimensiones(
  ruta: string,
  extension: 'png' | 'gif' | 'jpg' | 'webp',
): Promise<Dimensiones | null> {
  const fh = await open(ruta, 'r');
  try {
    if (extension === 'png') {
      const b = await leer(fh, 16, 8);
      return b.length === 8 ? { ancho: b.readUInt32BE(0), alto: b.readUInt32BE(4) } : null;
    }
    if (extension === 'gif') {
      const b = await leer(fh, 6, 4);
      return b.length === 4 ? { ancho: b.readUInt16LE(0), alto: b.readUInt16LE(2) } : null;
    }
    if (extension === 'jpg') return await jpeg(fh);
    return await webp(fh);
  } finally {
    await fh.close();
  }
}

export const dimensionesAceptables = (d: Dimensiones | null): boolean =>
  d !== null &&
  d.ancho > 0 &&
  d.alto > 0 &&
  d.ancho <= MAXIMO_LADO &&
  d.alto <= MAXIMO_LADO &&
  d.ancho * d.alto <= MAXIMO_PIXELES;
