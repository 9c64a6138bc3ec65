// Reads a receipt PDF back (producto §11) with pdfjs, as a reader would: its text, its metadata,
// its embedded fonts and the QR code's modules rebuilt from the drawn rectangles.
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfLeido {
  paginas: number;
  /** Every page's text, whitespace collapsed to one space (wrapped lines join back). */
  texto: string;
  /** The document information dictionary. */
  info: Record<string, unknown>;
  /** The drawn QR code as rows of 0/1 (null when no path of many rectangles was found). */
  qr: number[][] | null;
}

const DIBUJO = { moveTo: 0, lineTo: 1, closePath: 4 } as const;

/** The rectangles of one path of pdfjs's operator list (each `re` is move, 3 lines and close). */
function rectangulos(datos: ArrayLike<number>): { x: number; y: number; ancho: number; alto: number }[] {
  const lista: { x: number; y: number; ancho: number; alto: number }[] = [];
  let puntos: [number, number][] = [];
  for (let i = 0; i < datos.length; ) {
    const op = datos[i++];
    if (op === DIBUJO.moveTo || op === DIBUJO.lineTo) {
      puntos.push([datos[i]!, datos[i + 1]!]);
      i += 2;
    } else if (op === DIBUJO.closePath) {
      const xs = puntos.map((p) => p[0]);
      const ys = puntos.map((p) => p[1]);
      const x = Math.min(...xs);
      const y = Math.min(...ys);
      lista.push({ x, y, ancho: Math.max(...xs) - x, alto: Math.max(...ys) - y });
      puntos = [];
    } else {
      return []; // a curve: not the QR code
    }
  }
  return lista;
}

/** The QR's modules from its runs of dark modules: the path with the most rectangles. */
function qrDe(rects: { x: number; y: number; ancho: number; alto: number }[]): number[][] | null {
  if (rects.length < 50) return null;
  const modulo = Math.min(...rects.map((r) => r.alto));
  const x0 = Math.min(...rects.map((r) => r.x));
  const y0 = Math.min(...rects.map((r) => r.y));
  const lado = Math.round((Math.max(...rects.map((r) => r.x + r.ancho)) - x0) / modulo);
  const matriz = Array.from({ length: lado }, () => Array<number>(lado).fill(0));
  for (const r of rects) {
    const fila = Math.round((r.y - y0) / modulo);
    const col = Math.round((r.x - x0) / modulo);
    for (let k = 0; k < Math.round(r.ancho / modulo); k++) matriz[fila]![col + k] = 1;
  }
  return matriz;
}

export async function leerPdf(bytes: Uint8Array): Promise<PdfLeido> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const textos: string[] = [];
    let masRects: { x: number; y: number; ancho: number; alto: number }[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const pagina = await pdf.getPage(n);
      const contenido = await pagina.getTextContent();
      textos.push(
        contenido.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join(''),
      );
      const ops = await pagina.getOperatorList();
      ops.fnArray.forEach((fn, i) => {
        if (fn !== OPS.constructPath) return;
        const args = ops.argsArray[i] as [number, (ArrayLike<number> | null)[]];
        for (const datos of args[1] ?? []) {
          if (!datos) continue;
          const rects = rectangulos(datos);
          if (rects.length > masRects.length) masRects = rects;
        }
      });
    }
    const { info } = await pdf.getMetadata();
    return {
      paginas: pdf.numPages,
      texto: textos.join(' ').replace(/\s+/g, ' '),
      info: info as Record<string, unknown>,
      qr: qrDe(masRects),
    };
  } finally {
    await pdf.destroy();
  }
}

/** The BaseFont names of the fonts the PDF embeds as TrueType files (read from its bytes). */
export function fuentesIncrustadas(bytes: Uint8Array): { nombres: string[]; archivos: number } {
  const texto = Buffer.from(bytes).toString('latin1');
  const nombres = [...texto.matchAll(/\/BaseFont \/([A-Z]{6}\+[\w-]+)/g)].map((m) => m[1]!);
  const archivos = [...texto.matchAll(/\/FontFile2 \d+ 0 R/g)].length;
  return { nombres: [...new Set(nombres)].sort(), archivos };
}
