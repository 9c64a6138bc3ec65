// `npx tsx scripts/corpus-lectura.ts` — writes the reading corpus of producto §17 to
// tests/fixtures/lectura/: each document of scripts/corpus-lectura/documentos.ts as a text PDF
// (pdfkit), a scanned PDF (the page drawn in Chromium, greyed, slightly skewed and grainy, as a JPEG
// inside a PDF), a scan saved as PNG, or a phone photo (JPEG: the sheet on a table, tilted in
// perspective, shadowed, a little blurred, off-white paper); and corpus.json, what the reading must
// answer for each. The same bytes each run with the same Chromium: run it only to change the corpus.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_PRUEBAS } from './chromium.mjs';
import { DOCUMENTOS, type DocumentoCorpus } from './corpus-lectura/documentos.js';

const DESTINO = path.resolve(import.meta.dirname, '../tests/fixtures/lectura');
const A4 = { ancho: 794, alto: 1123 };
// A fixed creation date: the same text PDFs each run.
const FECHA = new Date(Date.UTC(2026, 0, 2));

const escapar = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function pdfDeTexto(d: DocumentoCorpus, i: number): Promise<Buffer> {
  return new Promise((resolver, rechazar) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 64,
      info: { Title: d.titulo, Producer: 'corpus', CreationDate: FECHA },
    });
    const partes: Buffer[] = [];
    doc.on('data', (b: Buffer) => partes.push(b));
    doc.on('end', () => resolver(Buffer.concat(partes)));
    doc.on('error', rechazar);
    const [normal, negrita] = i % 2 === 0 ? ['Helvetica', 'Helvetica-Bold'] : ['Times-Roman', 'Times-Bold'];
    doc.font(negrita).fontSize(10).fillColor('#1d3b6a').text(d.emisor, { align: 'center' });
    doc.moveDown(1.5).fontSize(16).fillColor('black').text(d.titulo, { align: 'center' });
    doc.moveDown(1.5).font(normal).fontSize(11);
    for (const [etiqueta, valor] of d.datos ?? []) {
      doc.font(negrita).text(`${etiqueta}: `, { continued: true }).font(normal).text(valor);
    }
    if (d.datos) doc.moveDown();
    for (const p of d.parrafos) doc.text(p, { align: 'justify' }).moveDown(0.8);
    if (d.pie) doc.moveDown(2).text(d.pie, { align: 'right' });
    doc.moveDown(4).fontSize(9).fillColor('#555').text('Firma y sello', { align: 'right' });
    doc.end();
  });
}

const FUENTES = [
  '"DejaVu Serif", serif',
  '"Liberation Sans", sans-serif',
  '"Liberation Serif", serif',
  '"DejaVu Sans", sans-serif',
];

/** The sheet as HTML: letterhead, title, a table of labels and values, paragraphs, signature. */
function hoja(d: DocumentoCorpus, i: number, papel: string): string {
  const filas = (d.datos ?? [])
    .map(([e, v]) => `<tr><th>${escapar(e)}:</th><td>${escapar(v)}</td></tr>`)
    .join('');
  return `<div class="hoja" style="font-family:${FUENTES[i % FUENTES.length]};background:${papel}">
    <div class="membrete"><span class="sello"></span>${escapar(d.emisor)}</div>
    <h1>${escapar(d.titulo)}</h1>
    ${filas ? `<table>${filas}</table>` : ''}
    ${d.parrafos.map((p) => `<p>${escapar(p)}</p>`).join('')}
    ${d.pie ? `<p class="pie">${escapar(d.pie)}</p>` : ''}
    <div class="firma">Firma y sello</div>
  </div>`;
}

const ESTILO_HOJA = `
  .hoja { position: relative; width: ${A4.ancho}px; height: ${A4.alto}px; box-sizing: border-box; padding: 80px 84px; color: #161616; font-size: 18px; line-height: 1.5; overflow: hidden; }
  .membrete { font-size: 14px; font-weight: bold; color: #23406e; text-align: center; border-bottom: 2px solid #23406e; padding-bottom: 10px; }
  .sello { display: inline-block; width: 26px; height: 26px; border-radius: 50%; border: 3px double #23406e; vertical-align: middle; margin-right: 10px; }
  h1 { font-size: 24px; text-align: center; margin: 44px 0 30px; letter-spacing: 0.5px; }
  table { border-collapse: collapse; margin: 0 0 24px; }
  th { text-align: left; padding: 5px 18px 5px 0; font-weight: bold; }
  td { padding: 5px 0; }
  p { text-align: justify; margin: 0 0 16px; }
  .pie { text-align: right; margin-top: 40px; }
  .firma { position: absolute; right: 90px; bottom: 120px; width: 220px; border-top: 1px solid #333; text-align: center; font-size: 13px; padding-top: 6px; }
`;

/** Grain: fractal noise over the image, greyed, overlaid. */
const grano = (semilla: number, opacidad: number) =>
  `<svg class="grano" style="position:absolute;inset:0;width:100%;height:100%;opacity:${opacidad};mix-blend-mode:overlay;pointer-events:none">
    <filter id="g${semilla}"><feTurbulence type="fractalNoise" baseFrequency="1.1" numOctaves="2" seed="${semilla}"/><feColorMatrix type="saturate" values="0"/></filter>
    <rect width="100%" height="100%" filter="url(#g${semilla})"/></svg>`;

async function escaneo(
  pagina: Page,
  d: DocumentoCorpus,
  i: number,
  formato: 'jpeg' | 'png',
): Promise<Buffer> {
  const giro = ((i % 5) - 2) * 0.35;
  await pagina.setViewportSize({ width: A4.ancho, height: A4.alto });
  await pagina.setContent(`<html><head><style>${ESTILO_HOJA}
    body { margin: 0; background: #d9d9d9; }
    .escaner { width: ${A4.ancho}px; height: ${A4.alto}px; position: relative; overflow: hidden; filter: grayscale(1) contrast(1.15) brightness(1.02); }
    .escaner .hoja { transform: rotate(${giro}deg) scale(0.985); transform-origin: 50% 50%; }
  </style></head><body><div class="escaner">${hoja(d, i, '#fbfbf8')}${formato === 'jpeg' ? grano(i, 0.2) : ''}</div></body></html>`);
  return pagina.screenshot({
    type: formato,
    ...(formato === 'jpeg' ? { quality: 60 } : {}),
    fullPage: false,
  });
}

function escena(tipo: 'paisaje' | 'escritorio'): string {
  if (tipo === 'paisaje') {
    return `<div style="position:absolute;inset:0;background:linear-gradient(#6fa8dc 0%,#cfe2f3 55%,#7aa65a 56%,#38761d 100%)">
      <div style="position:absolute;left:620px;top:120px;width:120px;height:120px;border-radius:50%;background:radial-gradient(#fff6c0,#ffd966)"></div>
      <div style="position:absolute;left:-100px;top:560px;width:700px;height:300px;border-radius:50%;background:#6aa84f"></div>
      <div style="position:absolute;left:380px;top:600px;width:800px;height:380px;border-radius:50%;background:#4f8a3a"></div>
      <div style="position:absolute;left:200px;top:470px;width:24px;height:180px;background:#5b3a1e"></div>
      <div style="position:absolute;left:130px;top:360px;width:170px;height:170px;border-radius:50%;background:#2f6b22"></div></div>`;
  }
  return `<div style="position:absolute;inset:0;background:repeating-linear-gradient(88deg,#8a5a33 0 30px,#7b4e2b 30px 70px,#936239 70px 95px)">
    <div style="position:absolute;left:140px;top:260px;width:220px;height:220px;border-radius:50%;background:radial-gradient(#3b2416 55%,#f4f1ea 57%,#e8e3d8 70%);box-shadow:18px 22px 30px rgba(0,0,0,.45)"></div>
    <div style="position:absolute;left:520px;top:300px;width:210px;height:400px;border-radius:28px;background:#1c1c1e;box-shadow:14px 18px 26px rgba(0,0,0,.5)"></div>
    <div style="position:absolute;left:180px;top:760px;width:460px;height:22px;border-radius:11px;background:linear-gradient(#2d5fb8,#173a7a);transform:rotate(-18deg)"></div></div>`;
}

async function foto(pagina: Page, d: DocumentoCorpus, i: number): Promise<Buffer> {
  const giro = [-3, 2.5, -1.5, 3.5, -2.5][i % 5]!;
  const inclinacion = [6, 9, 4, 8, 5][i % 5]!;
  const papel = ['#f1ece0', '#ede6d6', '#f4f0e6', '#e9e4d9'][i % 4]!;
  await pagina.setViewportSize({ width: 900, height: 1200 });
  const contenido = d.escena
    ? escena(d.escena)
    : `<div class="hoja-foto">${hoja(d, i, papel)}</div>
       <div style="position:absolute;inset:0;background:linear-gradient(${120 + i * 17}deg,rgba(0,0,0,.32) 0%,rgba(0,0,0,0) 45%)"></div>`;
  await pagina.setContent(`<html><head><style>${ESTILO_HOJA}
    body { margin: 0; }
    .mesa { position: relative; width: 900px; height: 1200px; overflow: hidden; background: radial-gradient(circle at 30% 20%, #8b7d6b, #4a4036); filter: blur(0.7px) saturate(0.9); }
    .hoja-foto { position: absolute; left: 53px; top: 38px; transform: perspective(1400px) rotateX(${inclinacion}deg) rotateZ(${giro}deg) scale(0.93); transform-origin: 50% 55%; box-shadow: 10px 14px 30px rgba(0,0,0,.5); }
  </style></head><body><div style="position:relative;width:900px;height:1200px"><div class="mesa">${contenido}</div>${grano(100 + i, 0.3)}</div></body></html>`);
  return pagina.screenshot({ type: 'jpeg', quality: 68 });
}

function pdfConImagen(jpeg: Buffer): Promise<Buffer> {
  return new Promise((resolver, rechazar) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      info: { Producer: 'escáner', CreationDate: FECHA },
    });
    const partes: Buffer[] = [];
    doc.on('data', (b: Buffer) => partes.push(b));
    doc.on('end', () => resolver(Buffer.concat(partes)));
    doc.on('error', rechazar);
    doc.image(jpeg, 0, 0, { width: doc.page.width, height: doc.page.height });
    doc.end();
  });
}

const MIME = {
  'pdf-texto': 'application/pdf',
  'pdf-escaneado': 'application/pdf',
  foto: 'image/jpeg',
  'escaneo-png': 'image/png',
};

const navegador = await chromium.launch({
  executablePath: CHROMIUM_PRUEBAS,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await rm(DESTINO, { recursive: true, force: true });
  await mkdir(DESTINO, { recursive: true });
  // Device scale: a scan of about 130 dpi, a photo of about 1200 × 1600 pixels.
  const escaner = await (await navegador.newContext({ deviceScaleFactor: 1.35 })).newPage();
  const telefono = await (await navegador.newContext({ deviceScaleFactor: 1.3 })).newPage();
  let total = 0;
  for (const [i, d] of DOCUMENTOS.entries()) {
    const bytes =
      d.clase === 'pdf-texto'
        ? await pdfDeTexto(d, i)
        : d.clase === 'pdf-escaneado'
          ? await pdfConImagen(await escaneo(escaner, d, i, 'jpeg'))
          : d.clase === 'escaneo-png'
            ? await escaneo(escaner, d, i, 'png')
            : await foto(telefono, d, i);
    await writeFile(path.join(DESTINO, d.archivo), bytes);
    total += bytes.length;
    console.log(
      `${d.archivo.padEnd(24)} ${d.clase.padEnd(14)} ${(bytes.length / 1024).toFixed(0).padStart(5)} KiB`,
    );
  }
  const manifiesto = DOCUMENTOS.map((d) => ({
    archivo: d.archivo,
    clase: d.clase,
    mime: MIME[d.clase],
    esperada: d.esperada,
    nota: d.nota,
  }));
  await writeFile(path.join(DESTINO, 'corpus.json'), JSON.stringify(manifiesto, null, 2) + '\n');
  console.log(`${DOCUMENTOS.length} documentos, ${(total / 1024 / 1024).toFixed(2)} MiB`);
} finally {
  await navegador.close();
}
