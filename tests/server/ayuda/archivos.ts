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

/** A 1×1 progressive JPEG (the smallest well-formed one in common use), or declaring another size. */
export function jpeg(ancho = 1, alto = 1): Buffer {
  const b = Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////' +
      '////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
  // The frame header (SOF2, progressive): marker, length, precision, then height and width.
  const sof = b.indexOf(Buffer.from([0xff, 0xc2]));
  b.writeUInt16BE(alto, sof + 5);
  b.writeUInt16BE(ancho, sof + 7);
  return b;
}

/** The same JPEG with `bytes` of APP1 metadata (as extended XMP writes) before its frame header. */
export function jpegConMetadatos(bytes: number): Buffer {
  const base = jpeg();
  const segmentos: Buffer[] = [];
  for (let resto = bytes; resto > 0; resto -= 65_533) {
    const largo = Math.min(resto, 65_533);
    const cabeza = Buffer.from([0xff, 0xe1, 0, 0]);
    cabeza.writeUInt16BE(largo + 2, 2);
    segmentos.push(cabeza, Buffer.alloc(largo, 0x20));
  }
  return Buffer.concat([base.subarray(0, 2), ...segmentos, base.subarray(2)]);
}

export const pdf = (): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** A 1×1 GIF, or declaring another logical screen size. */
export function gif(ancho = 1, alto = 1): Buffer {
  const b = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
  b.writeUInt16LE(ancho, 6);
  b.writeUInt16LE(alto, 8);
  return b;
}

/** A 1×1 lossless WebP. */
export const webp = (): Buffer => Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** An extended WebP (VP8X) header declaring any size, up to 2²⁴ a side. */
export function webpExtendida(ancho: number, alto: number): Buffer {
  const datos = Buffer.alloc(10);
  datos.writeUIntLE(ancho - 1, 4, 3);
  datos.writeUIntLE(alto - 1, 7, 3);
  const trozo = Buffer.concat([Buffer.from('VP8X', 'latin1'), Buffer.from([10, 0, 0, 0]), datos]);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + trozo.length, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, trozo]);
}

/** One ISO-BMFF box; `completo` adds the version and flags of a full box. */
function caja(tipo: string, contenido: Buffer[], completo = false): Buffer {
  const cuerpo = Buffer.concat([...(completo ? [Buffer.alloc(4)] : []), ...contenido]);
  const cabeza = Buffer.alloc(8);
  cabeza.writeUInt32BE(8 + cuerpo.length, 0);
  cabeza.write(tipo, 4, 'latin1');
  return Buffer.concat([cabeza, cuerpo]);
}

/**
 * The head of a HEIC photo: its ftyp (what file-type judges) and the metadata declaring each
 * image's size (`ispe`, what image-size reads); `tamanios` empty gives a HEIC without them.
 */
export function heic(tamanios: [number, number][] = [[1, 1]]): Buffer {
  const ftyp = caja('ftyp', [
    Buffer.from('heic', 'latin1'),
    Buffer.alloc(4),
    Buffer.from('mif1heic', 'latin1'),
  ]);
  const ispe = tamanios.map(([ancho, alto]) => {
    const b = Buffer.alloc(8);
    b.writeUInt32BE(ancho, 0);
    b.writeUInt32BE(alto, 4);
    return caja('ispe', [b], true);
  });
  const hdlr = caja('hdlr', [Buffer.alloc(4), Buffer.from('pict', 'latin1'), Buffer.alloc(13)], true);
  const meta = caja('meta', [hdlr, caja('iprp', [caja('ipco', ispe)])], true);
  return Buffer.concat([ftyp, ...(tamanios.length > 0 ? [meta] : []), caja('mdat', [Buffer.alloc(64)])]);
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
