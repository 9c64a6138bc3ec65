// The lexer of PDF syntax: a tokenizer that reads one byte at a time (Lexico), its state crossing
// the chunks it is given, and the reading of a whole file (LecturaPdf) that skips stream data up
// to `endstream`, jumps with native searches inside stream data, comments and strings to the next
// byte that can change something (decision 092), and starts afresh wherever a reader may start
// parsing (reinicios.ts). What is read goes to the subclass's methods: the file's scanner
// (escaner.ts) and the reading of object streams (flujo-de-objetos.ts).
//
// The states and tables the loops test at every byte are bindings of this module, not imports:
// V8 reads an imported binding through a module cell at every use (about 10% of the scan).
import { Buscador, ENDSTREAM, estadoKmp, FIN_COMPLETO, FIN_DE_FLUJO, Reinicios } from './reinicios.js';
import {
  BLANCO as BLANCO_,
  CLASE as CLASE_,
  CR as CR_,
  LF as LF_,
  Nombre,
  PALABRAS,
  REGULAR as REGULAR_,
} from './sintaxis.js';

const CLASE = CLASE_;
const REGULAR = REGULAR_;
const BLANCO = BLANCO_;
const CR = CR_;
const LF = LF_;
const FIN = FIN_DE_FLUJO;
const LARGO_FIN = FIN_COMPLETO;
const { R: PAL_R, null: PAL_NULL, stream: PAL_STREAM } = PALABRAS;

/** Longest integer kept (exact in a double); a longer run of digits is no integer to us. */
const CIFRAS = 15;

// The tokenizer's states. LINEA, LINEA_CR and DATOS belong to a file's own syntax, read by
// LecturaPdf: after the `stream` keyword, its line, then the stream's data up to `endstream`.
const NORMAL = 0;
const COMENTARIO = 1;
const CADENA = 2;
const HEX = 3;
const NOMBRE = 4;
const PALABRA = 5;
const MENOR = 6; // after '<': a dictionary or a hex string
const MAYOR = 7; // after '>': the end of a dictionary?
const LINEA = 8;
const LINEA_CR = 9;
const DATOS = 10;

/** PDF syntax, one byte at a time; tokens go to the subclass's methods. */
export abstract class Lexico {
  protected estado = NORMAL;
  protected escape = false;
  /**
   * The word being read, kept as numbers (a string per word was much of the scan's time): its
   * length, its value while it is all digits (-1 otherwise), how many digits it starts with, its
   * first and its last two bytes.
   */
  private largo = 0;
  private entero = -1;
  private digitos = 0;
  private readonly inicio = new Uint8Array(6);
  private penultimoByte = 0;
  private ultimoByte = 0;
  /** The word just read: its value (-1: not an integer) and which of PALABRAS it is (0: none). */
  protected enteroPalabra = -1;
  protected clavePalabra = 0;
  /**
   * The values and digit counts of the last two words, when nothing but blanks came between them
   * (-1: not an integer). Any other token clears the last; the next word moves that into the one
   * before.
   */
  protected penultima = -1;
  protected ultima = -1;
  protected cifrasPenultima = 0;
  protected cifrasUltima = 0;
  /** The digits of the number numeroDeCabecera last found. */
  protected cifrasDeCabecera = 0;
  private readonly nombre = new Nombre();
  private nivelCadena = 0;

  /** A name: its number in CONOCIDOS (sintaxis.ts), 0 for any other. */
  protected abstract alNombre(nombre: number): void;
  /** A number or a keyword: `enteroPalabra` and `clavePalabra` say which. */
  protected abstract alPalabra(): void;
  protected abstract alAbrirDiccionario(): void;
  protected abstract alCerrarDiccionario(): void;
  protected abstract alAbrirArreglo(): void;
  protected abstract alCerrarArreglo(): void;
  /** A string or a hex string, ended. */
  protected abstract alCadena(): void;
  /** `)`, `{`, `}` or a lone `>`: a delimiter out of place. */
  protected abstract alSuelto(): void;

  /** Starts afresh, as a reader that begins parsing here; the token being read is dropped. */
  protected reiniciarLexico() {
    this.estado = NORMAL;
    this.penultima = this.ultima = -1;
  }

  /** The end of the data: a name or a word still open is one. */
  protected terminarLexico() {
    if (this.estado === NOMBRE) {
      this.estado = NORMAL;
      this.alNombre(this.nombre.terminar());
    } else if (this.estado === PALABRA) {
      this.estado = NORMAL;
      this.emitirPalabra();
    }
  }

  /** A word is being read. */
  protected enPalabra(): boolean {
    return this.estado === PALABRA;
  }

  private emitirPalabra() {
    const largo = this.largo;
    const b = this.inicio;
    let clave = 0;
    if (largo === 1) {
      if (b[0] === 0x52) clave = PAL_R;
    } else if (largo === 4) {
      if (b[0] === 0x6e && b[1] === 0x75 && b[2] === 0x6c && b[3] === 0x6c) clave = PAL_NULL;
    } else if (largo === 6) {
      if (b[0] === 0x73 && b[1] === 0x74 && b[2] === 0x72 && b[3] === 0x65 && b[4] === 0x61 && b[5] === 0x6d)
        clave = PAL_STREAM;
    }
    this.clavePalabra = clave;
    this.enteroPalabra = this.entero;
    this.penultima = this.ultima;
    this.cifrasPenultima = this.cifrasUltima;
    this.ultima = this.entero;
    this.cifrasUltima = largo;
    this.alPalabra();
  }

  /** A byte of a word, the first (`largo` 1) or a later one. */
  private byteDePalabra(c: number, largo: number) {
    this.largo = largo;
    if (largo <= 6) this.inicio[largo - 1] = c;
    this.penultimoByte = this.ultimoByte;
    this.ultimoByte = c;
    const d = c - 0x30;
    if (d >= 0 && d <= 9) {
      if (this.digitos === largo - 1) {
        this.digitos = largo;
        if (this.entero >= 0) this.entero = largo > CIFRAS ? -1 : this.entero * 10 + d;
      }
    } else {
      this.entero = -1;
    }
  }

  /**
   * The number of the header whose `obj` ends here, when the tokenizer read it as two integers
   * and `obj` with only blanks between them. Found anywhere else (in a string, in stream data,
   * with a comment between its tokens, whose digits could make another header) it is not known.
   */
  protected numeroDeCabecera(): number {
    this.cifrasDeCabecera = 0;
    if (this.estado !== PALABRA || this.ultimoByte !== 0x62 || this.penultimoByte !== 0x6f) return -1;
    if (this.largo === 2) {
      if (this.ultima < 0 || this.penultima < 0) return -1;
      this.cifrasDeCabecera = this.cifrasPenultima;
      return this.penultima;
    }
    // `5 0obj`: the generation is the word's start.
    if (this.digitos !== this.largo - 2 || this.ultima < 0) return -1;
    this.cifrasDeCabecera = this.cifrasUltima;
    return this.ultima;
  }

  /**
   * Bytes `[desde, hasta)` of data without streams (an object stream's): inside strings and
   * comments only a few bytes matter, and native searches jump to them.
   */
  protected leerTramo(bytes: Buffer, desde: number, hasta: number, buscar: Buscador) {
    for (let i = desde; i < hasta; i++) {
      const estado = this.estado;
      if (estado === COMENTARIO || (estado === CADENA && !this.escape)) {
        const proximo = estado === COMENTARIO ? buscar.finDeLinea(i) : buscar.deCadena(i);
        if (proximo >= hasta) return;
        i = proximo;
      }
      this.leer(bytes[i]!);
    }
  }

  /** One byte outside stream data. */
  protected leer(c: number) {
    const clase = CLASE[c];
    // A loop, so that a byte ending a token is read again as the start of the next one.
    for (;;) {
      switch (this.estado) {
        case NORMAL:
          if (clase === BLANCO) return;
          if (clase === REGULAR) {
            this.estado = PALABRA;
            this.digitos = 0;
            this.entero = 0;
            this.ultimoByte = 0;
            this.byteDePalabra(c, 1);
            return;
          }
          this.ultima = -1; // any other token: no header's numbers below
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
              this.alSuelto();
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
            this.alCadena();
          }
          return;
        case HEX:
          if (c === 0x3e) {
            this.estado = NORMAL;
            this.alCadena();
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
          this.alSuelto();
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
            this.byteDePalabra(c, this.largo + 1);
            return;
          }
          this.estado = NORMAL;
          this.emitirPalabra();
          continue; // the subclass may have started a stream (LINEA)
        case LINEA:
          if (c === LF) this.estado = DATOS;
          else if (c === CR) this.estado = LINEA_CR;
          return;
        default: // LINEA_CR and DATOS are read by LecturaPdf
          return;
      }
    }
  }
}

/** A whole file's syntax, given in chunks. */
export abstract class LecturaPdf extends Lexico {
  /** Set by the subclass once its verdict needs no more bytes. */
  protected parar = false;
  private cabecera = 0;
  private enTrailer = 0;
  private enFin = 0;

  /**
   * A reader may start afresh here: after an object header (`numero` is its number, written with
   * `cifras` digits; -1 when not known) or after `trailer`.
   */
  protected abstract alReiniciar(cabecera: boolean, numero: number, cifras: number): void;
  /** Bytes `[inicio, fin)` of a stream's data (`inicio` -1: none); `ultimos` when the data ended. */
  protected abstract alDatos(trozo: Buffer, inicio: number, fin: number, ultimos: boolean): void;
  /** The `endstream` closing the data was read. */
  protected abstract alFinDeDatos(): void;

  /** The `stream` keyword was read: its data follow its line. */
  protected empezarDatos() {
    this.estado = LINEA;
    this.penultima = this.ultima = -1;
  }

  /** Reads one chunk; the state carries over to the next. */
  protected leerTrozo(trozo: Buffer) {
    const n = trozo.length;
    const reinicios = new Reinicios(trozo, this.cabecera, this.enTrailer);
    const buscar = new Buscador(trozo);
    let inicioDatos = this.estado === DATOS ? 0 : -1;
    let fin = this.enFin;
    let reinicio = reinicios.siguiente(0);
    for (let i = 0; i < n && !this.parar; i++) {
      if (i === reinicio) {
        // A reader may start parsing right here: so do we.
        this.alDatos(trozo, this.estado === DATOS ? inicioDatos : -1, i + 1, true);
        const cabecera = trozo[i] === 0x6a; // `j`: an object header ends here; `r`: a trailer
        const numero = cabecera ? this.numeroDeCabecera() : -1;
        const cifras = this.cifrasDeCabecera;
        this.reiniciarLexico();
        this.alReiniciar(cabecera, numero, cifras);
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
        const corto = Math.min(tope, i + LARGO_FIN - 1);
        let j = -1;
        for (let k = i; k < corto; k++) {
          fin = FIN[fin * 256 + trozo[k]!]!;
          if (fin === LARGO_FIN) {
            j = k;
            break;
          }
        }
        if (j < 0 && corto < tope) {
          // …one that ends later lies wholly ahead, where a native search finds it.
          const e = buscar.texto(ENDSTREAM, i);
          if (e + LARGO_FIN - 1 < tope) j = e + LARGO_FIN - 1;
          // None before `tope`: the automaton's state there depends on its last bytes only.
          else fin = estadoKmp(FIN, trozo, tope - (LARGO_FIN - 1), tope, 0);
        }
        if (j < 0) {
          i = tope - 1;
          continue;
        }
        this.alDatos(trozo, inicioDatos, Math.max(inicioDatos, j + 1 - LARGO_FIN), true);
        inicioDatos = -1;
        this.estado = NORMAL;
        this.alFinDeDatos();
        fin = 0;
        i = j;
        continue;
      }
      if (estado === NORMAL && CLASE[c] === BLANCO) continue;
      if (estado === COMENTARIO || estado === HEX || (estado === CADENA && !this.escape)) {
        // Inside a comment, a hex string or a string only a few bytes matter: jump to the next.
        const proximo =
          estado === COMENTARIO
            ? buscar.finDeLinea(i)
            : estado === HEX
              ? buscar.byte(0x3e, i)
              : buscar.deCadena(i);
        if (proximo >= reinicio) {
          i = reinicio - 1;
          continue;
        }
        i = proximo;
        this.leer(trozo[i]!);
        continue;
      }
      this.leer(c);
      if (this.estado === DATOS) {
        inicioDatos = i + 1;
        fin = 0;
      }
    }
    this.cabecera = reinicios.cabeceraFinal();
    this.enTrailer = reinicios.trailerFinal();
    this.enFin = fin;
    if (this.estado === DATOS && inicioDatos >= 0 && inicioDatos < n)
      this.alDatos(trozo, inicioDatos, n, false);
  }
}
