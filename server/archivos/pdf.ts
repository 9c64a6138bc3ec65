// Active content in an uploaded PDF (decision 076): staff open every document, so a PDF naming
// JavaScript, a launch action, an embedded file or rich media is refused. The file is read once,
// in chunks, by automata whose state crosses the chunk boundaries (nothing is held but a chunk and
// a few counters); inside stream data, comments and strings they jump with native searches to the
// next byte that can change something (decision 092: ~20 ms instead of ~200 ms per 10 MiB):
//
// - A lexer of PDF syntax finds every name token outside strings, comments and stream data,
//   decodes its `#xx` escapes and compares it with the names of active content. Content streams
//   (page text, images) are skipped: a page that says "JavaScript" is not a dictionary.
// - An object stream (`/Type /ObjStm`, or a stream with `/N` and `/First` as readers accept) holds
//   dictionaries compressed: it is inflated (FlateDecode only), bounded, and every name in it is
//   checked, strings included (a reader starts each object at an offset of its own choosing).
//   One that cannot be inflated, uses another filter or predictors, or sits in an encrypted file
//   is refused as unreadable.
// - A reader finds objects by the offsets of the xref table (or by looking for `N G obj`), not
//   by reading the file in order: an object could hide inside what our lexer takes for a stream,
//   a string or a comment. So wherever an object header (`N G obj`, comments allowed between its
//   tokens, as readers allow) or a `trailer` keyword appears, in any state, the lexer starts
//   afresh there, as a reader would.
import { createReadStream } from 'node:fs';
import { createInflate, type Inflate } from 'node:zlib';

export const LIMITES_PDF = {
  /** Bytes inflated from all the object streams of one file together. */
  bytesInflados: 50 * 1024 * 1024,
  /** Object streams in one file (each is inflated on its own). */
  flujosDeObjetos: 10_000,
};

export type VeredictoPdf = 'limpio' | 'activo' | 'ilegible';

/** Names that make a PDF run or carry something: scripts, launch actions, attachments, media. */
export const NOMBRES_ACTIVOS: ReadonlySet<string> = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
]);

// Character classes of PDF syntax (ISO 32000-1, clause 7.2.2).
const REGULAR = 0;
const BLANCO = 1;
const DELIMITADOR = 2;
const CLASE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASE[c] = BLANCO;
for (const c of '()<>[]{}/%') CLASE[c.charCodeAt(0)] = DELIMITADOR;

const CR = 0x0d;
const LF = 0x0a;
const BARRA = 0x2f;
const NUMERAL = 0x23;
const esNumerico = (c: number) => (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;

/** Longest name compared; longer ones cannot be any of NOMBRES_ACTIVOS. */
const LARGO_NOMBRE = 64;
/** Longest keyword kept (`stream`, `endstream`, numbers are shorter). */
const LARGO_PALABRA = 16;

function valorHex(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** A name's bytes (after the slash) with its `#xx` escapes decoded. */
function decodificarNombre(bytes: number[]): string {
  let texto = '';
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === NUMERAL && i + 2 < bytes.length) {
      const alto = valorHex(bytes[i + 1]!);
      const bajo = valorHex(bytes[i + 2]!);
      if (alto >= 0 && bajo >= 0) {
        texto += String.fromCharCode(alto * 16 + bajo);
        i += 2;
        continue;
      }
    }
    texto += String.fromCharCode(c);
  }
  return texto;
}

/** Collects one name's bytes, bounded; `null` once it is too long to matter. */
class Nombre {
  private bytes: number[] | null = [];
  empezar() {
    this.bytes = [];
  }
  agregar(c: number) {
    if (!this.bytes) return;
    if (this.bytes.length >= LARGO_NOMBRE) this.bytes = null;
    else this.bytes.push(c);
  }
  terminar(): string | null {
    const bytes = this.bytes;
    this.bytes = [];
    return bytes ? decodificarNombre(bytes) : null;
  }
}

/**
 * Every name in a run of bytes, wherever it is (strings and comments included): what an inflated
 * object stream is checked with.
 */
class NombresSueltos {
  private enNombre = false;
  private readonly nombre = new Nombre();
  activo = false;

  escribir(bytes: Uint8Array) {
    for (let i = 0; i < bytes.length && !this.activo; i++) {
      const c = bytes[i]!;
      if (this.enNombre) {
        if (CLASE[c] === REGULAR) {
          this.nombre.agregar(c);
          continue;
        }
        this.cerrar();
      }
      if (c === BARRA) {
        this.enNombre = true;
        this.nombre.empezar();
      }
    }
  }

  cerrar() {
    if (!this.enNombre) return;
    this.enNombre = false;
    const nombre = this.nombre.terminar();
    if (nombre !== null && NOMBRES_ACTIVOS.has(nombre)) this.activo = true;
  }
}

// The lexer's states.
const NORMAL = 0;
const COMENTARIO = 1;
const CADENA = 2;
const HEX = 3;
const NOMBRE = 4;
const PALABRA = 5;
const MENOR = 6; // after '<': a dictionary or a hex string
const MAYOR = 7; // after '>': the end of a dictionary?
const LINEA = 8; // after the `stream` keyword, up to the end of its line
const LINEA_CR = 9; // a CR ended that line: an LF may follow
const DATOS = 10; // a stream's data, up to `endstream`

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

const FIN_DE_FLUJO = automataDe('endstream');
const FIN_COMPLETO = 'endstream'.length;
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

const ENDSTREAM = Buffer.from('endstream', 'latin1');
const OBJ = Buffer.from('obj', 'latin1');
const TRAILER_TEXTO = Buffer.from('trailer', 'latin1');

/** Runs a table automaton over `trozo[desde, hasta)` from `estado`. */
function estadoKmp(tabla: Uint8Array | Uint16Array, trozo: Buffer, desde: number, hasta: number, estado: number): number {
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
class Reinicios {
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
    for (let e = trozo.indexOf(TRAILER_TEXTO, Math.max(0, inicial - 6)); e >= 0; e = trozo.indexOf(TRAILER_TEXTO, e + 1)) {
      const k = e + TRAILER_COMPLETO - 1;
      if (k >= inicial) otros.push(k);
    }
    otros.sort((a, b) => a - b);
    for (const k of otros) if (this.puntos.at(-1) !== k) this.puntos.push(k);
    // The trailer automaton at the end: a whole `trailer` just read, or its last bytes' prefix.
    this.trailer = this.puntos.at(-1) === n - 1 && trozo.subarray(n - TRAILER_COMPLETO).equals(TRAILER_TEXTO)
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
class Buscador {
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

/** What the lexer knows of the top-level dictionary just read: the stream's, if `stream` follows. */
interface Diccionario {
  objetos: boolean;
  n: boolean;
  first: boolean;
  parametros: boolean;
  filtros: string[];
  enFiltros: boolean;
  clave: string | null;
}

const diccionarioNuevo = (): Diccionario => ({
  objetos: false,
  n: false,
  first: false,
  parametros: false,
  filtros: [],
  enFiltros: false,
  clave: null,
});

/** Where an object stream's data goes: through an inflater, or straight to the name scan. */
interface Destino {
  escribir(bytes: Uint8Array): void;
  terminar(): void;
}

export class EscanerPdf {
  veredicto: VeredictoPdf = 'limpio';

  private estado = NORMAL;
  private readonly nombre = new Nombre();
  private palabra = '';
  private nivelCadena = 0;
  private escape = false;

  private profundidad = 0;
  private ultimo: 'cierre' | 'otro' = 'otro';
  private diccionario: Diccionario | null = null;
  private cifrado = false;
  private flujosDeObjetos = 0;
  private inflados = 0;

  private cabecera = 0;
  private enFin = 0;
  private enTrailer = 0;

  private destino: Destino | null = null;
  private inflador: Inflate | null = null;
  private readonly terminados: Promise<void>[] = [];

  constructor(private readonly limites = LIMITES_PDF) {}

  private fallar(veredicto: Exclude<VeredictoPdf, 'limpio'>) {
    if (this.veredicto === 'limpio') this.veredicto = veredicto;
  }

  /** Scans one chunk; the state carries over to the next. */
  escribir(trozo: Buffer) {
    const n = trozo.length;
    const reinicios = new Reinicios(trozo, this.cabecera, this.enTrailer);
    const buscar = new Buscador(trozo);
    let inicioDatos = this.estado === DATOS ? 0 : -1;
    let fin = this.enFin;
    let reinicio = reinicios.siguiente(0);
    for (let i = 0; i < n && this.veredicto === 'limpio'; i++) {
      if (i === reinicio) {
        // A reader may start parsing right here: so do we.
        this.cerrarDatos(trozo, this.estado === DATOS ? inicioDatos : -1, i + 1);
        this.reiniciar();
        inicioDatos = -1;
        fin = 0;
        reinicio = reinicios.siguiente(i + 1);
        continue;
      }
      const c = trozo[i]!;
      let estado = this.estado;
      if (estado === LINEA_CR) {
        // After `stream` and a CR the data starts here, or after an LF here.
        this.estado = estado = DATOS;
        inicioDatos = i;
        fin = 0;
        if (c === LF) {
          inicioDatos = i + 1;
          continue;
        }
      }
      if (estado === DATOS) {
        const tope = Math.min(reinicio, n);
        // An `endstream` begun before `i` ends within its length: one byte at a time there…
        const corto = Math.min(tope, i + FIN_COMPLETO - 1);
        let j = -1;
        for (let k = i; k < corto; k++) {
          fin = FIN_DE_FLUJO[fin * 256 + trozo[k]!]!;
          if (fin === FIN_COMPLETO) {
            j = k;
            break;
          }
        }
        if (j < 0 && corto < tope) {
          // …one that ends later lies wholly ahead, where a native search finds it.
          const e = buscar.texto(ENDSTREAM, i);
          if (e + FIN_COMPLETO - 1 < tope) j = e + FIN_COMPLETO - 1;
          // None before `tope`: the automaton's state there depends on its last bytes only.
          else fin = estadoKmp(FIN_DE_FLUJO, trozo, tope - (FIN_COMPLETO - 1), tope, 0);
        }
        if (j < 0) {
          i = tope - 1;
          continue;
        }
        this.cerrarDatos(trozo, inicioDatos, Math.max(inicioDatos, j + 1 - FIN_COMPLETO));
        inicioDatos = -1;
        this.estado = NORMAL;
        this.ultimo = 'otro';
        fin = 0;
        i = j;
        continue;
      }
      if (estado === NORMAL && CLASE[c] === BLANCO) continue;
      if (estado === COMENTARIO || estado === HEX || (estado === CADENA && !this.escape)) {
        // Inside a comment, a hex string or a string only a few bytes matter: jump to the next.
        const proximo = estado === COMENTARIO ? buscar.finDeLinea(i) : estado === HEX ? buscar.byte(0x3e, i) : buscar.deCadena(i);
        if (proximo >= reinicio) {
          i = reinicio - 1;
          continue;
        }
        i = proximo;
        this.lexico(trozo[i]!);
        continue;
      }
      this.lexico(c);
      if (this.estado === DATOS) {
        inicioDatos = i + 1;
        fin = 0;
      }
    }
    this.cabecera = reinicios.cabeceraFinal();
    this.enTrailer = reinicios.trailerFinal();
    this.enFin = fin;
    if (this.estado === DATOS && inicioDatos >= 0 && inicioDatos < n) {
      this.destino?.escribir(trozo.subarray(inicioDatos));
    }
  }

  private reiniciar() {
    this.estado = NORMAL;
    this.profundidad = 0;
    this.diccionario = null;
    this.ultimo = 'otro';
    this.palabra = '';
  }

  /** One byte of PDF syntax outside stream data. */
  private lexico(c: number) {
    const clase = CLASE[c];
    // A loop, so that a byte ending a token is read again as the start of the next one.
    for (;;) {
      switch (this.estado) {
        case NORMAL:
          if (clase === BLANCO) return;
          if (clase === REGULAR) {
            this.estado = PALABRA;
            this.palabra = String.fromCharCode(c);
            return;
          }
          switch (c) {
            case 0x25: // %
              this.estado = COMENTARIO;
              return;
            case 0x28: // (
              this.estado = CADENA;
              this.nivelCadena = 1;
              this.escape = false;
              return;
            case 0x2f: // /
              this.estado = NOMBRE;
              this.nombre.empezar();
              return;
            case 0x3c: // <
              this.estado = MENOR;
              return;
            case 0x3e: // >
              this.estado = MAYOR;
              return;
            case 0x5b: // [
              this.alAbrirArreglo();
              return;
            case 0x5d: // ]
              this.alCerrarArreglo();
              return;
            default: // ) { } out of place
              this.ultimo = 'otro';
              return;
          }
        case COMENTARIO:
          if (c === CR || c === LF) this.estado = NORMAL;
          return;
        case CADENA:
          if (this.escape) this.escape = false;
          else if (c === 0x5c) this.escape = true;
          else if (c === 0x28) this.nivelCadena++;
          else if (c === 0x29 && --this.nivelCadena === 0) {
            this.estado = NORMAL;
            this.alValor();
          }
          return;
        case HEX:
          if (c === 0x3e) {
            this.estado = NORMAL;
            this.alValor();
          }
          return;
        case MENOR:
          this.estado = NORMAL;
          if (c === 0x3c) {
            this.alAbrirDiccionario();
            return;
          }
          this.estado = HEX;
          continue;
        case MAYOR:
          this.estado = NORMAL;
          if (c === 0x3e) {
            this.alCerrarDiccionario();
            return;
          }
          this.ultimo = 'otro';
          continue;
        case NOMBRE:
          if (clase === REGULAR) {
            this.nombre.agregar(c);
            return;
          }
          this.estado = NORMAL;
          this.alNombre(this.nombre.terminar());
          continue;
        case PALABRA:
          if (clase === REGULAR) {
            if (this.palabra.length < LARGO_PALABRA) this.palabra += String.fromCharCode(c);
            return;
          }
          this.estado = NORMAL;
          this.alPalabra(this.palabra);
          continue;
        case LINEA:
          if (c === LF) this.estado = DATOS;
          else if (c === CR) this.estado = LINEA_CR;
          return;
        default: // LINEA_CR and DATOS are read by escribir
          return;
          return;
      }
    }
  }

  private alAbrirDiccionario() {
    if (this.profundidad === 0) this.diccionario = diccionarioNuevo();
    this.profundidad++;
    this.ultimo = 'otro';
  }

  private alCerrarDiccionario() {
    if (this.profundidad > 0) this.profundidad--;
    this.ultimo = this.profundidad === 0 ? 'cierre' : 'otro';
    this.alValor();
  }

  private alAbrirArreglo() {
    const d = this.diccionario;
    if (d && this.profundidad === 1 && d.clave === 'Filter') {
      d.enFiltros = true;
      d.filtros = [];
    }
    this.ultimo = 'otro';
  }

  private alCerrarArreglo() {
    const d = this.diccionario;
    if (d && this.profundidad === 1) {
      d.enFiltros = false;
      d.clave = null;
    }
    this.ultimo = 'otro';
  }

  /** A value that is not a name ends the key it belonged to. */
  private alValor() {
    if (this.diccionario && this.profundidad === 1 && !this.diccionario.enFiltros) {
      // `/Filter 12 0 R`: a filter we cannot see.
      if (this.diccionario.clave === 'Filter') this.diccionario.filtros = ['?'];
      this.diccionario.clave = null;
    }
  }

  private alNombre(nombre: string | null) {
    this.ultimo = 'otro';
    if (nombre === null) return this.alValor();
    if (NOMBRES_ACTIVOS.has(nombre)) return this.fallar('activo');
    if (nombre === 'Encrypt') this.cifrado = true;
    const d = this.diccionario;
    if (!d || this.profundidad !== 1) return;
    if (d.enFiltros) {
      d.filtros.push(nombre);
      return;
    }
    if (d.clave === 'Type' && nombre === 'ObjStm') d.objetos = true;
    if (d.clave === 'Filter') d.filtros = [nombre];
    if (nombre === 'N') d.n = true;
    if (nombre === 'First') d.first = true;
    if (nombre === 'DecodeParms' || nombre === 'DP') d.parametros = true;
    d.clave = nombre;
  }

  private alPalabra(palabra: string) {
    if (palabra === 'stream' && this.ultimo === 'cierre' && this.profundidad === 0) {
      this.estado = LINEA;
      this.abrirFlujo();
      return;
    }
    this.ultimo = 'otro';
    this.alValor();
  }

  /** A stream starts: an object stream gets a destination for its data. */
  private abrirFlujo() {
    const d = this.diccionario;
    this.diccionario = null;
    if (!d || !(d.objetos || (d.n && d.first))) return;
    if (++this.flujosDeObjetos > this.limites.flujosDeObjetos) return this.fallar('ilegible');
    const filtros = d.filtros;
    const deflate = filtros.length === 1 && filtros[0] === 'FlateDecode';
    if (d.parametros || !(filtros.length === 0 || deflate)) return this.fallar('ilegible');
    const nombres = new NombresSueltos();
    const revisar = (bytes: Uint8Array) => {
      this.inflados += bytes.length;
      if (this.inflados > this.limites.bytesInflados) return this.fallar('ilegible');
      nombres.escribir(bytes);
      if (nombres.activo) this.fallar('activo');
    };
    if (!deflate) {
      this.destino = {
        escribir: revisar,
        terminar: () => {
          nombres.cerrar();
          if (nombres.activo) this.fallar('activo');
        },
      };
      return;
    }
    const inflador = createInflate();
    this.inflador = inflador;
    // Awaited once the stream's data has all been given (awaiting it before would never end).
    const terminado = new Promise<void>((resolve) => {
      inflador.on('data', (bytes: Buffer) => {
        revisar(bytes);
        if (this.veredicto !== 'limpio') inflador.destroy();
      });
      inflador.on('end', () => {
        nombres.cerrar();
        if (nombres.activo) this.fallar('activo');
        resolve();
      });
      inflador.on('error', () => {
        this.fallar('ilegible');
        resolve();
      });
      inflador.on('close', () => resolve());
    });
    this.destino = {
      escribir: (bytes) => {
        if (!inflador.destroyed) inflador.write(bytes);
      },
      terminar: () => {
        if (!inflador.destroyed) inflador.end();
        this.terminados.push(terminado);
      },
    };
  }

  /** The object stream's data ends at `fin` (exclusive) of this chunk; -1: nothing more to give. */
  private cerrarDatos(trozo: Buffer, inicio: number, fin: number) {
    if (!this.destino) return;
    if (inicio >= 0 && fin > inicio) this.destino.escribir(trozo.subarray(inicio, fin));
    this.destino.terminar();
    this.destino = null;
    this.inflador = null;
  }

  /** Waits for the inflater of the stream being read to take what it was given (backpressure). */
  async asentar() {
    const inflador = this.inflador;
    if (inflador?.writableNeedDrain && !inflador.destroyed) {
      await new Promise<void>((resolve) => {
        inflador.once('drain', resolve);
        inflador.once('close', resolve);
      });
    }
    if (this.terminados.length > 0) await Promise.all(this.terminados.splice(0));
  }

  /** Lets go of an inflater still open when the verdict came before the end of the file. */
  soltar() {
    this.inflador?.destroy();
    this.inflador = null;
    this.destino = null;
  }

  /** The end of the file: what is still open is finished, and the verdict given. */
  async terminar(): Promise<VeredictoPdf> {
    if (this.estado === NOMBRE) this.alNombre(this.nombre.terminar());
    if (this.destino) {
      this.destino.terminar();
      this.destino = null;
    }
    this.inflador = null;
    await this.asentar();
    // An encrypted file's object streams are ciphertext: what they hold cannot be checked.
    if (this.cifrado && this.flujosDeObjetos > 0) this.fallar('ilegible');
    return this.veredicto;
  }
}

/** Reads a staged PDF once, in chunks, and says whether it carries active content. */
export async function revisarPdf(ruta: string, limites = LIMITES_PDF): Promise<VeredictoPdf> {
  const escaner = new EscanerPdf(limites);
  const lectura = createReadStream(ruta);
  try {
    for await (const trozo of lectura as AsyncIterable<Buffer>) {
      escaner.escribir(trozo);
      await escaner.asentar();
      if (escaner.veredicto !== 'limpio') return escaner.veredicto;
    }
    return await escaner.terminar();
  } finally {
    escaner.soltar();
    lectura.destroy();
  }
}
