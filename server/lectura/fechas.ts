// The end date of a document from its text (producto §17, "Vigencia read from the document"): every
// date written in figures or in words, each judged by the wording just before it, and a proposal
// only when one date is clearly the end date. An issue date ("Rosario, 3 de marzo de 2020"), a
// start date ("vigencia desde …") or a birth date is never proposed; two end dates that disagree
// propose none. The text may come from OCR: accents dropped, O for 0, l for 1, stray spaces.
import { PALABRA_NUMERO, mesDePalabra, valorEnPalabras } from './numeros.js';

export interface FechaHallada {
  /** YYYY-MM-DD, or null when the date is impossible (31/02, month 13). */
  fecha: string | null;
  /** What the wording before it says: the end date, or anything else. */
  clase: 'fin' | 'otra';
  /** Where it is in the normalised text, and where the wording that judged it starts. */
  inicio: number;
  fin: number;
  palabra: number;
}

export interface VigenciaLeida {
  fecha: string;
  frase: string;
}

/** The text lower-cased, accents dropped, spaces collapsed, and where each character came from. */
interface Normalizado {
  texto: string;
  origen: number[];
}

function normalizar(original: string): Normalizado {
  const partes: string[] = [];
  const origen: number[] = [];
  const poner = (salida: string, donde: number) => {
    for (const c of salida) {
      partes.push(c);
      origen.push(donde);
    }
  };
  const espacio = /\s/;
  for (let i = 0; i < original.length;) {
    const c = original[i]!;
    const codigo = c.charCodeAt(0);
    if (espacio.test(c)) {
      const donde = i;
      let saltos = 0;
      for (; i < original.length && espacio.test(original[i]!); i++) if (original[i] === '\n') saltos++;
      poner(saltos >= 2 ? '\n\n' : saltos === 1 ? '\n' : ' ', donde);
      continue;
    }
    // Plain ASCII, most of any text, without the cost of Unicode normalisation.
    if (codigo < 128) poner(codigo >= 65 && codigo <= 90 ? String.fromCharCode(codigo + 32) : c, i);
    else if (c === 'º' || c === '°') poner('°', i);
    else if (/[‐-―−]/.test(c)) poner('-', i);
    else
      poner(
        c
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
        i,
      );
    i++;
  }
  origen.push(original.length);
  return { texto: partes.join(''), origen };
}

// A digit as the OCR may have read it.
const D = '[0-9oil|]';
const DIGITO: Record<string, string> = { o: '0', i: '1', l: '1', '|': '1' };
const aDigitos = (s: string) => s.replace(/[oil|]/g, (c) => DIGITO[c]!);
const sustituidos = (s: string) => (s.match(/[oil|]/g) ?? []).length;

// The OCR may read a separator as a colon ("20: 12/2027"), or lose the one before a full year
// ("07/01 2027").
const EN_CIFRAS = new RegExp(
  `(?<![a-z0-9])(${D}{1,2}) ?[/.:-] ?(${D}{1,2})(?: ?[/.:-] ?(${D}{4}|${D}{2})| (${D}{4}))(?![0-9])`,
  'g',
);
const ISO = new RegExp(`(?<![a-z0-9])(${D}{4})-(${D}{2})-(${D}{2})(?![0-9])`, 'g');
const PALABRA = /(?<![a-z])[a-z]{3,11}(?![a-z])\.?/g;
// The ordinal of "1°" as the OCR reads it: º, o, %, *, ?, a quote.
const DIA_EN_CIFRAS =
  /(?:^|[^a-z0-9])([0-9]{1,2}) ?(?:ro|ero|er|o|[°%*?'"”“’])?\.?(?:\s*(?:dias?|del|de|mes)\b)*\s*[-/.]?\s*$/;
const DIA_EN_PALABRAS = new RegExp(
  `(?:^|[^a-z])((?:(?:${PALABRA_NUMERO})\\s+(?:y\\s+)?)*(?:${PALABRA_NUMERO}))(?:\\s*(?:dias?|del|de|mes)\\b)*\\s*$`,
);
const ANIO_EN_CIFRAS = new RegExp(
  `^\\s*[-/.,]?\\s*(?:(?:de|del)\\s+)?(?:ano\\s+)?(${D}{4}|[0-9]{2})(?![0-9a-z])`,
);
const ANIO_EN_PALABRAS = new RegExp(
  `^\\s*,?\\s*(?:(?:de|del)\\s+)?(?:ano\\s+)?((?:(?:${PALABRA_NUMERO})(?![a-z])\\s*(?:y\\s+)?)+)`,
);

function iso(dia: number, mes: number, anio: number): string | null {
  if (anio < 1900 || anio > 2199 || mes < 1 || mes > 12 || dia < 1) return null;
  const dias = new Date(Date.UTC(anio, mes, 0)).getUTCDate();
  if (dia > dias) return null;
  return `${anio}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

// Two-digit years are this century's: documents in force are recent.
const anioCompleto = (s: string) => (s.length === 2 ? 2000 + Number(s) : Number(s));

type Fecha = Omit<FechaHallada, 'clase' | 'palabra'>;

function fechasEnCifras(t: string): Fecha[] {
  const halladas: Fecha[] = [];
  for (const m of t.matchAll(EN_CIFRAS)) {
    const [todo, d, mes, conSeparador, sinSeparador] = m as unknown as [
      string,
      string,
      string,
      string?,
      string?,
    ];
    const a = conSeparador ?? sinSeparador ?? '';
    // At most three characters the OCR may have misread (two with a two-digit year, none in it).
    if (sustituidos(todo) > (a.length === 4 ? 3 : 2) || (a.length === 2 && sustituidos(a) > 0)) continue;
    halladas.push({
      fecha: iso(Number(aDigitos(d)), Number(aDigitos(mes)), anioCompleto(aDigitos(a))),
      inicio: m.index,
      fin: m.index + todo.length,
    });
  }
  for (const m of t.matchAll(ISO)) {
    const [todo, a, mes, d] = m as unknown as [string, string, string, string];
    if (sustituidos(todo) > 2) continue;
    halladas.push({
      fecha: iso(Number(aDigitos(d)), Number(aDigitos(mes)), Number(aDigitos(a))),
      inicio: m.index,
      fin: m.index + todo.length,
    });
  }
  return halladas;
}

function fechasEnPalabras(t: string): Fecha[] {
  const halladas: Fecha[] = [];
  for (const m of t.matchAll(PALABRA)) {
    const mes = mesDePalabra(m[0].replace(/\.$/, ''));
    if (mes === null) continue;
    const antes = t.slice(Math.max(0, m.index - 70), m.index);
    const despues = t.slice(m.index + m[0].length, m.index + m[0].length + 70);
    let dia: number | null = null;
    let inicio = m.index;
    const enCifras = DIA_EN_CIFRAS.exec(antes);
    const enPalabras = enCifras ? null : DIA_EN_PALABRAS.exec(antes);
    if (enCifras) {
      dia = Number(enCifras[1]);
      inicio = m.index - antes.length + enCifras.index + enCifras[0].indexOf(enCifras[1]!);
    } else if (enPalabras) {
      dia = valorEnPalabras(enPalabras[1]!);
      inicio = m.index - antes.length + enPalabras.index + enPalabras[0].indexOf(enPalabras[1]!);
    }
    if (dia === null) continue;
    let anio: number | null = null;
    let largo = 0;
    const anioCifras = ANIO_EN_CIFRAS.exec(despues);
    if (anioCifras && sustituidos(anioCifras[1]!) <= 1) {
      anio = anioCompleto(aDigitos(anioCifras[1]!));
      largo = anioCifras[0].length;
    } else {
      const anioPalabras = ANIO_EN_PALABRAS.exec(despues);
      const palabras = anioPalabras?.[1]!.trim().replace(/\s+y$/, '');
      if (anioPalabras && palabras) {
        anio = valorEnPalabras(palabras);
        largo = anioPalabras[0].trimEnd().length;
      }
    }
    if (anio === null) continue;
    halladas.push({ fecha: iso(dia, mes, anio), inicio, fin: m.index + m[0].length + largo });
  }
  return halladas;
}

// Where a sentence ends: a blank line, or a full stop that does not close an abbreviation.
const ABREVIATURAS = new Set(
  (
    'vto vtos vio vlo v1o hs hrs nro n art dr dra sr sra inc pag av exp expte res ley mat ' +
    'prov pcia cdad gral fs tel ref no num ctro dto dpto'
  ).split(' '),
);
function finesDeFrase(t: string): number[] {
  const fines: number[] = [];
  for (const m of t.matchAll(/\n\n|(?<=([a-z0-9)]+))[.!?;](?=\s|$)/g)) {
    if (m[0] === '\n\n') fines.push(m.index + 2);
    else if (!ABREVIATURAS.has(m[1]!)) fines.push(m.index + 1);
  }
  return fines;
}

// The wording before a date that says what it is: the last one found decides. "desde", an issue
// or a birth date end the reach of an earlier "hasta". The OCR often reads "vto." as "vio.".
const FIN =
  /\bhasta\b|\bvenc\w*|\bv ?[til1]o\b|\bcaduc\w*|\bexpira\w*|\bfin de (?:la )?vigencia\b|\bfinaliza\w*/g;
const OTRA =
  /\bdesde\b|\bemi(?:sion|tid[oa])\b|\bexpedi(?:d[oa]|cion)\b|\botorgad[oa]\b|\bnac(?:imiento|id[oa]|io)\b|\binicio\b|\ba partir\b|\bfecha ?:|\bimpres[oa]\b|\bgenerad[oa]\b|\bdictad[oa]\b|\bsuscrit[oa]\b|\bfirmad[oa]\b/g;
// A range opened by this wording ("vigencia: 01/03/2026 al 01/03/2027") ends at its second date.
const RANGO = /\bvigen\w*|\bperiodo\b|\bcobertura\b|\bvalid\w*|\bplazo\b|\bdesde\b/;
const ENTRE_RANGO = /^\s*(?:-|al|a|y)\s*(?:el\s+)?$/;
// How far the wording may be from its date ("hasta las 12 horas del día …").
const ALCANCE = 50;

/** How many of the sorted `fines` are at or before `i` (a binary search). */
function posicion(fines: number[], i: number): number {
  let [bajo, alto] = [0, fines.length];
  while (bajo < alto) {
    const medio = (bajo + alto) >> 1;
    if (fines[medio]! <= i) bajo = medio + 1;
    else alto = medio;
  }
  return bajo;
}
const inicioDeFraseEn = (fines: number[], i: number) => fines[posicion(fines, i) - 1] ?? 0;

function ultimo(re: RegExp, texto: string): { inicio: number; fin: number } | null {
  let hallado: { inicio: number; fin: number } | null = null;
  for (const m of texto.matchAll(re)) hallado = { inicio: m.index, fin: m.index + m[0].length };
  return hallado;
}

/** Every date in the text, with what the wording before it says. */
export function fechasDelTexto(original: string): {
  fechas: FechaHallada[];
  normalizado: Normalizado;
  fines: number[];
} {
  const normalizado = normalizar(original);
  const t = normalizado.texto;
  const todas = [...fechasEnCifras(t), ...fechasEnPalabras(t)].sort((a, b) => a.inicio - b.inicio);
  // One date per place (a date in words may also hold one in figures).
  const fechas: Fecha[] = [];
  for (const f of todas) {
    const previa = fechas.at(-1);
    if (previa && f.inicio < previa.fin) continue;
    fechas.push(f);
  }
  const fines = finesDeFrase(t);
  const inicioDeFrase = (i: number) => inicioDeFraseEn(fines, i);
  const halladas: FechaHallada[] = [];
  for (const [k, f] of fechas.entries()) {
    const previa = fechas[k - 1];
    const desde = Math.max(inicioDeFrase(f.inicio), previa?.fin ?? 0);
    const contexto = t.slice(desde, f.inicio);
    const fin = ultimo(FIN, contexto);
    const otra = ultimo(OTRA, contexto);
    let clase: FechaHallada['clase'] =
      fin && (!otra || otra.inicio < fin.inicio) && contexto.length - fin.fin <= ALCANCE ? 'fin' : 'otra';
    let palabra = fin && clase === 'fin' ? desde + fin.inicio : f.inicio;
    if (clase === 'otra' && previa && previa.fin > inicioDeFrase(f.inicio) && ENTRE_RANGO.test(contexto)) {
      const inicioRango = Math.max(inicioDeFrase(previa.inicio), previa.inicio - 80);
      const rango = RANGO.exec(t.slice(inicioRango, previa.inicio));
      if (rango) [clase, palabra] = ['fin', inicioRango + rango.index];
    }
    halladas.push({ ...f, clase, palabra });
  }
  return { fechas: halladas, normalizado, fines };
}

const LARGO_FRASE = 200;

/**
 * The proposed end date and its sentence, or null: one end date (repeated or not), never an
 * impossible one, never one of several that disagree.
 */
export function buscarVigencia(texto: string): VigenciaLeida | null {
  const { fechas, normalizado, fines } = fechasDelTexto(texto);
  const deFin = fechas.filter((f) => f.clase === 'fin');
  if (deFin.length === 0 || deFin.some((f) => f.fecha === null)) return null;
  const distintas = new Set(deFin.map((f) => f.fecha));
  if (distintas.size !== 1) return null;
  const primera = deFin[0]!;
  return { fecha: primera.fecha!, frase: fraseDe(texto, normalizado, fines, primera) };
}

/** The sentence around a date, from the original text, shortened around it when long. */
function fraseDe(texto: string, n: Normalizado, fines: number[], f: FechaHallada): string {
  const inicioFrase = inicioDeFraseEn(fines, f.inicio);
  const finFrase = fines[posicion(fines, f.fin - 1)] ?? n.texto.length;
  // From the line of the wording to the line of the date, and the lines a wrapped sentence
  // continues on, not a heading or a label above or below it. A line break at `i` continues the
  // sentence when the next line starts with a small letter, or the line before it ends in one (or
  // a comma) and the next one does not start with a capital.
  const sigue = (i: number) => {
    const [antes, despues] = [texto[n.origen[i - 1] ?? 0] ?? '', texto[n.origen[i + 1] ?? 0] ?? ''];
    return /\p{Ll}/u.test(despues) || (/[\p{Ll},]/u.test(antes) && !/\p{Lu}/u.test(despues));
  };
  let linea = Math.max(inicioFrase, n.texto.lastIndexOf('\n', f.palabra) + 1);
  while (linea > inicioFrase && sigue(linea - 1))
    linea = Math.max(inicioFrase, n.texto.lastIndexOf('\n', linea - 2) + 1);
  let finLinea = n.texto.indexOf('\n', f.fin);
  while (finLinea >= 0 && finLinea < finFrase && sigue(finLinea))
    finLinea = n.texto.indexOf('\n', finLinea + 1);
  const limite = finLinea < 0 ? finFrase : Math.min(finFrase, finLinea);
  const desde = Math.max(linea, f.inicio - 120);
  const hasta = Math.min(limite, f.fin + 60);
  const o = (i: number) => n.origen[Math.min(i, n.origen.length - 1)]!;
  let trozo = texto.slice(o(desde), o(hasta)).replace(/\s+/g, ' ').trim();
  // Cut at whole words when the sentence was shortened.
  if (desde > linea) trozo = '…' + trozo.replace(/^\S*\s/, '');
  if (hasta < limite) trozo = trozo.replace(/\s\S*$/, '') + '…';
  trozo = trozo.replace(/^[\s,;:.)-]+/, '');
  return trozo.length > LARGO_FRASE ? trozo.slice(0, LARGO_FRASE - 1) + '…' : trozo;
}
