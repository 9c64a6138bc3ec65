// What a PDF may not do when staff open it (decisions 076 and 099): the names of active content,
// refused wherever they appear, and /OpenAction, allowed only when it merely shows a page.
//
// /OpenAction is a destination array (a plain GoTo), an action dictionary written in place, or a
// reference `N G R` to an object that may come before or after it in the file, in plain syntax or
// inside an object stream. The file is read once, so both sides are remembered and the decision
// is taken at the end: every object whose body is an action (a dictionary with /S) or an array
// is classified as it is read, every /OpenAction target is noted, and a target passes only if a
// definition of it was a GoTo without /Next (or an array) and none was anything else.
//
// Memory is bounded: two bits per object number, up to the 8,388,607 of ISO 32000-1 Annex C
// (2 MiB at most, grown as numbers appear; a larger number cannot be a target that passes), and
// at most LIMITES_PDF.destinosDeApertura distinct targets.
import { ACTIVOS, CONOCIDOS, N, OTRAS_ACCIONES, PALABRAS } from './sintaxis.js';

/** Names that make a PDF run or carry something: pdfid's set, /OpenAction aside (see above). */
const NOMBRES_ACTIVOS: ReadonlySet<string> = new Set(ACTIVOS);

/**
 * Action types other than GoTo (ISO 32000-2, 12.6.4). A dictionary whose /S is another name (a
 * structure element's /P, a soft mask's /Luminosity) is no action: a reader does nothing with it.
 */
const TIPOS_DE_ACCION: ReadonlySet<string> = new Set([
  ...OTRAS_ACCIONES,
  // The action types among the names refused anyway.
  'GoToR',
  'GoToE',
  'Launch',
  'SubmitForm',
  'ImportData',
  'JavaScript',
]);

// The same sets by name number (sintaxis.ts), for the per-token code.
function tabla(nombres: ReadonlySet<string>): Uint8Array {
  const conocidos: ReadonlySet<string> = new Set(CONOCIDOS);
  for (const nombre of nombres)
    if (!conocidos.has(nombre)) throw new Error(`/${nombre} no está en CONOCIDOS`);
  return Uint8Array.from([0, ...CONOCIDOS.map((nombre) => (nombres.has(nombre) ? 1 : 0))]);
}
/** By name number: 1 for the names of active content. */
export const ES_ACTIVO = tabla(NOMBRES_ACTIVOS);
const ES_ACCION = tabla(TIPOS_DE_ACCION);
const S = N.S;
const NEXT = N.Next;
const GOTO = N.GoTo;
const OPEN_ACTION = N.OpenAction;
const PAL_R = PALABRAS.R;
const PAL_NULL = PALABRAS.null;

/** The largest object number readers must support (ISO 32000-1, Annex C). */
const NUMERO_MAXIMO = 8_388_607;

// What one definition of an object is, as an /OpenAction target.
const NADA = 0; // not an action: a target that is only this does not pass
const ACEPTABLE = 1; // a GoTo without /Next, or an array (a destination)
const SOSPECHOSO = 2; // another action, a /Next chain, or a body read only in part

/** Every /OpenAction target and what each object number was defined as; decided at the end. */
export class RegistroDeAcciones {
  private bits = new Uint8Array(0);
  private readonly destinos = new Set<number>();
  private desconocido = false;
  private activo = false;

  constructor(
    private readonly maximoDeDestinos: number,
    private readonly alActivar: () => void,
  ) {}

  activar() {
    if (this.activo) return;
    this.activo = true;
    this.alActivar();
  }

  /** `/OpenAction N G R`. */
  referir(numero: number) {
    if (this.destinos.has(numero)) return;
    if (this.destinos.size >= this.maximoDeDestinos) return this.activar();
    this.destinos.add(numero);
  }

  /** An object whose number we cannot tell (a header inside a string, a broken object stream). */
  desconocer() {
    this.desconocido = true;
  }

  /** One definition of object `numero` (from an object stream's table: a reader takes it as is). */
  definirNumero(numero: number, clase: number) {
    if (clase !== NADA) this.marcar(numero, clase);
  }

  /**
   * One definition after a header `N G obj`, N written with `cifras` digits (`numero` -1: not
   * known). A reader sent by the xref table into the middle of `123 0 obj` reads object 23 or 3
   * there: what could make a target fail counts for those numbers too.
   */
  definirCabecera(numero: number, cifras: number, clase: number) {
    if (clase === NADA) return;
    if (numero < 0) {
      if (clase === SOSPECHOSO) this.desconocido = true;
      return;
    }
    this.marcar(numero, clase);
    if (clase !== SOSPECHOSO) return;
    for (let k = 1, potencia = 10; k < cifras; k++, potencia *= 10) this.marcar(numero % potencia, clase);
  }

  private marcar(numero: number, clase: number) {
    if (numero > NUMERO_MAXIMO) return;
    const byte = numero >> 2;
    if (byte >= this.bits.length) {
      const bits = new Uint8Array(
        Math.min((NUMERO_MAXIMO >> 2) + 1, Math.max(byte + 1, this.bits.length * 2, 64)),
      );
      bits.set(this.bits);
      this.bits = bits;
    }
    this.bits[byte]! |= clase << ((numero & 3) * 2);
  }

  private clase(numero: number): number {
    if (numero > NUMERO_MAXIMO) return NADA;
    return ((this.bits[numero >> 2] ?? 0) >> ((numero & 3) * 2)) & 3;
  }

  /** The end of the file: every target must be a plain GoTo (or a destination). */
  terminar() {
    if (this.activo || this.destinos.size === 0) return;
    if (this.desconocido) return this.activar();
    for (const numero of this.destinos) if (this.clase(numero) !== ACEPTABLE) return this.activar();
  }
}

// Tokens, as the structure below sees them.
const T_NOMBRE = 0;
const T_PALABRA = 1;
const T_ABRE_DIC = 2;
const T_ABRE_ARR = 4;
const T_OTRO = 6; // a string, a hex string, a delimiter out of place

const ESPERA = 0; // the value has not started
const ABIERTO = 1; // a dictionary or an array, not yet closed
const HECHO = 2;
const DIC = 1;
const ARR = 2;
// The /S seen in a dictionary, worst last.
const S_NINGUNA = 0;
const S_GOTO = 1;
const S_OTRA = 2; // a name that is no action type
const S_ACCION = 3; // an action type, or a value that is not a name

/** One value followed from its first token to its end: an object's body, or /OpenAction's. */
class Seguido {
  fase = HECHO;
  base = 0;
  tipo = 0;
  esperaS = false;
  s = S_NINGUNA;
  next = false;
  malo = false;

  esperar() {
    this.fase = ESPERA;
    this.tipo = 0;
    this.esperaS = false;
    this.s = S_NINGUNA;
    this.next = false;
    this.malo = false;
  }

  abrir(tipo: number, base: number) {
    this.fase = ABIERTO;
    this.tipo = tipo;
    this.base = base;
  }

  /** A token directly inside the dictionary (a name by its number): a key /S and its value, a key /Next. */
  entrada(token: number, nombre: number) {
    if (this.tipo !== DIC) return;
    if (this.esperaS) {
      // Every /S is taken for a key, so whatever a reader takes for the key's value is judged.
      this.esperaS = false;
      const s =
        token !== T_NOMBRE ? S_ACCION : nombre === GOTO ? S_GOTO : ES_ACCION[nombre] ? S_ACCION : S_OTRA;
      if (s > this.s) this.s = s;
      return;
    }
    if (token !== T_NOMBRE) return;
    if (nombre === S) this.esperaS = true;
    else if (nombre === NEXT) this.next = true;
  }

  /** A plain GoTo: the only action /OpenAction may hold. */
  esGoTo(): boolean {
    return this.tipo === DIC && this.s === S_GOTO && !this.next && !this.malo && !this.esperaS;
  }

  clase(): number {
    if (this.tipo === ARR) return this.malo ? SOSPECHOSO : ACEPTABLE;
    if (this.malo || this.esperaS || this.s === S_ACCION) return SOSPECHOSO;
    if (this.s === S_GOTO) return this.next ? SOSPECHOSO : ACEPTABLE;
    return NADA;
  }
}

/** Dictionaries and arrays nested deeper than this make what contains them suspect. */
const PILA = 256;
// What is expected after /OpenAction.
const P_NADA = 0;
const P_VALOR = 1;
const P_GENERACION = 2;
const P_R = 3;

/**
 * The nesting of one run of syntax, the body of the object being read and any /OpenAction in it.
 * `alDefinir` receives the class of each object's body (or SOSPECHOSO when cut short); the
 * reader of the syntax knows which object that is.
 */
export class Estructura {
  private readonly pila = new Uint8Array(PILA);
  private alto = 0;
  private readonly objeto = new Seguido();
  private readonly apertura = new Seguido();
  private pendiente = P_NADA;
  private referencia = 0;

  constructor(
    private readonly registro: RegistroDeAcciones,
    private readonly alDefinir: (clase: number) => void,
  ) {}

  /** An object's body starts with the next token. */
  esperarObjeto() {
    this.objeto.esperar();
  }

  /**
   * A reader starts afresh here (or the data end): what is still open was cut short. Returns
   * whether an object's body was.
   */
  cortar(): boolean {
    let cortado = false;
    if (this.objeto.fase !== HECHO) {
      this.objeto.fase = HECHO;
      cortado = true;
      this.alDefinir(SOSPECHOSO);
    }
    if (this.apertura.fase === ABIERTO || this.pendiente !== P_NADA) {
      this.apertura.fase = HECHO;
      this.pendiente = P_NADA;
      this.registro.activar();
    }
    this.alto = 0;
    return cortado;
  }

  /** A name, by its number (sintaxis.ts). */
  nombre(nombre: number) {
    this.valor(T_NOMBRE, nombre, -1, 0);
    if (nombre === OPEN_ACTION && this.pendiente === P_NADA) {
      // One inside another's action dictionary is no catalog's: refused rather than followed.
      if (this.apertura.fase === ABIERTO) this.registro.activar();
      else this.pendiente = P_VALOR;
    }
  }

  /** A word: its value (-1: not an integer) and which of PALABRAS it is (0: none). */
  palabra(entero: number, clave: number) {
    this.valor(T_PALABRA, 0, entero, clave);
  }

  /** A string, a hex string, a delimiter out of place. */
  otro() {
    this.valor(T_OTRO, 0, -1, 0);
  }

  abrirDiccionario() {
    this.abrir(DIC);
  }

  abrirArreglo() {
    this.abrir(ARR);
  }

  cerrarDiccionario() {
    this.cerrar(DIC);
  }

  cerrarArreglo() {
    this.cerrar(ARR);
  }

  /** A token that opens nothing: a key or value in the dictionaries being followed. */
  private valor(token: number, nombre: number, entero: number, clave: number) {
    const objeto = this.objeto;
    if (objeto.fase === ABIERTO) {
      if (this.alto === objeto.base + 1) objeto.entrada(token, nombre);
    } else if (objeto.fase === ESPERA) {
      objeto.fase = HECHO; // a number, a name, a string: no action
    }
    const apertura = this.apertura;
    if (apertura.fase === ABIERTO && this.alto === apertura.base + 1) apertura.entrada(token, nombre);
    if (this.pendiente !== P_NADA) this.valorDeApertura(token, entero, clave);
  }

  private abrir(tipo: number) {
    const objeto = this.objeto;
    if (objeto.fase === ABIERTO) {
      if (this.alto === objeto.base + 1) objeto.entrada(T_ABRE_DIC, 0);
    } else if (objeto.fase === ESPERA) {
      objeto.abrir(tipo, this.alto);
    }
    const apertura = this.apertura;
    if (apertura.fase === ABIERTO && this.alto === apertura.base + 1) apertura.entrada(T_ABRE_DIC, 0);
    if (this.pendiente !== P_NADA) this.valorDeApertura(tipo === DIC ? T_ABRE_DIC : T_ABRE_ARR, -1, 0);
    if (this.alto < PILA) this.pila[this.alto] = tipo;
    else this.malo();
    this.alto++;
  }

  private cerrar(tipo: number) {
    const objeto = this.objeto;
    if (objeto.fase === ESPERA) objeto.fase = HECHO;
    if (this.pendiente !== P_NADA) this.valorDeApertura(T_OTRO, -1, 0);
    if (this.alto === 0) return; // out of place: readers skip it
    if (this.alto > PILA) {
      this.alto--;
      return;
    }
    // Readers do not close a dictionary on `]` nor an array on `>>`: neither do we.
    if (this.pila[this.alto - 1] !== tipo) return this.malo();
    this.alto--;
    const apertura = this.apertura;
    if (objeto.fase === ABIERTO && this.alto === objeto.base) {
      objeto.fase = HECHO;
      this.alDefinir(objeto.clase());
    }
    if (apertura.fase === ABIERTO && this.alto === apertura.base) {
      apertura.fase = HECHO;
      if (!apertura.esGoTo()) this.registro.activar();
    }
  }

  /** Brackets that do not match, or nested too deep: what is being followed is not trusted. */
  private malo() {
    if (this.objeto.fase === ABIERTO) this.objeto.malo = true;
    if (this.apertura.fase === ABIERTO) this.apertura.malo = true;
  }

  /** The value of /OpenAction: `[` a destination, `<<` an action, `N G R`, or `null`. */
  private valorDeApertura(token: number, entero: number, clave: number) {
    const pendiente = this.pendiente;
    this.pendiente = P_NADA;
    if (pendiente === P_VALOR) {
      if (token === T_ABRE_ARR) return;
      if (token === T_ABRE_DIC) {
        this.apertura.esperar();
        this.apertura.abrir(DIC, this.alto);
        return;
      }
      if (token === T_PALABRA && entero >= 0) {
        this.referencia = entero;
        this.pendiente = P_GENERACION;
        return;
      }
      // A null value is the same as no /OpenAction (ISO 32000-1, 7.3.7).
      if (token === T_PALABRA && clave === PAL_NULL) return;
    } else if (pendiente === P_GENERACION) {
      if (token === T_PALABRA && entero >= 0) {
        this.pendiente = P_R;
        return;
      }
    } else if (token === T_PALABRA && clave === PAL_R) {
      return this.registro.referir(this.referencia);
    }
    this.registro.activar();
  }
}
