// The child process that prepares a document for reading (server/lectura/lector.ts, through
// server/lectura/preparacion.ts): a PDF's text layer from a bounded set of pages, those pages
// without text rendered to images for OCR, and an image checked and shrunk before OCR. Plain
// JavaScript so that tsx (the server) and Vitest (the tests) start it alike; pdfjs and the native
// canvas work here, never in the web process: a crash ends only this process.
import { createRequire } from 'node:module';
import path from 'node:path';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { imageSize } from 'image-size';

const require = createRequire(import.meta.url);
const PDFJS = path.dirname(require.resolve('pdfjs-dist/package.json'));

/** Letters a page's text layer needs to count as text (a scan has none, or a stray header). */
const LETRAS_DE_TEXTO = 40;

/** Which pages to read: the first `iniciales` and the last `finales`, in order, no repeats. */
function paginasALeer(total, iniciales, finales) {
  const paginas = new Set();
  for (let i = 1; i <= Math.min(total, iniciales); i++) paginas.add(i);
  for (let i = Math.max(1, total - finales + 1); i <= total; i++) paginas.add(i);
  return [...paginas];
}

const saltar = (texto) => (texto === '' || texto.endsWith('\n') ? texto : texto + '\n');

/**
 * A page's text: a line break wherever the baseline moves (pdfjs's hasEOL misses some), a space
 * between two pieces of a line only where there is a gap (a word may come in pieces).
 */
async function textoDePagina(pagina) {
  const contenido = await pagina.getTextContent();
  let texto = '';
  let linea = null;
  let finX = 0;
  for (const item of contenido.items) {
    if (!('str' in item)) continue;
    const [, , , escalaY, x, y] = item.transform;
    if (item.str !== '') {
      const hueco = x - finX > Math.max(1, Math.abs(escalaY) * 0.15);
      if (linea !== null && Math.abs(y - linea) > 2) texto = saltar(texto);
      else if (hueco && texto !== '' && !/\s$/.test(texto) && !item.str.startsWith(' ')) texto += ' ';
      texto += item.str;
      linea = y;
      finX = x + item.width;
    }
    if (item.hasEOL) texto = saltar(texto);
  }
  return texto;
}

const PINTAN_IMAGENES = new Set([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
]);

/** Whether the page draws an image: a scan does; a page of short text does not need OCR. */
async function pintaImagenes(pagina) {
  // The same list the rendering then uses (pdfjs keeps it per page).
  const { fnArray } = await pagina.getOperatorList();
  return fnArray.some((op) => PINTAN_IMAGENES.has(op));
}

async function renderizar(pagina, ladoMayor) {
  const base = pagina.getViewport({ scale: 1 });
  const escala = Math.min(ladoMayor / Math.max(base.width, base.height), 300 / 72);
  const viewport = pagina.getViewport({ scale: escala });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const contexto = canvas.getContext('2d');
  contexto.fillStyle = '#ffffff';
  contexto.fillRect(0, 0, canvas.width, canvas.height);
  await pagina.render({ canvas, canvasContext: contexto, viewport, background: '#ffffff' }).promise;
  return canvas.encode('png');
}

async function prepararPdf(bytes, limites) {
  const documento = await getDocument({
    data: bytes,
    maxImageSize: limites.pixelesMaximos,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    standardFontDataUrl: `${PDFJS}/standard_fonts/`,
    wasmUrl: `${PDFJS}/wasm/`,
  }).promise;
  try {
    const paginas = paginasALeer(documento.numPages, limites.paginasIniciales, limites.paginasFinales);
    let texto = '';
    const imagenes = [];
    let paginasSinTexto = 0;
    for (const numero of paginas) {
      const pagina = await documento.getPage(numero);
      const suyo = (await textoDePagina(pagina)).slice(0, limites.caracteresMaximos);
      texto += suyo + '\n\n';
      const letras = (suyo.match(/\p{L}/gu) ?? []).length;
      if (letras < LETRAS_DE_TEXTO && (await pintaImagenes(pagina))) {
        paginasSinTexto++;
        if (limites.conOcr) imagenes.push(await renderizar(pagina, limites.ladoMayor));
      }
      pagina.cleanup();
      if (texto.length >= limites.caracteresMaximos) break;
    }
    return { texto: texto.slice(0, limites.caracteresMaximos), imagenes, paginasSinTexto };
  } finally {
    await documento.destroy();
  }
}

async function prepararImagen(bytes, limites) {
  let medidas;
  try {
    medidas = imageSize(bytes);
  } catch {
    return { texto: '', imagenes: [], rechazo: 'no es una imagen' };
  }
  const { width = 0, height = 0, orientation = 1, type } = medidas;
  // Refused before decoding: a small file may hold an enormous image (a decompression bomb).
  if (width * height > limites.pixelesMaximos || width === 0 || height === 0) {
    return { texto: '', imagenes: [], rechazo: `imagen de ${width}×${height}` };
  }
  const escala = Math.min(1, limites.ladoMayor / Math.max(width, height));
  // JPEG and PNG of a fitting size go to the OCR as they are (it decodes them itself).
  if (escala === 1 && orientation === 1 && (type === 'jpg' || type === 'png'))
    return { texto: '', imagenes: [bytes] };
  // The canvas turns a phone photo upright by its EXIF orientation as it decodes it (the OCR reads
  // upright lines only).
  const imagen = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(Math.round(imagen.width * escala), Math.round(imagen.height * escala));
  const contexto = canvas.getContext('2d');
  contexto.fillStyle = '#ffffff';
  contexto.fillRect(0, 0, canvas.width, canvas.height);
  contexto.drawImage(imagen, 0, 0, canvas.width, canvas.height);
  return { texto: '', imagenes: [await canvas.encode('png')] };
}

process.on('message', async ({ id, tipo, bytes: recibidos, limites }) => {
  // The channel delivers a Buffer; pdfjs takes only a plain Uint8Array.
  const bytes = new Uint8Array(recibidos);
  try {
    const preparado =
      tipo === 'pdf' ? await prepararPdf(bytes, limites) : await prepararImagen(bytes, limites);
    process.send({ id, ...preparado, imagenes: preparado.imagenes.map((b) => new Uint8Array(b)) });
  } catch (error) {
    process.send({
      id,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }
});
// The server gone (its end of the channel closed): nothing left to prepare for.
process.on('disconnect', () => process.exit(0));
