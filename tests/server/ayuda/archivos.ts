// Real bytes for the upload tests: tiny but valid files of every accepted type, and the bad ones
// (executables, HTML, zips that are not Word documents, a zip bomb).
import { crc32, deflateRawSync } from 'node:zlib';

/** One PNG chunk: length, type, data and CRC. */
export function trozoPng(tipo: string, datos: Buffer): Buffer {
  const largo = Buffer.alloc(4);
  largo.writeUInt32BE(datos.length);
  const cuerpo = Buffer.concat([Buffer.from(tipo, 'latin1'), datos]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(cuerpo));
  return Buffer.concat([largo, cuerpo, crc]);
}

/** A grey PNG of 1×1 (or declaring any other size: a pixel bomb). */
export function png(ancho = 1, alto = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    trozoPng('IHDR', ihdr),
    trozoPng('IDAT', deflateRawSync(Buffer.from([0, 0x80]))),
    trozoPng('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 baseline JPEG (the smallest well-formed one in common use). */
export const jpeg = (): Buffer =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////' +
      '////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );

export const pdf = (): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

export const gif = (): Buffer =>
  Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

export const webp = (): Buffer => Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** The ISO-BMFF header of a HEIC photo (what file-type judges). */
export function heic(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypheic', 'latin1'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic', 'latin1'),
  ]);
  return Buffer.concat([ftyp, Buffer.alloc(64)]);
}

/** A CFB container with a WordDocument stream name, as Word 97–2003 writes. */
export function doc(conWordDocument = true): Buffer {
  const cabecera = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cabecera);
  cabecera.writeUInt16LE(0x003e, 24); // minor version
  cabecera.writeUInt16LE(0x0003, 26); // major version 3
  cabecera.writeUInt16LE(0xfffe, 28); // little endian
  cabecera.writeUInt16LE(9, 30); // sector shift
  const directorio = Buffer.alloc(512);
  Buffer.from('Root Entry', 'utf16le').copy(directorio, 0);
  Buffer.from(conWordDocument ? 'WordDocument' : 'Workbook', 'utf16le').copy(directorio, 128);
  return Buffer.concat([cabecera, directorio]);
}

interface EntradaZip {
  nombre: string;
  datos: Buffer;
  comprimir?: boolean;
}

/** A minimal zip writer (stored or deflated entries), enough for .docx fixtures. */
export function zip(entradas: EntradaZip[]): Buffer {
  const locales: Buffer[] = [];
  const centrales: Buffer[] = [];
  let desplazamiento = 0;
  for (const e of entradas) {
    const nombre = Buffer.from(e.nombre, 'utf8');
    const datos = e.comprimir ? deflateRawSync(e.datos) : e.datos;
    const metodo = e.comprimir ? 8 : 0;
    const crc = crc32(e.datos);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(metodo, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(datos.length, 18);
    local.writeUInt32LE(e.datos.length, 22);
    local.writeUInt16LE(nombre.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(metodo, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(datos.length, 20);
    central.writeUInt32LE(e.datos.length, 24);
    central.writeUInt16LE(nombre.length, 28);
    central.writeUInt32LE(desplazamiento, 42);
    locales.push(local, nombre, datos);
    centrales.push(central, nombre);
    desplazamiento += local.length + nombre.length + datos.length;
  }
  const directorio = Buffer.concat(centrales);
  const fin = Buffer.alloc(22);
  fin.writeUInt32LE(0x06054b50, 0);
  fin.writeUInt16LE(entradas.length, 8);
  fin.writeUInt16LE(entradas.length, 10);
  fin.writeUInt32LE(directorio.length, 12);
  fin.writeUInt32LE(desplazamiento, 16);
  return Buffer.concat([...locales, directorio, fin]);
}

const TIPOS_DE_CONTENIDO =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

export const docx = (): Buffer =>
  zip([
    { nombre: '[Content_Types].xml', datos: Buffer.from(TIPOS_DE_CONTENIDO), comprimir: true },
    {
      nombre: 'word/document.xml',
      datos: Buffer.from(
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
      ),
      comprimir: true,
    },
  ]);

/** A zip that is not a Word document. */
export const zipComun = (): Buffer => zip([{ nombre: 'hola.txt', datos: Buffer.from('hola') }]);

/** Looks like a .docx, but one entry inflates 20 MiB of zeros from a few KiB. */
export const bombaZip = (): Buffer =>
  zip([
    { nombre: '[Content_Types].xml', datos: Buffer.from(TIPOS_DE_CONTENIDO), comprimir: true },
    { nombre: 'word/document.xml', datos: Buffer.alloc(20 * 1024 * 1024), comprimir: true },
  ]);

export const elf = (): Buffer =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]);
export const exeMz = (): Buffer => {
  const b = Buffer.alloc(256);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(128, 60);
  b.write('PE\0\0', 128, 'latin1');
  return b;
};
export const html = (): Buffer =>
  Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
