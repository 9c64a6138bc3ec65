// Files that are two things at once, or say one thing and are another: what an attacker uploads
// to slip active content past a type check (decision 099). Each starts like an accepted type.
import { deflateRawSync } from 'node:zlib';

const pdf = (cuerpo: string) => Buffer.from(`%PDF-1.4\n${cuerpo}\ntrailer<</Root 1 0 R>>\n%%EOF\n`, 'latin1');

/** A one-entry zip (stored), enough for type sniffers to call it a zip. */
function zip(nombre: string, datos: Buffer): Buffer {
  const cabeza = Buffer.alloc(30);
  cabeza.writeUInt32LE(0x04034b50, 0);
  cabeza.writeUInt16LE(20, 4);
  cabeza.writeUInt32LE(datos.length, 18);
  cabeza.writeUInt32LE(datos.length, 22);
  cabeza.writeUInt16LE(nombre.length, 26);
  return Buffer.concat([cabeza, Buffer.from(nombre), datos]);
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const JPEG_INICIO = Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 0x30]);

export const POLIGLOTAS: Buffer[] = [
  // PDF with active content, plain and hidden (hex escapes, a compressed object stream).
  pdf('1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj'),
  pdf('1 0 obj<</Type/Catalog/OpenAction<</S/J#61vaScript/JS(app.alert(1))>>>>endobj'),
  pdf('1 0 obj<</Type/Catalog/OpenAction<</S/Launch/F(cmd.exe)>>>>endobj'),
  pdf('1 0 obj<</Type/Catalog/Names<</EmbeddedFiles 2 0 R>>>>endobj'),
  (() => {
    const oculto = deflateRawSync(Buffer.from('<</S/JavaScript/JS(app.alert(1))>>'));
    return pdf(`1 0 obj<</Type/ObjStm/N 1/First 0/Filter/FlateDecode/Length ${oculto.length}>>stream\n${oculto.toString('latin1')}\nendstream endobj`);
  })(),
  // PDF that is also HTML, and a GIF that is also a zip (GIFAR) or a script.
  Buffer.concat([pdf('1 0 obj<</Type/Catalog>>endobj'), Buffer.from('<html><script>alert(1)</script></html>')]),
  Buffer.concat([GIF, zip('evil.class', Buffer.from('cafebabe', 'hex'))]),
  Buffer.concat([Buffer.from('GIF89a/*'), GIF.subarray(8), Buffer.from('*/=alert(1);')]),
  // A JPEG whose comment is HTML; a zip that claims to be a Word document and holds a bomb.
  Buffer.concat([JPEG_INICIO, Buffer.from('<svg onload=alert(1)>'.padEnd(46, ' ')), Buffer.from([0xff, 0xd9])]),
  Buffer.concat([
    zip('[Content_Types].xml', Buffer.from('<Types/>')),
    zip('word/document.xml', deflateRawSync(Buffer.alloc(4 * 1024 * 1024, 0x41))),
  ]),
];

/** File names that lie: a right-to-left override turns "exe.gpj" into "jpg.exe" on screen. */
export const NOMBRES_ENGANIOSOS = [
  'DniAnverso\u202egpj.exe',
  'DniAnverso.jpg\u202e',
  'DniAnverso.pdf.exe',
  'DniAnverso.exe',
  'DniAnverso.PdF',
  'DniAnverso.jpeg',
  'DniAnverso.heif',
  'TituloMedico.html',
  'TituloMedico.svg',
  'TituloMedico.docm',
];
