// The declared size of each accepted image type, read by image-size from the head of the file
// (server/archivos/dimensiones.ts, decision 074), and what the upload refuses by it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAXIMO_LADO,
  MAXIMO_PIXELES,
  dimensiones,
  dimensionesAceptables,
  esImagen,
  type ExtensionDeImagen,
} from '../../server/archivos/dimensiones.js';
import { CONTENIDO_EN_MEMORIA } from '../../server/storage/almacen.js';
import * as archivos from './ayuda/archivos.js';

let carpeta: string;
beforeAll(async () => {
  carpeta = await mkdtemp(path.join(os.tmpdir(), 'alta-dimensiones-'));
});
afterAll(() => rm(carpeta, { recursive: true, force: true }));

let n = 0;
/** Read from the staged file, and (when the staging keeps it) from memory: both must agree. */
async function medir(contenido: Buffer, extension: ExtensionDeImagen) {
  const rutaTemporal = path.join(carpeta, `imagen-${n++}`);
  await writeFile(rutaTemporal, contenido);
  const delArchivo = await dimensiones({ rutaTemporal }, extension);
  if (contenido.length <= CONTENIDO_EN_MEMORIA) {
    expect(await dimensiones({ rutaTemporal: '/no/existe', contenido }, extension)).toEqual(delArchivo);
  }
  return delArchivo;
}

describe('dimensiones', () => {
  it.each([
    ['png', archivos.png(), { ancho: 1, alto: 1 }],
    ['png', archivos.png(4032, 3024), { ancho: 4032, alto: 3024 }],
    ['gif', archivos.gif(), { ancho: 1, alto: 1 }],
    ['gif', archivos.gif(640, 480), { ancho: 640, alto: 480 }],
    ['jpg', archivos.jpeg(), { ancho: 1, alto: 1 }],
    ['jpg', archivos.jpeg(3000, 4000), { ancho: 3000, alto: 4000 }],
    ['webp', archivos.webp(), { ancho: 1, alto: 1 }],
    ['webp', archivos.webpExtendida(1920, 1080), { ancho: 1920, alto: 1080 }],
    ['heic', archivos.heic(), { ancho: 1, alto: 1 }],
    // A grid photo: the whole image, its tiles and a thumbnail; all of them are bounded.
    [
      'heic',
      archivos.heic([
        [4032, 3024],
        [512, 512],
        [320, 240],
      ]),
      { ancho: 4032, alto: 3024 },
    ],
  ] as const)('lee el tamaño declarado de un %s', async (extension, contenido, esperado) => {
    expect(await medir(contenido, extension)).toEqual(esperado);
  });

  it('encuentra el tamaño de un JPEG con más metadatos que la cabeza leída (XMP extendido)', async () => {
    expect(await medir(archivos.jpegConMetadatos(900 * 1024), 'jpg')).toEqual({ ancho: 1, alto: 1 });
  });

  it('no inventa un tamaño: cabecera cortada, otro tipo, HEIC sin metadatos', async () => {
    expect(await medir(archivos.jpeg().subarray(0, 30), 'jpg')).toBeNull();
    expect(await medir(archivos.png(), 'jpg')).toBeNull();
    expect(await medir(archivos.heic([]), 'heic')).toBeNull();
    expect(await medir(Buffer.from('GIF89a'), 'gif')).toBeNull();
  });

  it('acepta hasta el límite de píxeles y de lado, y nada más', () => {
    expect(dimensionesAceptables({ ancho: 12_000, alto: MAXIMO_PIXELES / 12_000 })).toBe(true);
    expect(dimensionesAceptables({ ancho: 12_000, alto: MAXIMO_PIXELES / 12_000 + 1 })).toBe(false);
    expect(dimensionesAceptables({ ancho: MAXIMO_LADO, alto: 1 })).toBe(true);
    expect(dimensionesAceptables({ ancho: MAXIMO_LADO + 1, alto: 1 })).toBe(false);
    expect(dimensionesAceptables({ ancho: 0, alto: 10 })).toBe(false);
    expect(dimensionesAceptables(null)).toBe(false);
  });

  it('las imágenes son png, gif, jpg, webp y heic; los documentos no', () => {
    for (const e of ['png', 'gif', 'jpg', 'webp', 'heic'] as const) expect(esImagen(e)).toBe(true);
    for (const e of ['pdf', 'doc', 'docx'] as const) expect(esImagen(e)).toBe(false);
  });
});
