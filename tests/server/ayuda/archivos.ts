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
function zip(entradas: EntradaZip[]): Buffer {
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

// ——— File types (decision 076): extensions, HEIF, docx bounds, PDFs with active content ———

/** The HEIC of `heic()` with the major brand `mif1`, as a generic HEIF names itself. */
export function heif(tamanios: [number, number][] = [[1, 1]]): Buffer {
  const b = heic(tamanios);
  b.write('mif1', 8, 'latin1');
  return b;
}

/** A .docx with `entradas` extra parts of 1 MiB of zeros each (~1 KiB each once deflated). */
export function docxConRelleno(entradas: number): Buffer {
  const ceros = Buffer.alloc(1024 * 1024);
  return zip([
    { nombre: '[Content_Types].xml', datos: Buffer.from(TIPOS_DE_CONTENIDO), comprimir: true },
    {
      nombre: 'word/document.xml',
      datos: Buffer.from(
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
      ),
      comprimir: true,
    },
    ...Array.from({ length: entradas }, (_, i) => ({
      nombre: `word/media/relleno${i}.bin`,
      datos: ceros,
      comprimir: true,
    })),
  ]);
}

/**
 * A .docx whose headers (local and central) declare `declarado` bytes for word/document.xml while
 * it inflates to `real` bytes of zeros: the central directory lies.
 */
export function docxMentiroso(real: number, declarado: number): Buffer {
  const b = zip([
    { nombre: '[Content_Types].xml', datos: Buffer.from(TIPOS_DE_CONTENIDO), comprimir: true },
    { nombre: 'word/document.xml', datos: Buffer.alloc(real), comprimir: true },
  ]);
  const nombre = Buffer.from('word/document.xml');
  for (const [firma, desplazamiento] of [
    [0x04034b50, 22],
    [0x02014b50, 24],
  ] as const) {
    const cabecera = Buffer.alloc(4);
    cabecera.writeUInt32LE(firma);
    for (let i = b.indexOf(cabecera); i >= 0; i = b.indexOf(cabecera, i + 4)) {
      const inicioNombre = firma === 0x04034b50 ? 30 : 46;
      if (b.subarray(i + inicioNombre, i + inicioNombre + nombre.length).equals(nombre))
        b.writeUInt32LE(declarado, i + desplazamiento);
    }
  }
  return b;
}

const latin1 = (texto: string) => Buffer.from(texto, 'latin1');

/** Deflate in the zlib format a PDF's FlateDecode uses: header, raw deflate, Adler-32. */
function deflateSync(datos: Buffer): Buffer {
  let a = 1;
  let b = 0;
  for (const byte of datos) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const suma = Buffer.alloc(4);
  suma.writeUInt32BE(((b << 16) | a) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0x9c]), deflateRawSync(datos), suma]);
}

/** A stream object's body: its dictionary (plus /Length) and its data. */
export const flujoPdf = (diccionario: string, datos: Buffer): Buffer =>
  Buffer.concat([
    latin1(`<< ${diccionario} /Length ${datos.length} >>\nstream\n`),
    datos,
    latin1('\nendstream'),
  ]);

/**
 * A PDF from the bodies of its objects (the i-th is object i + 1), with a correct xref table and
 * `trailer` inside the trailer dictionary.
 */

/** `N 0 obj … endobj`: one indirect object of a PDF. */
const objetoPdf = (numero: number, cuerpo: string | Buffer): Buffer =>
  Buffer.concat([
    latin1(`${numero} 0 obj\n`),
    typeof cuerpo === 'string' ? latin1(cuerpo) : cuerpo,
    latin1('\nendobj\n'),
  ]);

export function armarPdf(cuerpos: (string | Buffer)[], trailer = '/Root 1 0 R'): Buffer {
  const partes: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let largo = partes[0]!.length;
  const desplazamientos: number[] = [];
  cuerpos.forEach((cuerpo, i) => {
    desplazamientos.push(largo);
    const objeto = objetoPdf(i + 1, cuerpo);
    partes.push(objeto);
    largo += objeto.length;
  });
  const entradas = desplazamientos.map((d) => `${String(d).padStart(10, '0')} 00000 n \n`).join('');
  partes.push(
    latin1(
      `xref\n0 ${cuerpos.length + 1}\n0000000000 65535 f \n${entradas}` +
        `trailer\n<< /Size ${cuerpos.length + 1} ${trailer} >>\nstartxref\n${largo}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(partes);
}

/** Objects 1–5 of a one-page PDF: catalog (with `catalogo` added), pages, page, content, font. */
function paginaPdf(catalogo: string, contenido: Buffer, comprimido: boolean): (string | Buffer)[] {
  return [
    `<< /Type /Catalog /Pages 2 0 R ${catalogo} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    comprimido ? flujoPdf('/Filter /FlateDecode', deflateSync(contenido)) : flujoPdf('', contenido),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
}

const textoPdf = (texto: string) => latin1(`BT /F1 12 Tf 72 720 Td (${texto}) Tj ET`);

/**
 * A clean one-page PDF whose page says `texto` (by default it names JavaScript, /JavaScript and
 * /Launch, in its content stream) and whose title, a string, says JavaScript too.
 */
export function pdfConTexto(
  texto = 'Este documento menciona JavaScript, /JavaScript, /JS y /Launch.',
  comprimido = false,
): Buffer {
  return armarPdf(
    [...paginaPdf('', textoPdf(texto), comprimido), '<< /Title (Manual de JavaScript) /Producer (prueba) >>'],
    '/Root 1 0 R /Info 6 0 R',
  );
}

/** A PDF that runs `accion` (an action dictionary) when opened. */
export const pdfConAccion = (accion: string): Buffer =>
  armarPdf([...paginaPdf('/OpenAction 6 0 R', textoPdf('Hola'), false), accion]);

export const ACCIONES_PDF = {
  javaScript: '<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>',
  /** The same names written with `#xx` escapes: /JavaScript and /JS. */
  escapada: '<< /Type /Action /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>',
  lanzamiento: '<< /Type /Action /S /Launch /F (calc.exe) >>',
  irAPagina: '<< /Type /Action /S /GoTo /D [3 0 R /Fit] >>',
} as const;

/** A PDF carrying an attachment (a name tree of /EmbeddedFiles and an /EmbeddedFile stream). */
export function pdfConAdjunto(): Buffer {
  return armarPdf([
    ...paginaPdf('/Names << /EmbeddedFiles 6 0 R >>', textoPdf('Hola'), false),
    '<< /Names [(leeme.exe) 7 0 R] >>',
    '<< /Type /Filespec /F (leeme.exe) /EF << /F 8 0 R >> >>',
    flujoPdf('/Type /EmbeddedFile', exeMz()),
  ]);
}

/**
 * A PDF 1.5 whose object 6 (the action run on opening) is compressed in an object stream (object
 * 7), found through an xref stream (object 8). `datos` replaces the stream's data (e.g. bytes that
 * do not inflate); `diccionario` is added to the object stream's dictionary.
 */
export function pdfConObjStm(
  accion: string,
  opciones: { filtro?: string; datos?: Buffer; diccionario?: string; trailer?: string } = {},
): Buffer {
  const cabecera = '6 0 ';
  const contenido = latin1(`${cabecera}${accion}\n`);
  const filtro = opciones.filtro ?? '/FlateDecode';
  const datos = opciones.datos ?? (filtro === '' ? contenido : deflateSync(contenido));
  const objetos: (string | Buffer)[] = [
    ...paginaPdf('/OpenAction 6 0 R', textoPdf('Hola'), true),
    latin1(''), // object 6 lives in the object stream
    flujoPdf(
      `/Type /ObjStm /N 1 /First ${cabecera.length}${filtro ? ` /Filter ${filtro}` : ''} ${opciones.diccionario ?? ''}`,
      datos,
    ),
  ];
  const partes: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let largo = partes[0]!.length;
  const entradas: Buffer[] = [Buffer.from([0, 0, 0, 0, 0, 0xff, 0xff])];
  objetos.forEach((cuerpo, i) => {
    const entrada = Buffer.alloc(7);
    if (i === 5) {
      entrada[0] = 2;
      entrada.writeUInt32BE(7, 1); // in object stream 7, at index 0
    } else {
      entrada[0] = 1;
      entrada.writeUInt32BE(largo, 1);
      const objeto = objetoPdf(i + 1, cuerpo);
      partes.push(objeto);
      largo += objeto.length;
    }
    entradas.push(entrada);
  });
  const propia = Buffer.alloc(7);
  propia[0] = 1;
  propia.writeUInt32BE(largo, 1);
  entradas.push(propia);
  partes.push(
    latin1('8 0 obj\n'),
    flujoPdf(`/Type /XRef /Size 9 /W [1 4 2] /Root 1 0 R ${opciones.trailer ?? ''}`, Buffer.concat(entradas)),
    latin1(`\nendobj\nstartxref\n${largo}\n%%EOF\n`),
  );
  return Buffer.concat(partes);
}
