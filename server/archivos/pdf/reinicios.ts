// Where a reader may start parsing, found natively in each chunk: an object header (`N G obj`,
// comments allowed between its tokens, as readers allow) or a `trailer` keyword, wherever it is —
// inside what a sequential reading takes for stream data, a string or a comment included. A reader
// finds objects by the offsets of the xref table (or, repairing, by looking for `N G obj`), not by
// reading the file in order, so the scanner starts afresh at each of these points (decision 076),
// and jumps inside stream data to the next `endstream` (decision 092).
import { BLANCO, CLASE, CR, esNumerico, LF } from './sintaxis.js';

// The automata are tables: state × byte → state.

/** A KMP automaton finding `patron`; reaching state `patron.length` is a match. */
function automataDe(patron: string): Uint8Array {
  const m = patron.length;
  const tabla = new Uint8Array((m + 1) * 256);
  let borde = 0; // the state a mismatch at the current state falls back to
  for (let estado = 0; estado <= m; estado++) {
    for (let c = 0; c < 256; c++) tabla[estado * 256 + c] = tabla[borde * 256 + c]!;
    if (estado < m) {
      const c = patron.charCodeAt(estado);
      tabla[estado * 256 + c] = estado + 1;
      if (estado > 0) borde = tabla[borde * 256 + c]!;
    }
  }
  return tabla;
}

export const FIN_DE_FLUJO = automataDe('endstream');
export const FIN_COMPLETO = 'endstream'.length;
const TRAILER = automataDe('trailer');
const TRAILER_COMPLETO = 'trailer'.length;

// The object-header automaton: a number, blanks, a number, blanks, `obj` — with comments
// between the tokens, and `5 0obj` too, as readers accept — found anywhere, a header inside a
// comment included. Built as a DFA from this NFA, whose start state is always active.
const H_INICIO = 0;
const H_NUM1 = 1;
const H_BLANCO1 = 2;
const H_COMENTARIO1 = 3;
const H_NUM2 = 4;
const H_BLANCO2 = 5;
const H_COMENTARIO2 = 6;
const H_O = 7;
const H_OB = 8;
const H_COMPLETA = 9;

/** The NFA states (a bit mask) one state goes to with byte `c`. */
function pasoDeCabecera(h: number, c: number): number {
  const numero = esNumerico(c);
  const blanco = CLASE[c] === BLANCO;
  const finDeLinea = c === CR || c === LF;
  const a = (estado: number) => 1 << estado;
  switch (h) {
    case H_INICIO:
      return a(H_INICIO) | (numero ? a(H_NUM1) : 0);
    case H_NUM1:
    case H_BLANCO1:
      if (numero) return a(h === H_NUM1 ? H_NUM1 : H_NUM2);
      if (blanco) return a(H_BLANCO1);
      return c === 0x25 ? a(H_COMENTARIO1) : 0;
    case H_COMENTARIO1:
      return a(finDeLinea ? H_BLANCO1 : H_COMENTARIO1);
    case H_NUM2:
      if (numero) return a(H_NUM2);
      if (blanco) return a(H_BLANCO2);
      if (c === 0x25) return a(H_COMENTARIO2);
      return c === 0x6f ? a(H_O) : 0;
    case H_BLANCO2:
      if (blanco) return a(H_BLANCO2);
      if (c === 0x25) return a(H_COMENTARIO2);
      return c === 0x6f ? a(H_O) : 0;
    case H_COMENTARIO2:
      return a(finDeLinea ? H_BLANCO2 : H_COMENTARIO2);
    case H_O:
      return c === 0x62 ? a(H_OB) : 0;
    case H_OB:
      return c === 0x6a ? a(H_COMPLETA) : 0;
    default:
      return 0;
  }
}

/** Subset construction: each DFA state is a set of NFA states; state 0 is {H_INICIO}. */
function automataDeCabecera(): { tabla: Uint16Array; completa: Uint8Array } {
  const conjuntos = [1 << H_INICIO];
  const indice = new Map([[conjuntos[0]!, 0]]);
  const filas: number[][] = [];
  for (let i = 0; i < conjuntos.length; i++) {
    const fila: number[] = [];
    for (let c = 0; c < 256; c++) {
      let siguiente = 0;
      for (let h = 0; h <= H_COMPLETA; h++) if (conjuntos[i]! & (1 << h)) siguiente |= pasoDeCabecera(h, c);
      if (!indice.has(siguiente)) {
        indice.set(siguiente, conjuntos.length);
        conjuntos.push(siguiente);
      }
      fila.push(indice.get(siguiente)!);
    }
    filas.push(fila);
  }
  return {
    tabla: Uint16Array.from(filas.flat()),
    completa: Uint8Array.from(conjuntos, (conjunto) => (conjunto & (1 << H_COMPLETA) ? 1 : 0)),
  };
}

const { tabla: CABECERA, completa: CABECERA_COMPLETA } = automataDeCabecera();

export const ENDSTREAM = Buffer.from('endstream', 'latin1');
const OBJ = Buffer.from('obj', 'latin1');
const TRAILER_TEXTO = Buffer.from('trailer', 'latin1');

/** Runs a table automaton over `trozo[desde, hasta)` from `estado`. */
export function estadoKmp(
  tabla: Uint8Array | Uint16Array,
  trozo: Buffer,
  desde: number,
  hasta: number,
  estado: number,
): number {
  for (let k = desde; k < hasta; k++) estado = tabla[estado * 256 + trozo[k]!]!;
  return estado;
}

// Skipping ahead (the scan reads most bytes with native searches, not one at a time): the header
// automaton's state depends on bytes arbitrarily far back (a comment between `5 0` and `obj`), but
// an end of line followed by one of these bytes leaves it, from any state, in its start state — so
// its state at any point is found by running it from the last such pair before that point.
const SINCRONIZA = new Uint8Array(256);
for (let k = 0; k < 256; k++) {
  let siempre = true;
  for (let estado = 0; estado < CABECERA_COMPLETA.length && siempre; estado++) {
    for (const eol of [CR, LF]) if (CABECERA[CABECERA[estado * 256 + eol]! * 256 + k] !== 0) siempre = false;
  }
  SINCRONIZA[k] = siempre ? 1 : 0;
}

/**
 * Where in one chunk an object header (`N G obj`) or `trailer` ends — the points where the lexer
 * starts afresh — and the two automata's states at the chunk's end. The same points the automata
 * would find reading every byte: a header can only end with `obj` and a trailer is the whole
 * word, so only those occurrences (found natively) are checked, each by running the header
 * automaton from the last synchronising pair before it.
 */
export class Reinicios {
  private readonly puntos: number[] = [];
  private indice = 0;
  /** The header automaton's state before byte `conocido`. */
  private conocido = 0;
  private estado: number;
  private trailer: number;

  constructor(
    private readonly trozo: Buffer,
    cabecera: number,
    trailer: number,
  ) {
    const n = trozo.length;
    // The first bytes one at a time: a header or trailer begun in the previous chunk ends here.
    const inicial = Math.min(n, TRAILER_COMPLETO);
    for (let k = 0; k < inicial; k++) {
      const c = trozo[k]!;
      cabecera = CABECERA[cabecera * 256 + c]!;
      trailer = TRAILER[trailer * 256 + c]!;
      if (CABECERA_COMPLETA[cabecera] || trailer === TRAILER_COMPLETO) this.puntos.push(k);
    }
    this.conocido = inicial;
    this.estado = cabecera;
    this.trailer = trailer;
    if (inicial === n) return;
    const otros: number[] = [];
    for (let e = trozo.indexOf(OBJ, Math.max(0, inicial - 2)); e >= 0; e = trozo.indexOf(OBJ, e + 1)) {
      const k = e + 2;
      if (k < inicial) continue;
      if (CABECERA_COMPLETA[this.avanzar(k + 1)]) otros.push(k);
    }
    for (
      let e = trozo.indexOf(TRAILER_TEXTO, Math.max(0, inicial - 6));
      e >= 0;
      e = trozo.indexOf(TRAILER_TEXTO, e + 1)
    ) {
      const k = e + TRAILER_COMPLETO - 1;
      if (k >= inicial) otros.push(k);
    }
    otros.sort((a, b) => a - b);
    for (const k of otros) if (this.puntos.at(-1) !== k) this.puntos.push(k);
    // The trailer automaton at the end: a whole `trailer` just read, or its last bytes' prefix.
    this.trailer =
      this.puntos.at(-1) === n - 1 && trozo.subarray(n - TRAILER_COMPLETO).equals(TRAILER_TEXTO)
        ? TRAILER_COMPLETO
        : estadoKmp(TRAILER, trozo, n - (TRAILER_COMPLETO - 1), n, 0);
  }

  /** The header automaton's state before byte `hasta` (≥ the last asked), exactly. */
  private avanzar(hasta: number): number {
    let desde = this.conocido;
    let estado = this.estado;
    // The last end of line before `hasta - 1` followed by a synchronising byte, if after `desde`.
    // Searched within [desde, hasta - 1) only, so the searches cost no more than the run after.
    const tramo = this.trozo.subarray(desde, Math.max(desde, hasta - 1));
    let cr = tramo.lastIndexOf(CR);
    let lf = tramo.lastIndexOf(LF);
    for (;;) {
      const eol = Math.max(cr, lf);
      if (eol < 0) break;
      if (SINCRONIZA[this.trozo[desde + eol + 1]!]) {
        desde += eol + 2;
        estado = 0;
        break;
      }
      if (eol === cr) cr = eol === 0 ? -1 : tramo.lastIndexOf(CR, eol - 1);
      else lf = eol === 0 ? -1 : tramo.lastIndexOf(LF, eol - 1);
    }
    estado = estadoKmp(CABECERA, this.trozo, desde, hasta, estado);
    this.conocido = hasta;
    this.estado = estado;
    return estado;
  }

  /** The first restart point at or after `desde` (the chunk's length when none). */
  siguiente(desde: number): number {
    while (this.indice < this.puntos.length && this.puntos[this.indice]! < desde) this.indice++;
    return this.puntos[this.indice] ?? this.trozo.length;
  }

  cabeceraFinal(): number {
    return this.conocido >= this.trozo.length ? this.estado : this.avanzar(this.trozo.length);
  }

  trailerFinal(): number {
    return this.trailer;
  }
}

/** The next position of a byte (or of a word) in one chunk, each search resumed, not repeated. */
export class Buscador {
  private readonly proximos = new Map<number | Buffer, number>();

  constructor(private readonly trozo: Buffer) {}

  private buscar(clave: number | Buffer, desde: number): number {
    let p = this.proximos.get(clave);
    if (p === undefined || p < desde) {
      p = this.trozo.indexOf(clave, desde);
      if (p < 0) p = this.trozo.length;
      this.proximos.set(clave, p);
    }
    return p;
  }

  byte(b: number, desde: number): number {
    return this.buscar(b, desde);
  }

  /** `n` when absent. */
  texto(palabra: Buffer, desde: number): number {
    return this.buscar(palabra, desde);
  }

  finDeLinea(desde: number): number {
    return Math.min(this.buscar(CR, desde), this.buscar(LF, desde));
  }

  /** What a string's automaton reacts to: `(`, `)`, `\\`. */
  deCadena(desde: number): number {
    return Math.min(this.buscar(0x28, desde), this.buscar(0x29, desde), this.buscar(0x5c, desde));
  }
}
