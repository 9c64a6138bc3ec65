// Pixel dimensions of an uploaded image, read by image-size from its header without decoding it
// (decision 074): a small file can declare billions of pixels (a decompression bomb for whoever
// opens it later). Only the head of the file is read, as image-size's own fromFile does.
import { open } from 'node:fs/promises';
import { imageSize } from 'image-size';
import type { ExtensionAceptada } from '../../domain/index.js';
import type { ArchivoPreparado } from '../storage/almacen.js';

export const MAXIMO_PIXELES = 120_000_000;
export const MAXIMO_LADO = 30_000;

export interface Dimensiones {
  ancho: number;
  alto: number;
}

export type ExtensionDeImagen = Extract<ExtensionAceptada, 'png' | 'gif' | 'jpg' | 'webp' | 'heic'>;

/** What image-size must have found for each type file-type detected (a HEIF is named by its brand). */
const TIPOS: Record<ExtensionDeImagen, readonly string[]> = {
  png: ['png'],
  gif: ['gif'],
  jpg: ['jpg'],
  webp: ['webp'],
  heic: ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'],
};

export const esImagen = (extension: ExtensionAceptada): extension is ExtensionDeImagen =>
  Object.hasOwn(TIPOS, extension);

/** What image-size's imageSizeFromFile reads: every header we accept fits well within it. */
const CABEZA = 512 * 1024;

function medir(bytes: Uint8Array, extension: ExtensionDeImagen): Dimensiones | null {
  try {
    const medida = imageSize(bytes);
    if (!TIPOS[extension].includes(medida.type ?? '')) return null;
    // A HEIF holds several images (thumbnails, grid tiles, depth maps): bound them all.
    const imagenes = medida.images?.length ? medida.images : [medida];
    return {
      ancho: Math.max(...imagenes.map((i) => i.width)),
      alto: Math.max(...imagenes.map((i) => i.height)),
    };
  } catch {
    return null;
  }
}

/** The declared size of an image; null when its header cannot be read. */
export async function dimensiones(
  preparado: ArchivoPreparado,
  extension: ExtensionDeImagen,
): Promise<Dimensiones | null> {
  // Bytes kept in memory are the whole file: what the head read below would be. Copied: a small
  // Buffer is a view into Node's shared pool, and image-size reads its view's whole ArrayBuffer.
  if (preparado.contenido) return medir(new Uint8Array(preparado.contenido), extension);
  const archivo = await open(preparado.rutaTemporal, 'r');
  try {
    const { size } = await archivo.stat();
    const cabeza = Buffer.alloc(Math.min(size, CABEZA));
    await archivo.read(cabeza, 0, cabeza.length, 0);
    const medida = medir(cabeza, extension);
    if (medida || size <= cabeza.length) return medida;
    // Rare: a JPEG with more metadata than the head before its frame header (extended XMP), or
    // a HEIF with its data before its metadata. Uploads are at most 10 MiB: read it all once.
    const todo = Buffer.alloc(size);
    await archivo.read(todo, 0, size, 0);
    return medir(todo, extension);
  } finally {
    await archivo.close();
  }
}

export const dimensionesAceptables = (d: Dimensiones | null): boolean =>
  d !== null &&
  d.ancho > 0 &&
  d.alto > 0 &&
  d.ancho <= MAXIMO_LADO &&
  d.alto <= MAXIMO_LADO &&
  d.ancho * d.alto <= MAXIMO_PIXELES;
