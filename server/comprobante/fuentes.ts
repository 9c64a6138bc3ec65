// The receipt's fonts: DejaVu (npm dejavu-fonts-ttf), full TTFs embedded as subsets, so any name
// (Łukasz Şahin Nguyễn) prints; the 14 standard PDF fonts only cover WinAnsi. Each file is read
// and parsed once per process with fontkit, pdfkit's own font engine: pdfkit 0.20 accepts a
// parsed fontkit Font in `registerFont` (its changelog), and parsing DejaVu's tables on every
// receipt was most of a receipt's time (decision 084). Each document still makes its own subset.
// pdfkit and fontkit (about 0.3 s to load) are imported with the first PDF, not when the server
// or a command starts: most processes never draw one.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type PDFDocumentoTipo from 'pdfkit';

const carpeta = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);

/** A parsed font, as pdfkit's `registerFont` takes it (its typings list only paths and bytes). */
type FuenteParseada = PDFKit.Mixins.PDFFontSource;

export interface Fuentes {
  sans: FuenteParseada;
  negrita: FuenteParseada;
  mono: FuenteParseada;
}

interface Motor {
  PDFDocument: typeof PDFDocumentoTipo;
  fuentes: Fuentes;
}

let motor: Promise<Motor> | undefined;

async function cargarMotor(): Promise<Motor> {
  const [{ default: PDFDocument }, { create }] = await Promise.all([import('pdfkit'), import('fontkit')]);
  const parsear = (archivo: string): FuenteParseada =>
    create(readFileSync(path.join(carpeta, archivo))) as unknown as FuenteParseada;
  return {
    PDFDocument,
    fuentes: {
      sans: parsear('DejaVuSans.ttf'),
      negrita: parsear('DejaVuSans-Bold.ttf'),
      mono: parsear('DejaVuSansMono.ttf'),
    },
  };
}

/**
 * An A4 PDF in Spanish with the three fonts registered ('sans', 'negrita', 'mono'): how the
 * receipt and the personal-data summary both begin.
 */
export async function nuevoPdf(margen: number, info: PDFKit.DocumentInfo): Promise<PDFKit.PDFDocument> {
  // A failed load is tried again by the next document, not remembered.
  motor ??= cargarMotor().catch((error: unknown) => {
    motor = undefined;
    throw error;
  });
  const { PDFDocument, fuentes: f } = await motor;
  const doc = new PDFDocument({
    size: 'A4',
    margin: margen,
    bufferPages: true,
    lang: 'es-AR',
    displayTitle: true,
    pdfVersion: '1.7',
    // The starting font: without one pdfkit parses Helvetica's metrics for every document.
    font: f.sans as unknown as string,
    info: { ...info, Creator: 'Alta de Prestadores' },
  });
  doc.registerFont('sans', f.sans);
  doc.registerFont('negrita', f.negrita);
  doc.registerFont('mono', f.mono);
  return doc;
}
