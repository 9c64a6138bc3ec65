// The real type of an uploaded file, judged by its bytes. file-type recognises the images and PDF;
// it sees .doc only as a generic CFB container and .docx as a zip, so those get a closer look.
// And the extensions a part's name may carry for each type (decision 076).
import { createReadStream } from 'node:fs';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { ArchivoPreparado } from '../storage/almacen.js';
import type { ExtensionAceptada } from '../../domain/index.js';
import { esPaqueteWord } from './docx.js';

const DIRECTAS: Record<string, ExtensionAceptada> = {
  jpg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  heic: 'heic', // every HEIF brand: heic, heix, hevc, hevx, mif1, msf1
  pdf: 'pdf',
};

/**
 * The extensions (lower case) a part's name may carry for each accepted type; the stored name
 * uses the key. The same list the SPA lets a chosen file have (domain's motivoRechazoArchivo).
 */
const EXTENSIONES_DE_NOMBRE: Readonly<Record<ExtensionAceptada, readonly string[]>> = {
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  heic: ['heic', 'heif'],
  pdf: ['pdf'],
  doc: ['doc'],
  docx: ['docx'],
};

export const EXTENSIONES_ADMITIDAS: readonly string[] = Object.values(EXTENSIONES_DE_NOMBRE).flat();

/** The extension of a part's name (`TituloMedico.PDF` → `pdf`); '' when it has none. */
export function extensionDelNombre(nombre: string): string {
  const punto = nombre.lastIndexOf('.');
  return punto > 0 ? nombre.slice(punto + 1).toLowerCase() : '';
}

/** Whether a name's extension (lower case) is one the detected type may carry. */
export const extensionCoincide = (extension: string, tipo: ExtensionAceptada): boolean =>
  EXTENSIONES_DE_NOMBRE[tipo].includes(extension);

/** A Word 97–2003 file is a CFB container holding a "WordDocument" stream (UTF-16LE name). */
const WORD_DOCUMENT = Buffer.from('WordDocument', 'utf16le');

async function contiene(archivo: ArchivoPreparado, aguja: Buffer): Promise<boolean> {
  if (archivo.contenido) return archivo.contenido.includes(aguja);
  let cola = Buffer.alloc(0);
  for await (const trozo of createReadStream(archivo.rutaTemporal) as AsyncIterable<Buffer>) {
    const ventana = Buffer.concat([cola, trozo]);
    if (ventana.includes(aguja)) return true;
    cola = ventana.subarray(Math.max(0, ventana.length - aguja.length + 1));
  }
  return false;
}

/**
 * What the bytes are (from memory when the staging kept them, the same bytes as the file); a .docx
 * is only recognised here, its bounds are judged apart (docx.ts).
 */
export async function detectarTipo(archivo: ArchivoPreparado): Promise<ExtensionAceptada | null> {
  const tipo = archivo.contenido
    ? await fileTypeFromBuffer(archivo.contenido)
    : await fileTypeFromFile(archivo.rutaTemporal);
  if (!tipo) return null;
  const directa = DIRECTAS[tipo.ext];
  if (directa) return directa;
  if (tipo.ext === 'cfb') return (await contiene(archivo, WORD_DOCUMENT)) ? 'doc' : null;
  if (tipo.ext === 'docx' || tipo.ext === 'zip')
    return (await esPaqueteWord(archivo.rutaTemporal)) ? 'docx' : null;
  return null;
}
