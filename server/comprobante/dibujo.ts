// Draws one version of the receipt (producto §11, producto §14) with pdfkit: A4, DejaVu fonts embedded (subset), the QR code
// of the verification address as vector rectangles. Everything is placed by hand (heights
// measured before drawing), so a page break never splits a row and never happens by surprise.
import QRCode from 'qrcode';
import { CAMPOS } from '../../domain/campos.js';
import { fechaHoraArgentina } from '../../domain/fecha-hora.js';
import { TEXTOS_SEGUIMIENTO, TEXTOS_VERSIONES } from '../../domain/index.js';
import type { DatosComprobante } from './datos.js';
import { tamanioConBytes } from './formato.js';
import { nuevoPdf } from './fuentes.js';

export const AUTOR_COMPROBANTE = 'Asociación Médica de Rosario';

export const ROTULOS_COMPROBANTE = {
  numero: CAMPOS.numero.comprobante,
  fechaHora: CAMPOS.creadaEn.comprobante,
  nombre: CAMPOS.apellidoynombre.etiqueta,
  dni: CAMPOS.dni.etiqueta,
  matricula: CAMPOS.matricula.etiqueta,
  documentos: 'Documentos',
  sha256: 'SHA-256',
  equipos: 'Equipos',
  sinEquipos: 'No se declararon equipos.',
  columnasEquipos: ['Tipo', 'Marca', 'Modelo', 'Año', 'Origen', 'Observaciones'],
  version: TEXTOS_VERSIONES.emitida,
  reemplazados: TEXTOS_VERSIONES.documentosReemplazados,
  sha256Anterior: 'SHA-256 anterior',
  verificar: 'Verificá este comprobante en:',
  explicacionQr:
    'Escaneá el código o abrí la dirección para ver el estado de la solicitud y comprobar que los ' +
    'documentos recibidos son los que enviaste: cada archivo tiene la huella SHA-256 de arriba. La ' +
    'dirección es la de esta versión: si una corrección la reemplaza, la página lo dice.',
  horaArgentina: '(hora de Argentina)',
  pagina: (n: number, de: number) => `Página ${n} de ${de}`,
} as const;

const ANCHO = 595.28; // A4 in points
const ALTO = 841.89;
const MARGEN = 50;
const X = MARGEN;
const ANCHO_UTIL = ANCHO - 2 * MARGEN;
/** Content stops here; the footer lives below. */
const LIMITE = ALTO - MARGEN - 14;
const GRIS = '#555555';
const LINEA = '#bbbbbb';
const LADO_QR = 104;

type Doc = PDFKit.PDFDocument;

/** The QR's dark modules as horizontal runs (row, first column, length): few rectangles to draw. */
export function tramosDelQr(url: string): { tamanio: number; tramos: [number, number, number][] } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const tramos: [number, number, number][] = [];
  for (let fila = 0; fila < modules.size; fila++) {
    let inicio = -1;
    for (let col = 0; col <= modules.size; col++) {
      const oscuro = col < modules.size && modules.get(fila, col);
      if (oscuro && inicio < 0) inicio = col;
      if (!oscuro && inicio >= 0) {
        tramos.push([fila, inicio, col - inicio]);
        inicio = -1;
      }
    }
  }
  return { tamanio: modules.size, tramos };
}

const nfc = (texto: string) => texto.normalize('NFC');

function nuevaPagina(doc: Doc): number {
  doc.addPage();
  return MARGEN;
}

/** `alto` more points fit on this page, or a new page starts: the y to draw at. */
function espacio(doc: Doc, y: number, alto: number): number {
  return y + alto <= LIMITE ? y : nuevaPagina(doc);
}

function regla(doc: Doc, y: number, color = LINEA): void {
  doc.moveTo(X, y).lineTo(X + ANCHO_UTIL, y).lineWidth(0.6).strokeColor(color).stroke();
}

function titulo(doc: Doc, y: number, texto: string): number {
  doc.font('negrita').fontSize(12).fillColor('black').text(texto, X, y, { width: ANCHO_UTIL, lineBreak: false });
  regla(doc, y + 17);
  return y + 24;
}

function encabezado(doc: Doc, d: DatosComprobante): number {
  let y = MARGEN;
  doc.font('negrita').fontSize(16).fillColor('black');
  doc.text(TEXTOS_VERSIONES.titulo(d.version), X, y, { width: ANCHO_UTIL });
  y = doc.y + 2;
  doc.font('sans').fontSize(10).fillColor(GRIS);
  doc.text(`${TEXTOS_SEGUIMIENTO.tituloComprobante} — ${AUTOR_COMPROBANTE}`, X, y, { width: ANCHO_UTIL });
  y = doc.y + 8;
  regla(doc, y, '#333333');
  y += 10;

  const ANCHO_ROTULO = 130;
  const filas: [string, string][] = [
    [ROTULOS_COMPROBANTE.numero, d.numero],
    [ROTULOS_COMPROBANTE.fechaHora, `${fechaHoraArgentina(d.creadaEn)} ${ROTULOS_COMPROBANTE.horaArgentina}`],
    [
      ROTULOS_COMPROBANTE.version,
      `${d.version}, ${fechaHoraArgentina(d.emitidoEn)} ${ROTULOS_COMPROBANTE.horaArgentina}`,
    ],
    [ROTULOS_COMPROBANTE.nombre, nfc(d.apellidoynombre)],
    [ROTULOS_COMPROBANTE.dni, d.dni],
    [ROTULOS_COMPROBANTE.matricula, nfc(d.matricula)],
  ];
  for (const [rotulo, valor] of filas) {
    const opciones = { width: ANCHO_UTIL - ANCHO_ROTULO };
    doc.font('sans').fontSize(11);
    const alto = doc.heightOfString(valor, opciones);
    doc.font('negrita').fontSize(10).fillColor(GRIS).text(rotulo, X, y + 1, { width: ANCHO_ROTULO - 8 });
    doc.font('sans').fontSize(11).fillColor('black').text(valor, X + ANCHO_ROTULO, y, opciones);
    y += Math.max(alto, 14) + 5;
  }
  return y + 8;
}

const ANCHO_DERECHA = 170;

/** A file's row: its label, what goes on the right (size, or date), and a SHA-256 on its own line. */
interface FilaDeArchivo {
  etiqueta: string;
  derecha: string;
  rotuloHuella: string;
  huella: string;
}

/** A section of file rows under its title; nothing when it has none. */
function filasDeArchivos(doc: Doc, y: number, tituloSeccion: string, filas: readonly FilaDeArchivo[]): number {
  if (filas.length === 0) return y;
  y = titulo(doc, espacio(doc, y, 24 + 34), tituloSeccion);
  for (const fila of filas) {
    y = espacio(doc, y, 34);
    doc.font('sans').fontSize(10).fillColor('black');
    doc.text(fila.etiqueta, X, y, { width: ANCHO_UTIL - ANCHO_DERECHA - 8, lineBreak: false });
    doc.fontSize(9).fillColor(GRIS);
    doc.text(fila.derecha, X + ANCHO_UTIL - ANCHO_DERECHA, y + 1, {
      width: ANCHO_DERECHA,
      align: 'right',
      lineBreak: false,
    });
    doc.font('sans').fontSize(8).fillColor(GRIS);
    doc.text(fila.rotuloHuella, X + 10, y + 15, { lineBreak: false });
    // 64 hex digits in monospace 8 pt: 308 pt, on one line after the label.
    const x = X + 16 + doc.widthOfString(fila.rotuloHuella);
    doc.font('mono').fontSize(8).fillColor('black').text(fila.huella, x, y + 15, { lineBreak: false });
    y += 34;
  }
  return y + 10;
}

const documentos = (doc: Doc, y: number, d: DatosComprobante): number =>
  filasDeArchivos(
    doc,
    y,
    ROTULOS_COMPROBANTE.documentos,
    d.documentos.map((documento) => ({
      etiqueta: documento.etiqueta,
      derecha: tamanioConBytes(documento.bytes),
      rotuloHuella: ROTULOS_COMPROBANTE.sha256,
      huella: documento.sha256,
    })),
  );

/** Each replaced document: label, date "por corrección", and the SHA-256 it had. */
const reemplazados = (doc: Doc, y: number, d: DatosComprobante): number =>
  filasDeArchivos(
    doc,
    y,
    ROTULOS_COMPROBANTE.reemplazados,
    d.reemplazados.map((r) => ({
      etiqueta: r.etiqueta,
      derecha: `${fechaHoraArgentina(r.en)}, ${TEXTOS_VERSIONES.porCorreccion}`,
      rotuloHuella: ROTULOS_COMPROBANTE.sha256Anterior,
      huella: r.sha256,
    })),
  );

function equipos(doc: Doc, y: number, d: DatosComprobante): number {
  y = titulo(doc, espacio(doc, y, 24 + 36), ROTULOS_COMPROBANTE.equipos);
  if (d.equipos.length === 0) {
    doc.font('sans').fontSize(10).fillColor(GRIS).text(ROTULOS_COMPROBANTE.sinEquipos, X, y);
    return doc.y + 16;
  }
  const anchos = [118, 80, 80, 34, 70, ANCHO_UTIL - 118 - 80 - 80 - 34 - 70];
  const TAMANIO = 8.5;
  const celdas = (valores: readonly string[], fuente: 'sans' | 'negrita', fila: number) => {
    let x = X;
    valores.forEach((valor, i) => {
      doc.font(fuente).fontSize(TAMANIO).fillColor('black').text(valor, x, fila, { width: anchos[i]! - 6 });
      x += anchos[i]!;
    });
  };
  const cabecera = (fila: number) => {
    celdas(ROTULOS_COMPROBANTE.columnasEquipos, 'negrita', fila);
    regla(doc, fila + 13);
    return fila + 17;
  };
  y = cabecera(y);
  for (const e of d.equipos) {
    const valores = [e.tipo, e.marca, e.modelo, String(e.anio), e.origen, e.observaciones ?? ''].map(nfc);
    doc.font('sans').fontSize(TAMANIO);
    const alto = Math.max(...valores.map((v, i) => doc.heightOfString(v || ' ', { width: anchos[i]! - 6 })));
    if (y + alto + 6 > LIMITE) y = cabecera(nuevaPagina(doc));
    celdas(valores, 'sans', y);
    y += alto + 3;
    regla(doc, y, '#e0e0e0');
    y += 4;
  }
  return y + 10;
}

function verificacion(doc: Doc, y: number, d: DatosComprobante): void {
  y = espacio(doc, y, 20 + LADO_QR + 22);
  doc.font('negrita').fontSize(11).fillColor('black').text(ROTULOS_COMPROBANTE.verificar, X, y, { lineBreak: false });
  y += 20;

  const { tamanio, tramos } = tramosDelQr(d.urlVerificacion);
  const modulo = LADO_QR / (tamanio + 8); // 4 modules of quiet zone on each side
  const origen = X + 4 * modulo;
  for (const [fila, col, largo] of tramos) {
    doc.rect(origen + col * modulo, y + 4 * modulo + fila * modulo, largo * modulo, modulo);
  }
  doc.fillColor('black').fill();

  doc.font('sans').fontSize(9).fillColor(GRIS);
  doc.text(ROTULOS_COMPROBANTE.explicacionQr, X + LADO_QR + 14, y + 4 * modulo, {
    width: ANCHO_UTIL - LADO_QR - 14,
  });

  // The address on one line (it is copied from here): the size shrinks to fit a long PUBLIC_URL.
  doc.font('mono');
  let tamanioUrl = 9;
  while (tamanioUrl > 5 && doc.fontSize(tamanioUrl).widthOfString(d.urlVerificacion) > ANCHO_UTIL) tamanioUrl -= 0.5;
  doc.fillColor('black').text(d.urlVerificacion, X, y + LADO_QR + 4, {
    width: ANCHO_UTIL,
    lineBreak: false,
    link: d.urlVerificacion,
  });
}

function pies(doc: Doc, d: DatosComprobante): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: without this pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    regla(doc, ALTO - MARGEN + 4);
    doc.font('sans').fontSize(8).fillColor(GRIS);
    doc.text(`${ROTULOS_COMPROBANTE.numero} ${d.numero} — ${TEXTOS_VERSIONES.titulo(d.version)}`, X, ALTO - MARGEN + 10, {
      lineBreak: false,
    });
    doc.text(ROTULOS_COMPROBANTE.pagina(i - start + 1, count), X, ALTO - MARGEN + 10, {
      width: ANCHO_UTIL,
      align: 'right',
      lineBreak: false,
    });
  }
}

/** The receipt's PDF from its data. */
export async function dibujarComprobante(d: DatosComprobante): Promise<Buffer> {
  const doc = await nuevoPdf(MARGEN, {
    Title: `${TEXTOS_VERSIONES.titulo(d.version)} ${d.numero}`,
    Author: AUTOR_COMPROBANTE,
    Subject: `${ROTULOS_COMPROBANTE.numero} ${d.numero}`,
  });

  const partes: Buffer[] = [];
  const listo = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (parte: Buffer) => partes.push(parte));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
  });

  let y = encabezado(doc, d);
  y = documentos(doc, y, d);
  y = reemplazados(doc, y, d);
  y = equipos(doc, y, d);
  verificacion(doc, y, d);
  pies(doc, d);
  doc.end();
  return listo;
}
