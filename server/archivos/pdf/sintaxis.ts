// The bytes of PDF syntax (ISO 32000-1, clause 7.2): their classes, and the names the scan knows.
//
// A name is never built as a string: its bytes, `#xx` escapes decoded as they come, walk a trie of
// the names the scan compares, and what the scan gets is that name's number (0 for any other).
// Building a string per name was most of the time of reading object streams.
//
// V8 reads an exported binding through a module cell at every use; the per-byte loops (lexico.ts,
// flujo-de-objetos.ts) keep these tables in bindings of their own module, or in locals.

export const REGULAR = 0;
export const BLANCO = 1;
const DELIMITADOR = 2;
export const CLASE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASE[c] = BLANCO;
for (const c of '()<>[]{}/%') CLASE[c.charCodeAt(0)] = DELIMITADOR;

export const CR = 0x0d;
export const LF = 0x0a;
export const BARRA = 0x2f;
const NUMERAL = 0x23;
export const esNumerico = (c: number) => (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;

/** Names that make a PDF run or carry something: pdfid's set, /OpenAction aside (acciones.ts). */
export const ACTIVOS = [
  'JS',
  'JavaScript',
  'AA',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'RichMedia',
  'XFA',
  'EmbeddedFile',
  'EmbeddedFiles',
] as const;

/** Action types (ISO 32000-2, 12.6.4) that are neither GoTo nor refused wherever they appear. */
export const OTRAS_ACCIONES = [
  'GoToDp',
  'Thread',
  'URI',
  'Sound',
  'Movie',
  'Hide',
  'Named',
  'ResetForm',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
  'RichMediaExecute',
] as const;

/** The names the scan compares; every other name is number 0. */
export const CONOCIDOS = [
  ...ACTIVOS,
  // /OpenAction, its keys and the other action types (acciones.ts).
  'OpenAction',
  'S',
  'Next',
  'GoTo',
  ...OTRAS_ACCIONES,
  // Streams and object streams (escaner.ts).
  'Type',
  'ObjStm',
  'Filter',
  'FlateDecode',
  'N',
  'First',
  'DecodeParms',
  'DP',
  'Encrypt',
] as const;

/** Each known name's number: its place in CONOCIDOS, from 1. */
export const N = Object.fromEntries(CONOCIDOS.map((nombre, k) => [nombre, k + 1])) as Record<
  (typeof CONOCIDOS)[number],
  number
>;

/** The words the scan compares (a word's `clavePalabra`, lexico.ts); any other is 0. */
export const PALABRAS = { R: 1, null: 2, stream: 3 } as const;

// The trie: node × byte → node (-1: no known name starts so), and the name each node ends.
const nodos: number[][] = [Array<number>(256).fill(-1)];
const finales: number[] = [0];
CONOCIDOS.forEach((nombre, k) => {
  let nodo = 0;
  for (const c of Buffer.from(nombre, 'latin1')) {
    if (nodos[nodo]![c] === -1) {
      nodos[nodo]![c] = nodos.length;
      nodos.push(Array<number>(256).fill(-1));
      finales.push(0);
    }
    nodo = nodos[nodo]![c]!;
  }
  finales[nodo] = k + 1;
});
const TRIE = Int16Array.from(nodos.flat());
const FINAL = Uint8Array.from(finales);

function valorHex(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/**
 * One name, byte by byte (after the slash), its `#xx` escapes decoded as a reader does: `#`
 * followed by two hex digits is one byte; otherwise the `#` is itself.
 */
export class Nombre {
  private nodo = 0;
  /** 0: no escape pending; 1: after `#`; 2: after `#` and a hex digit (`digito`). */
  private escape = 0;
  private digito = 0;

  empezar() {
    this.nodo = 0;
    this.escape = 0;
  }

  agregar(c: number): void {
    if (this.escape === 0) {
      if (c === NUMERAL) this.escape = 1;
      else if (this.nodo >= 0) this.nodo = TRIE[this.nodo * 256 + c]!;
      return;
    }
    if (this.escape === 1) {
      if (valorHex(c) >= 0) {
        this.digito = c;
        this.escape = 2;
        return;
      }
      this.escape = 0;
      this.paso(NUMERAL);
      return this.agregar(c);
    }
    this.escape = 0;
    const bajo = valorHex(c);
    if (bajo >= 0) return this.paso(valorHex(this.digito) * 16 + bajo);
    this.paso(NUMERAL);
    this.paso(this.digito);
    this.agregar(c);
  }

  private paso(b: number) {
    if (this.nodo >= 0) this.nodo = TRIE[this.nodo * 256 + b]!;
  }

  /** The name's number in CONOCIDOS (0: another name). */
  terminar(): number {
    if (this.escape === 1) this.paso(NUMERAL);
    else if (this.escape === 2) {
      this.paso(NUMERAL);
      this.paso(this.digito);
    }
    this.escape = 0;
    const numero = this.nodo >= 0 ? FINAL[this.nodo]! : 0;
    this.nodo = 0;
    return numero;
  }
}
