// The inflated data of one object stream (decisions 076 and 099). It holds objects without
// headers: N pairs `number offset`, then, from /First on, each object at its offset. Two readings
// of the same bytes, as they come:
//
// - every name, wherever it is (strings and comments included), against the names of active
//   content: a reader starts each object at an offset of the stream's choosing;
// - the syntax, started afresh at each object's offset as a reader does, so that each object's
//   body is classified for /OpenAction (acciones.ts). The table of pairs is kept while the stream
//   is read (at most LIMITES_PDF.objetosPorFlujo pairs). A stream whose table cannot be read makes
//   every object number unknown; one whose objects run into each other (an offset inside another
//   object) cannot be read as a reader would: if it names /OpenAction anywhere, it is refused.
import { ES_ACTIVO, Estructura, type RegistroDeAcciones } from './acciones.js';
import { Lexico } from './lexico.js';
import { Buscador } from './reinicios.js';
import { BARRA, CLASE, N, Nombre, REGULAR } from './sintaxis.js';

const OPEN_ACTION = N.OpenAction;

/** Every name in a run of bytes, wherever it is. */
class NombresSueltos {
  private enNombre = false;
  private readonly nombre = new Nombre();
  activo = false;
  /** /OpenAction was seen somewhere. */
  apertura = false;

  escribir(bytes: Buffer) {
    // Locals: an imported binding is read through a module cell at every use.
    const clase = CLASE;
    const regular = REGULAR;
    const barra = BARRA;
    for (let i = 0; i < bytes.length && !this.activo; i++) {
      if (!this.enNombre) {
        // Only a slash starts a name: jump to the next one.
        i = bytes.indexOf(barra, i);
        if (i < 0) return;
        this.enNombre = true;
        this.nombre.empezar();
        continue;
      }
      const c = bytes[i]!;
      if (clase[c] === regular) {
        this.nombre.agregar(c);
        continue;
      }
      this.cerrar();
      if (c === barra) {
        this.enNombre = true;
        this.nombre.empezar();
      }
    }
  }

  cerrar() {
    if (!this.enNombre) return;
    this.enNombre = false;
    const nombre = this.nombre.terminar();
    if (ES_ACTIVO[nombre]) this.activo = true;
    if (nombre === OPEN_ACTION) this.apertura = true;
  }
}

const CABECERA = 0; // reading the pairs, up to /First
const CUERPO = 1; // the objects
const ROTA = 2; // the pairs cannot be read: no object is known

export class FlujoDeObjetos extends Lexico {
  /** Active content: the verdict for the whole file. */
  activo = false;

  private readonly nombres = new NombresSueltos();
  private readonly estructura: Estructura;
  private fase = CABECERA;
  private pos = 0;
  /** Where the next object (or, first, /First) starts; -1: no more. */
  private proxima: number;
  /** The table's integers: number, offset, number, offset… */
  private readonly enteros: number[] = [];
  private primero: number;
  /** The pairs by offset (null: the table's own order, already increasing). */
  private orden: number[] | null = null;
  private indice = 0;
  /** The pairs `[desde, indice)` (by offset) are the objects starting at the last offset reached. */
  private desde = 0;
  /** /First cut a word of the table in two: a reader reads it whole. */
  private palabraCortada = false;
  /** An object's body ran into the next object's offset, or past the end. */
  private confuso = false;

  constructor(
    private readonly registro: RegistroDeAcciones,
    private readonly n: number,
    first: number,
    maximo: number,
  ) {
    super();
    this.estructura = new Estructura(registro, (clase) => {
      for (let k = this.desde; k < this.indice; k++)
        registro.definirNumero(this.enteros[2 * this.par(k)]!, clase);
    });
    this.primero = first;
    this.proxima = first;
    if (!(n >= 0 && n <= maximo && first >= 0)) this.fase = ROTA;
  }

  escribir(bytes: Buffer) {
    this.nombres.escribir(bytes);
    if (this.nombres.activo) this.activo = true;
    const n = bytes.length;
    const buscar = new Buscador(bytes);
    for (let i = 0; i < n && this.fase !== ROTA && !this.activo;) {
      while (this.pos === this.proxima) this.alInicio();
      if (this.fase === ROTA) return;
      if (this.palabraCortada) {
        this.palabraCortada = false;
        if (CLASE[bytes[i]!] === REGULAR) {
          this.fase = ROTA;
          return;
        }
      }
      // Up to the next object's start.
      const hasta = this.proxima > this.pos ? Math.min(n, i + (this.proxima - this.pos)) : n;
      this.leerTramo(bytes, i, hasta, buscar);
      this.pos += hasta - i;
      i = hasta;
    }
  }

  terminar() {
    this.nombres.cerrar();
    if (this.nombres.activo) this.activo = true;
    if (this.fase === CUERPO) {
      this.terminarLexico();
      if (this.estructura.cortar()) this.confuso = true;
    } else {
      // The table was never read whole: a reader finds no object here that we could classify.
      this.fase = ROTA;
      this.registro.desconocer();
      this.confuso = true;
    }
    if (this.confuso && this.nombres.apertura) this.registro.activar();
  }

  /** /First, or the offset of the next objects, is reached. */
  private alInicio() {
    if (this.fase === CABECERA) return this.alPrimero();
    if (this.estructura.cortar()) this.confuso = true;
    this.reiniciarLexico();
    this.desde = this.indice;
    while (this.indice < this.n && this.inicioDe(this.indice) === this.proxima) this.indice++;
    this.estructura.esperarObjeto();
    this.proxima = this.indice < this.n ? this.inicioDe(this.indice) : -1;
  }

  /** The pair that comes `k`-th by offset. */
  private par(k: number): number {
    return this.orden ? this.orden[k]! : k;
  }

  private inicioDe(k: number): number {
    return this.primero + this.enteros[2 * this.par(k) + 1]!;
  }

  /** The table ends at /First: its pairs say where each object starts. */
  private alPrimero() {
    if (this.enPalabra()) {
      const antes = this.enteros.length;
      this.terminarLexico();
      this.palabraCortada = this.enteros.length > antes;
    }
    const n = this.n;
    const enteros = this.enteros;
    if (enteros.length < 2 * n) {
      this.fase = ROTA;
      this.proxima = -1;
      return;
    }
    // Writers list the objects in order; readers do not require it.
    for (let k = 1; k < n && !this.orden; k++) {
      if (enteros[2 * k + 1]! < enteros[2 * k - 1]!) {
        this.orden = Array.from({ length: n }, (_, j) => j).sort(
          (a, b) => enteros[2 * a + 1]! - enteros[2 * b + 1]!,
        );
      }
    }
    this.fase = CUERPO;
    this.reiniciarLexico();
    this.proxima = n > 0 ? this.inicioDe(0) : -1;
  }

  /** A token of the table: an integer, or -1 for anything else. */
  private cabecera(entero: number) {
    if (this.enteros.length >= 2 * this.n) return; // what follows the table, before /First
    if (entero < 0) this.fase = ROTA;
    else this.enteros.push(entero);
  }

  protected alNombre(nombre: number) {
    if (this.fase === CUERPO) this.estructura.nombre(nombre);
    else this.cabecera(-1);
  }

  protected alPalabra() {
    if (this.fase === CUERPO) this.estructura.palabra(this.enteroPalabra, this.clavePalabra);
    else this.cabecera(this.enteroPalabra);
  }

  protected alAbrirDiccionario() {
    if (this.fase === CUERPO) this.estructura.abrirDiccionario();
    else this.cabecera(-1);
  }

  protected alCerrarDiccionario() {
    if (this.fase === CUERPO) this.estructura.cerrarDiccionario();
    else this.cabecera(-1);
  }

  protected alAbrirArreglo() {
    if (this.fase === CUERPO) this.estructura.abrirArreglo();
    else this.cabecera(-1);
  }

  protected alCerrarArreglo() {
    if (this.fase === CUERPO) this.estructura.cerrarArreglo();
    else this.cabecera(-1);
  }

  protected alCadena() {
    if (this.fase === CUERPO) this.estructura.otro();
    else this.cabecera(-1);
  }

  protected alSuelto() {
    if (this.fase === CUERPO) this.estructura.otro();
    else this.cabecera(-1);
  }
}
