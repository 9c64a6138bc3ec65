// The real type of an uploaded file, judged by its bytes. file-type recognises the images and PDF;
// it sees .doc only as a generic CFB container and .docx as a zip, so those get a closer look.
import { createReadStream } from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import type { ExtensionAceptada } from '../../domain/index.js';
import { esDocx } from './docx.js';

const DIRECTAS: Record<string, ExtensionAceptada> = {
  jpg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  heic: 'heic',
  pdf: 'pdf',
};

/** A Word 97–2003 file is a CFB container holding a "WordDocument" stream (UTF-16LE name). */
const WORD_DOCUMENT = Buffer.from('WordDocument', 'utf16le');

async function contiene(ruta: string, aguja: Buffer): Promise<boolean> {
  let cola = Buffer.alloc(0);
  for await (const trozo of createReadStream(ruta) as AsyncIterable<Buffer>) {
    const ventana = Buffer.concat([cola, trozo]);
    if (ventana.includes(aguja)) return true;
    cola = ventana.subarray(Math.max(0, ventana.length - aguja.length + 1));
  }
  return false;
}

export async function detectarTipo(ruta: string): Promise<ExtensionAceptada | null> {
  const tipo = await fileTypeFromFile(ruta);
  if (!tipo) return null;
  const directa = DIRECTAS[tipo.ext];
  if (directa) return directa;
  if (tipo.ext === 'cfb') return (await contiene(ruta, WORD_DOCUMENT)) ? 'doc' : null;
  if (tipo.ext === 'docx' || tipo.ext === 'zip') return (await esDocx(ruta)) ? 'docx' : null;
  return null;
}
