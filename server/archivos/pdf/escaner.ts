// The scan of a PDF's own syntax (decisions 076, 092 and 099), fed in chunks by revisarPdf:
//
// - The lexer (lexico.ts) finds every name outside strings, comments and stream data, and a name
//   of active content (acciones.ts) refuses the file. Content streams (page text, images) are
//   skipped: a page that says "JavaScript" is not a dictionary.
// - Object streams are inflated and read on their own (flujo-de-objetos.ts); one that cannot be
//   inflated, uses another filter or predictors, or sits in an encrypted file is unreadable.
// - Wherever a reader may start parsing (reinicios.ts) the scan starts afresh.
// - Each object's body, and each /OpenAction, goes to the structure that decides at the end
//   whether /OpenAction only shows a page (acciones.ts).
import { createInflate, type Inflate } from 'node:zlib';
import { ES_ACTIVO as ES_ACTIVO_, Estructura, RegistroDeAcciones } from './acciones.js';
import { FlujoDeObjetos } from './flujo-de-objetos.js';
import { LecturaPdf } from './lexico.js';
import { N, PALABRAS } from './sintaxis.js';

// Bindings of this module (imports are read through module cells at every use).
const ES_ACTIVO = ES_ACTIVO_;
const { Type: TYPE, ObjStm: OBJSTM, Filter: FILTER, FlateDecode: FLATE, First: FIRST, Encrypt: ENCRYPT } = N;
const { N: CLAVE_N, DecodeParms: DECODE_PARMS, DP } = N;
const { R: PAL_R, stream: PAL_STREAM } = PALABRAS;
const OTRO_FILTRO = -1; // `/Filter 12 0 R`: a filter we cannot see

export const LIMITES_PDF = {
  /** Bytes inflated from all the object streams of one file together. */
  bytesInflados: 50 * 1024 * 1024,
  /** Object streams in one file (each is inflated on its own). */
  flujosDeObjetos: 10_000,
  /** Objects one object stream may hold for its objects to be told apart (its table is kept). */
  objetosPorFlujo: 10_000,
  /** Distinct objects /OpenAction may refer to in one file (incremental updates repeat it). */
  destinosDeApertura: 100,
};

export type VeredictoPdf = 'limpio' | 'activo' | 'ilegible';

/** What the scan knows of the top-level dictionary just read: the stream's, if `stream` follows. */
interface Diccionario {
  objetos: boolean;
  n: boolean;
  first: boolean;
  /** /N and /First when written as integers; -1 otherwise (an indirect reference, say). */
  valorN: number;
  valorFirst: number;
  /** The key (N or First) whose integer was just read: `N 0 R` after it makes it a reference. */
  numerica: number;
  seguidas: number;
  parametros: boolean;
  /** Filters by name number (0: another name; OTRO_FILTRO: not a name). */
  filtros: number[];
  enFiltros: boolean;
  /** The key whose value comes next, by name number (-1: none). */
  clave: number;
}

const diccionarioNuevo = (): Diccionario => ({
  objetos: false,
  n: false,
  first: false,
  valorN: -1,
  valorFirst: -1,
  numerica: 0,
  seguidas: 0,
  parametros: false,
  filtros: [],
  enFiltros: false,
  clave: -1,
});

/** Where an object stream's data goes: through an inflater, or straight to its reading. */
interface Destino {
  escribir(bytes: Buffer): void;
  terminar(): void;
}

export class EscanerPdf extends LecturaPdf {
  veredicto: VeredictoPdf = 'limpio';

  private profundidad = 0;
  private ultimo: 'cierre' | 'otro' = 'otro';
  private diccionario: Diccionario | null = null;
  private cifrado = false;
  private flujosDeObjetos = 0;
  private inflados = 0;

  private readonly registro: RegistroDeAcciones;
  private readonly estructura: Estructura;
  /** The number of the object being read and its digits in the header (-1: not known). */
  private objeto = -1;
  private cifras = 0;

  private destino: Destino | null = null;
  private inflador: Inflate | null = null;
  private readonly terminados: Promise<void>[] = [];

  constructor(private readonly limites = LIMITES_PDF) {
    super();
    this.registro = new RegistroDeAcciones(limites.destinosDeApertura, () => this.fallar('activo'));
    this.estructura = new Estructura(this.registro, (clase) =>
      this.registro.definirCabecera(this.objeto, this.cifras, clase),
    );
  }

  private fallar(veredicto: Exclude<VeredictoPdf, 'limpio'>) {
    if (this.veredicto !== 'limpio') return;
    this.veredicto = veredicto;
    this.parar = true;
  }

  /** Scans one chunk; the state carries over to the next. */
  escribir(trozo: Buffer) {
    this.leerTrozo(trozo);
  }

  protected alReiniciar(cabecera: boolean, numero: number, cifras: number) {
    this.estructura.cortar();
    this.objeto = numero;
    this.cifras = cifras;
    if (cabecera) this.estructura.esperarObjeto();
    this.profundidad = 0;
    this.diccionario = null;
    this.ultimo = 'otro';
  }

  protected alDatos(trozo: Buffer, inicio: number, fin: number, ultimos: boolean) {
    if (!this.destino) return;
    if (inicio >= 0 && fin > inicio) this.destino.escribir(trozo.subarray(inicio, fin));
    if (!ultimos) return;
    this.destino.terminar();
    this.destino = null;
    this.inflador = null;
  }

  protected alFinDeDatos() {
    this.ultimo = 'otro';
  }

  protected alAbrirDiccionario() {
    this.estructura.abrirDiccionario();
    if (this.profundidad === 0) this.diccionario = diccionarioNuevo();
    this.profundidad++;
    this.ultimo = 'otro';
  }

  protected alCerrarDiccionario() {
    this.estructura.cerrarDiccionario();
    if (this.profundidad > 0) this.profundidad--;
    this.ultimo = this.profundidad === 0 ? 'cierre' : 'otro';
    this.alValor();
  }

  protected alAbrirArreglo() {
    this.estructura.abrirArreglo();
    const d = this.diccionario;
    if (d && this.profundidad === 1 && d.clave === FILTER) {
      d.enFiltros = true;
      d.filtros = [];
    }
    this.ultimo = 'otro';
  }

  protected alCerrarArreglo() {
    this.estructura.cerrarArreglo();
    const d = this.diccionario;
    if (d && this.profundidad === 1) {
      d.enFiltros = false;
      d.clave = -1;
    }
    this.ultimo = 'otro';
  }

  protected alCadena() {
    this.estructura.otro();
    this.alValor();
  }

  protected alSuelto() {
    this.estructura.otro();
    this.ultimo = 'otro';
  }

  /** A value that is not a name ends the key it belonged to. */
  private alValor() {
    const d = this.diccionario;
    if (d && this.profundidad === 1 && !d.enFiltros) {
      if (d.clave === FILTER) d.filtros = [OTRO_FILTRO];
      d.clave = -1;
    }
  }

  protected alNombre(nombre: number) {
    this.estructura.nombre(nombre);
    this.ultimo = 'otro';
    if (ES_ACTIVO[nombre]) return this.fallar('activo');
    if (nombre === ENCRYPT) this.cifrado = true;
    const d = this.diccionario;
    if (!d || this.profundidad !== 1) return;
    d.numerica = 0;
    if (d.enFiltros) {
      d.filtros.push(nombre);
      return;
    }
    if (d.clave === TYPE && nombre === OBJSTM) d.objetos = true;
    if (d.clave === FILTER) d.filtros = [nombre];
    if (nombre === CLAVE_N) d.n = true;
    if (nombre === FIRST) d.first = true;
    if (nombre === DECODE_PARMS || nombre === DP) d.parametros = true;
    d.clave = nombre;
  }

  protected alPalabra() {
    if (this.clavePalabra === PAL_STREAM && this.ultimo === 'cierre' && this.profundidad === 0) {
      this.empezarDatos();
      this.abrirFlujo();
      return;
    }
    this.estructura.palabra(this.enteroPalabra, this.clavePalabra);
    this.ultimo = 'otro';
    const d = this.diccionario;
    if (d && this.profundidad === 1 && !d.enFiltros) this.valorNumerico(d);
    this.alValor();
  }

  /** /N and /First of an object stream: integers, unless `N 0 R` makes them references. */
  private valorNumerico(d: Diccionario) {
    if (d.clave === CLAVE_N || d.clave === FIRST) {
      if (d.clave === CLAVE_N) d.valorN = this.enteroPalabra;
      else d.valorFirst = this.enteroPalabra;
      d.numerica = d.clave;
      d.seguidas = 1;
    } else if (d.numerica) {
      if (++d.seguidas === 3 && this.clavePalabra === PAL_R) {
        if (d.numerica === CLAVE_N) d.valorN = -1;
        else d.valorFirst = -1;
      }
      if (d.seguidas >= 3) d.numerica = 0;
    }
  }

  /** A stream starts: an object stream gets a destination for its data. */
  private abrirFlujo() {
    const d = this.diccionario;
    this.diccionario = null;
    if (!d || !(d.objetos || (d.n && d.first))) return;
    if (++this.flujosDeObjetos > this.limites.flujosDeObjetos) return this.fallar('ilegible');
    const filtros = d.filtros;
    const deflate = filtros.length === 1 && filtros[0] === FLATE;
    if (d.parametros || !(filtros.length === 0 || deflate)) return this.fallar('ilegible');
    const flujo = new FlujoDeObjetos(this.registro, d.valorN, d.valorFirst, this.limites.objetosPorFlujo);
    const revisar = (bytes: Buffer) => {
      this.inflados += bytes.length;
      if (this.inflados > this.limites.bytesInflados) return this.fallar('ilegible');
      flujo.escribir(bytes);
      if (flujo.activo) this.fallar('activo');
    };
    const cerrar = () => {
      flujo.terminar();
      if (flujo.activo) this.fallar('activo');
    };
    if (!deflate) {
      this.destino = { escribir: revisar, terminar: cerrar };
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
        cerrar();
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
    this.terminarLexico();
    this.estructura.cortar();
    if (this.destino) {
      this.destino.terminar();
      this.destino = null;
    }
    this.inflador = null;
    await this.asentar();
    // An encrypted file's object streams are ciphertext: what they hold cannot be checked.
    if (this.cifrado && this.flujosDeObjetos > 0) this.fallar('ilegible');
    // Every /OpenAction target is known by now.
    this.registro.terminar();
    return this.veredicto;
  }
}
