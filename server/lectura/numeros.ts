// Spanish numbers and month names as documents write them, accents already dropped and lower case
// (server/lectura/fechas.ts normalises the text first): "treinta y uno", "dos mil veintisiete",
// "diciembre", "dic.", and the OCR's near misses of a month ("diciernbre").
import { MESES } from '../../domain/fecha.js';

const UNIDADES: Record<string, number> = {
  un: 1,
  uno: 1,
  una: 1,
  primero: 1,
  primer: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciseis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  veintiun: 21,
  veintiuno: 21,
  veintiuna: 21,
  veintidos: 22,
  veintitres: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiseis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
  cien: 100,
  ciento: 100,
  doscientos: 200,
  trescientos: 300,
  cuatrocientos: 400,
  quinientos: 500,
  seiscientos: 600,
  setecientos: 700,
  ochocientos: 800,
  novecientos: 900,
};

/** One number word (longest first, so "veintiuno" is not read as "veintiun" + "o"). */
export const PALABRA_NUMERO = [...Object.keys(UNIDADES), 'mil'].sort((a, b) => b.length - a.length).join('|');

/**
 * The value of a run of number words ("dos mil veintisiete" → 2027, "treinta y un" → 31), or null
 * when a word is not a number or the run does not read as one number.
 */
export function valorEnPalabras(texto: string): number | null {
  const palabras = texto
    .trim()
    .split(/\s+/)
    .filter((p) => p !== 'y');
  if (palabras.length === 0) return null;
  let total = 0;
  let actual = 0;
  let ultimo = Infinity;
  for (const palabra of palabras) {
    if (palabra === 'mil') {
      if (total > 0) return null;
      total = (actual || 1) * 1000;
      actual = 0;
      ultimo = Infinity;
      continue;
    }
    const valor = UNIDADES[palabra];
    if (valor === undefined) return null;
    // Each word is smaller than the one before it ("veinte siete" is two numbers, not 27).
    if (valor >= ultimo || (valor < 10 && ultimo < 10)) return null;
    actual += valor;
    ultimo = valor;
  }
  return total + actual;
}

const ABREVIATURAS: Record<string, number> = {
  ene: 1,
  feb: 2,
  mar: 3,
  abr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  ago: 8,
  sep: 9,
  set: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dic: 12,
  setiembre: 9,
};

function distancia(a: string, b: string): number {
  const previa = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previa[0]!;
    previa[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const arriba = previa[j]!;
      previa[j] = Math.min(arriba + 1, previa[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = arriba;
    }
  }
  return previa[b.length]!;
}

/**
 * The month (1–12) a word names: a full name, a common abbreviation, or a name of seven letters or
 * more that the OCR got one or two letters wrong ("diciernbre", "setiernbre"). Short names must be
 * exact: "junio" and "julio" are one letter apart.
 */
export function mesDePalabra(palabra: string): number | null {
  const sabido = vistas.get(palabra);
  if (sabido !== undefined) return sabido;
  // Bounded: a document repeats its words, an adversarial one should not fill the memory.
  if (vistas.size >= 5000) vistas.clear();
  const mes = buscarMes(palabra);
  vistas.set(palabra, mes);
  return mes;
}
const vistas = new Map<string, number | null>();

function buscarMes(palabra: string): number | null {
  const exacta = (MESES as readonly string[]).indexOf(palabra);
  if (exacta >= 0) return exacta + 1;
  const abreviada = ABREVIATURAS[palabra];
  if (abreviada !== undefined) return abreviada;
  // Only words as long as a long month name, give or take the OCR's extra letters.
  if (palabra.length < 6 || palabra.length > 12) return null;
  // "rn" is the OCR's usual "m".
  const arreglada = palabra.replace(/rn/g, 'm');
  let mejor: number | null = null;
  let mejorDistancia = Infinity;
  let empate = false;
  for (const [i, mes] of MESES.entries()) {
    if (mes.length < 7 || Math.abs(mes.length - arreglada.length) > 2) continue;
    const d = distancia(arreglada, mes);
    if (d < mejorDistancia) [mejor, mejorDistancia, empate] = [i + 1, d, false];
    else if (d === mejorDistancia) empate = true;
  }
  return mejor !== null && !empate && mejorDistancia <= (arreglada.length >= 9 ? 2 : 1) ? mejor : null;
}
