// The lector of producto §17 with bad input: a 300-page PDF reads a bounded number of pages in a
// bounded time, a picture that is no document and two end dates that disagree propose nothing,
// broken bytes and an enormous image answer `sin_fecha` without throwing, a document that takes too
// long is abandoned and the next one is read; a preparation process that crashes ends only itself;
// one document at a time; without OCR, text PDFs are still read and scans and photos are
// "no_disponible".
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearLector, type Lector } from '../../server/lectura/index.js';

const CARPETA = path.resolve(import.meta.dirname, '../fixtures/lectura');
// The images drawn here use the fonts of the npm package, not whatever the machine has.
const fuente = (archivo: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${archivo}`);
GlobalFonts.registerFromPath(fuente('DejaVuSans.ttf'), 'DejaVu Sans');
GlobalFonts.registerFromPath(fuente('DejaVuSerif.ttf'), 'DejaVu Serif');
const corpus = (archivo: string) => readFileSync(path.join(CARPETA, archivo));

/** A PDF with one page per text (pdfkit). */
function pdf(paginas: string[]): Promise<Buffer> {
  return new Promise((resolver) => {
    const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
    const partes: Buffer[] = [];
    doc.on('data', (b: Buffer) => partes.push(b));
    doc.on('end', () => resolver(Buffer.concat(partes)));
    for (const texto of paginas) doc.addPage().fontSize(12).text(texto);
    doc.end();
  });
}

function bitacora() {
  const avisos: { datos: object; mensaje?: string }[] = [];
  return {
    avisos,
    log: {
      info() {},
      warn: (datos: object, mensaje?: string) => avisos.push({ datos, mensaje }),
      error() {},
    },
  };
}

/** A PNG of `ancho`×`alto` with a line of text, large. */
function imagenConTexto(ancho: number, alto: number, texto: string): Buffer {
  const canvas = createCanvas(ancho, alto);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, ancho, alto);
  ctx.fillStyle = '#111111';
  ctx.font = `${Math.round(ancho / 28)}px "DejaVu Sans"`;
  ctx.fillText(texto, ancho / 20, alto / 3);
  return canvas.toBuffer('image/png');
}

/** A JPEG stored sideways, with the EXIF orientation (6) that turns it upright, as phones do. */
async function deCostado(jpeg: Buffer): Promise<Buffer> {
  const { loadImage } = await import('@napi-rs/canvas');
  const imagen = await loadImage(jpeg);
  const canvas = createCanvas(imagen.height, imagen.width);
  const ctx = canvas.getContext('2d');
  ctx.translate(0, imagen.width);
  ctx.rotate(-Math.PI / 2);
  ctx.drawImage(imagen, 0, 0);
  const crudo = canvas.toBuffer('image/jpeg', 85);
  const tiff = Buffer.from([
    0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0,
  ]);
  const cuerpo = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([
    Buffer.from([0xff, 0xe1, (cuerpo.length + 2) >> 8, (cuerpo.length + 2) & 0xff]),
    cuerpo,
  ]);
  return Buffer.concat([crudo.subarray(0, 2), app1, crudo.subarray(2)]);
}

/** A PNG header that claims `ancho`×`alto` pixels, with no pixels after it. */
function cabeceraPng(ancho: number, alto: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(ancho, 8);
  ihdr.writeUInt32BE(alto, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

describe('the lector with OCR', () => {
  const { avisos, log } = bitacora();
  let lector: Lector;
  beforeAll(async () => {
    lector = await crearLector({ log });
    expect(lector.ocrNoDisponible).toBeNull();
  });
  afterAll(() => lector?.cerrar());

  it('reads only the first three pages and the last of a 300-page PDF, within a bound', async () => {
    const paginas = Array.from({ length: 300 }, (_, i) => `Anexo, página ${i + 1}. Condiciones generales.`);
    paginas[149] = 'Vence el 01/01/2030.';
    paginas[299] = 'Esta póliza vence el 31/12/2027.';
    const bytes = await pdf(paginas);
    const inicio = performance.now();
    const lectura = await lector.leer(bytes, 'application/pdf');
    expect(performance.now() - inicio).toBeLessThan(5000);
    // Page 150's disagreeing date was never read.
    expect(lectura).toEqual({
      resultado: 'propuesta',
      fecha: '2027-12-31',
      frase: 'Esta póliza vence el 31/12/2027.',
    });
  });

  it('joins the pieces of a word in a text layer (no space where there is no gap)', async () => {
    const bytes = await new Promise<Buffer>((resolver) => {
      const doc = new PDFDocument({ size: 'A4' });
      const partes: Buffer[] = [];
      doc.on('data', (b: Buffer) => partes.push(b));
      doc.on('end', () => resolver(Buffer.concat(partes)));
      doc
        .fontSize(12)
        .text('La póliza ven', 72, 100, { continued: true })
        .text('ce el 31/12/', { continued: true })
        .text('2027.');
      doc.end();
    });
    expect(await lector.leer(bytes, 'application/pdf')).toEqual({
      resultado: 'propuesta',
      fecha: '2027-12-31',
      frase: 'La póliza vence el 31/12/2027.',
    });
  });

  it('proposes nothing for two end dates that disagree', async () => {
    const bytes = await pdf([
      'Póliza N° 12.\nVigencia hasta el 01/03/2027.\n\nFecha de vencimiento: 01/04/2027.',
    ]);
    expect(await lector.leer(bytes, 'application/pdf')).toEqual({ resultado: 'sin_fecha' });
  });

  it('proposes nothing for a picture that is no document', async () => {
    expect(await lector.leer(corpus('paisaje-01.jpg'), 'image/jpeg')).toEqual({ resultado: 'sin_fecha' });
    const ruido = createCanvas(600, 400);
    const ctx = ruido.getContext('2d');
    for (let i = 0; i < 400; i++) {
      ctx.fillStyle = `hsl(${(i * 37) % 360} 60% 50%)`;
      ctx.fillRect((i * 53) % 600, (i * 29) % 400, 40, 30);
    }
    expect(await lector.leer(ruido.toBuffer('image/png'), 'image/png')).toEqual({ resultado: 'sin_fecha' });
  });

  it.each([
    ['random bytes as a PDF', () => Buffer.from('%PDF-1.7\n' + 'x'.repeat(5000)), 'application/pdf'],
    ['half a PDF', () => corpus('poliza-02.pdf').subarray(0, 9000), 'application/pdf'],
    ['an empty file', () => Buffer.alloc(0), 'application/pdf'],
    ['half a JPEG', () => corpus('poliza-03.jpg').subarray(0, 2000), 'image/jpeg'],
    ['bytes that are no image', () => Buffer.from('GIF? no: '.repeat(100)), 'image/png'],
    ['a PNG header with no pixels', () => cabeceraPng(800, 600), 'image/png'],
  ])('answers sin_fecha for %s, without throwing', async (_, bytes, mime) => {
    expect(await lector.leer(bytes(), mime)).toEqual({ resultado: 'sin_fecha' });
  });

  it('refuses an enormous image before decoding it', async () => {
    const inicio = performance.now();
    expect(await lector.leer(cabeceraPng(30_000, 30_000), 'image/png')).toEqual({ resultado: 'sin_fecha' });
    expect(performance.now() - inicio).toBeLessThan(2000);
    expect(avisos.map((a) => a.datos)).toContainEqual({ motivo: 'imagen de 30000×30000' });
  });

  it('shrinks a large image before OCR, and turns a sideways phone photo upright', async () => {
    const grande = imagenConTexto(4000, 3000, 'Vence el 31/12/2027');
    expect(await lector.leer(grande, 'image/png')).toMatchObject({
      resultado: 'propuesta',
      fecha: '2027-12-31',
    });
    const costado = await deCostado(corpus('habilitacion-03.jpg'));
    expect(await lector.leer(costado, 'image/jpeg')).toMatchObject({
      resultado: 'propuesta',
      fecha: '2029-10-15',
    });
  });

  it('reads one document at a time, in the order asked', async () => {
    const terminados: string[] = [];
    const pedidos = ['poliza-05.pdf', 'certificado-01.pdf', 'titulo-01.pdf'].map((archivo) =>
      lector.leer(corpus(archivo), 'application/pdf').then((l) => {
        terminados.push(archivo);
        return l.resultado === 'propuesta' ? l.fecha : null;
      }),
    );
    // The scan takes a second or more; the text PDFs behind it wait for it.
    expect(await Promise.all(pedidos)).toEqual(['2028-03-01', '2027-06-30', null]);
    expect(terminados).toEqual(['poliza-05.pdf', 'certificado-01.pdf', 'titulo-01.pdf']);
  });

  it('reads a WebP image (decoded by the canvas first)', async () => {
    const canvas = createCanvas(900, 300);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 900, 300);
    ctx.fillStyle = '#111111';
    ctx.font = '32px "DejaVu Sans"';
    ctx.fillText('Válido hasta el 30/06/2028', 40, 120);
    expect(await lector.leer(await canvas.encode('webp', 90), 'image/webp')).toMatchObject({
      fecha: '2028-06-30',
    });
  });

  it.each([
    ['a DOCX', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a DOC', 'application/msword'],
    ['a HEIC photo', 'image/heic'],
  ])('does not read %s: "no_disponible"', async (_, mime) => {
    expect(await lector.leer(Buffer.from('PK\u0003\u0004 word/document.xml'), mime)).toEqual({
      resultado: 'no_disponible',
    });
  });
});

/** A scanned PDF whose pages are full of small text: seconds of OCR each. */
async function escaneoDenso(paginas: number): Promise<Buffer> {
  const canvas = createCanvas(1240, 1754);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 1240, 1754);
  ctx.fillStyle = '#111111';
  ctx.font = '22px "DejaVu Serif"';
  for (let linea = 0; linea < 60; linea++) {
    ctx.fillText(
      `Cláusula ${linea + 1}: el asegurador responde por los reclamos de terceros conforme a las condiciones.`,
      60,
      80 + linea * 27,
    );
  }
  const jpeg = canvas.toBuffer('image/jpeg', 80);
  return new Promise((resolver) => {
    const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
    const partes: Buffer[] = [];
    doc.on('data', (b: Buffer) => partes.push(b));
    doc.on('end', () => resolver(Buffer.concat(partes)));
    for (let i = 0; i < paginas; i++) doc.addPage({ margin: 0 }).image(jpeg, 0, 0, { width: doc.page.width });
    doc.end();
  });
}

describe('a document that takes too long', () => {
  it('is abandoned as sin_fecha, and the next ones are read by fresh workers', async () => {
    const { avisos, log } = bitacora();
    const lector = await crearLector({ log, limites: { tiempoMs: 2500 } });
    try {
      // Four pages of dense OCR (the first three and the last): far more than 2.5 s.
      const inicio = performance.now();
      expect(await lector.leer(await escaneoDenso(6), 'application/pdf')).toEqual({ resultado: 'sin_fecha' });
      expect(performance.now() - inicio).toBeLessThan(4000);
      expect(avisos.map((a) => a.datos)).toContainEqual(expect.objectContaining({ motivo: 'plazo' }));
      expect(await lector.leer(corpus('certificado-01.pdf'), 'application/pdf')).toMatchObject({
        fecha: '2027-06-30',
      });
      const imagen = imagenConTexto(900, 300, 'Vence el 31/12/2027');
      expect(await lector.leer(imagen, 'image/png')).toMatchObject({ fecha: '2027-12-31' });
    } finally {
      await lector.cerrar();
    }
  });
});

/** The pids of this process's children running the preparation (server/lectura/proceso-preparacion.mjs). */
function procesosDePreparacion(): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        const estado = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const padre = Number(estado.slice(estado.lastIndexOf(')') + 2).split(' ')[1]);
        return (
          padre === process.pid &&
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('proceso-preparacion.mjs')
        );
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

describe('a preparation that crashes', () => {
  it('ends only its own process: the reading answers sin_fecha, this process lives on and reads the next one', async () => {
    const { avisos, log } = bitacora();
    const lector = await crearLector({ log });
    try {
      const enCurso = lector.leer(await escaneoDenso(6), 'application/pdf');
      let hijos: number[] = [];
      for (let i = 0; i < 100 && hijos.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        hijos = procesosDePreparacion();
      }
      expect(hijos).toHaveLength(1);
      // What a crash of native code (the canvas, pdfjs) does to its process.
      process.kill(hijos[0]!, 'SIGSEGV');
      expect(await enCurso).toEqual({ resultado: 'sin_fecha' });
      expect(avisos.map((a) => a.datos)).toContainEqual(
        expect.objectContaining({ motivo: expect.stringMatching(/proceso de lectura terminó \(SIGSEGV\)/) }),
      );
      expect(await lector.leer(corpus('certificado-01.pdf'), 'application/pdf')).toMatchObject({
        fecha: '2027-06-30',
      });
    } finally {
      await lector.cerrar();
    }
    expect(procesosDePreparacion()).toEqual([]);
  });
});

describe('a closed lector', () => {
  it('refuses to read, rather than answer for a document it did not read', async () => {
    const lector = await crearLector({ log: bitacora().log });
    const enCurso = lector.leer(corpus('poliza-02.pdf'), 'application/pdf');
    await lector.cerrar();
    await expect(enCurso).rejects.toThrow('cerrado');
    await expect(lector.leer(corpus('certificado-01.pdf'), 'application/pdf')).rejects.toThrow('cerrado');
  });
});

describe('without OCR', () => {
  const { avisos, log } = bitacora();
  let lector: Lector;
  beforeAll(async () => {
    lector = await crearLector({ log, rutaIdioma: path.join(CARPETA, 'no-existe') });
  });
  afterAll(() => lector?.cerrar());

  it('still starts, says why once, and reads text PDFs', async () => {
    expect(lector.ocrNoDisponible).toMatch(/modelo de español/);
    expect(avisos.filter((a) => /sin OCR/.test(a.mensaje ?? ''))).toHaveLength(1);
    expect(await lector.leer(corpus('certificado-01.pdf'), 'application/pdf')).toMatchObject({
      resultado: 'propuesta',
      fecha: '2027-06-30',
    });
    expect(await lector.leer(corpus('titulo-01.pdf'), 'application/pdf')).toEqual({ resultado: 'sin_fecha' });
  });

  it('answers no_disponible for a scan and a photo', async () => {
    expect(await lector.leer(corpus('poliza-02.pdf'), 'application/pdf')).toEqual({
      resultado: 'no_disponible',
    });
    expect(await lector.leer(corpus('poliza-03.jpg'), 'image/jpeg')).toEqual({ resultado: 'no_disponible' });
    expect(await lector.leer(corpus('habilitacion-07.png'), 'image/png')).toEqual({
      resultado: 'no_disponible',
    });
  });
});
