// producto §3 autocompletes (accent- and case-insensitive, anywhere in the name, as the SPA's
// filter applies it) and producto §5 title case.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  ACENTOS_APARATOS,
  comoOracion,
  normalizar,
  sinCerosIniciales,
  soloDigitos,
  tituloCapitalizado,
} from '../../domain/index.js';
import { filtrar, indexar } from '../../src/ui/autocomplete/filtro.js';

/** Whether the autocomplete lists `nombre` for what was typed. */
const coincide = (nombre: string, busqueda: string) => filtrar(indexar([nombre], (n) => n), busqueda).length === 1;

const ACENTOS: Record<string, string> = { a: 'áàâä', e: 'éèêë', i: 'íìîï', o: 'óòôö', u: 'úùûü', n: 'ñ' };

/** Puts accents on and changes the case of some letters of a plain word. */
const conAcentos = (texto: string, elecciones: number[]) =>
  [...texto]
    .map((c, i) => {
      const e = elecciones[i % elecciones.length] ?? 0;
      const variantes = ACENTOS[c];
      const letra = variantes && e % 2 === 0 ? variantes[e % variantes.length]! : c;
      return e % 3 === 0 ? letra.toUpperCase() : letra;
    })
    .join('');

const palabra = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz '.split('')), minLength: 1, maxLength: 20 });

describe('normalizar / coincide', () => {
  it('examples of producto §3', () => {
    expect(coincide('Bv. Oroño', 'orono')).toBe(true);
    expect(coincide('Bv. Oroño', 'OROÑO')).toBe(true);
    expect(coincide('Villa Gobernador Gálvez', 'galv')).toBe(true);
    expect(coincide('Pérez', 'perez')).toBe(true);
    expect(coincide('Rosario', 'funes')).toBe(false);
    expect(coincide('Rosario', '')).toBe(true);
    expect(coincide('Rosario', '   ')).toBe(true);
    expect(normalizar('  ÁÉÍÓÚÑÜ ')).toBe('aeiounu');
  });

  it('accents and case never matter', () => {
    fc.assert(
      fc.property(palabra, fc.array(fc.nat(11), { minLength: 1, maxLength: 8 }), (texto, elecciones) => {
        const adornado = conAcentos(texto, elecciones);
        expect(normalizar(adornado)).toBe(normalizar(texto));
        expect(coincide(adornado, texto)).toBe(true);
        expect(coincide(texto, adornado)).toBe(true);
      }),
    );
  });

  it('any piece of a name finds it', () => {
    fc.assert(
      fc.property(palabra, fc.nat(), fc.nat(), fc.array(fc.nat(11), { minLength: 1 }), (nombre, a, b, elecciones) => {
        const desde = a % nombre.length;
        const hasta = desde + (b % (nombre.length - desde + 1));
        expect(coincide(conAcentos(nombre, elecciones), nombre.slice(desde, hasta))).toBe(true);
      }),
    );
  });

  it('normalizar is idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => normalizar(normalizar(s)) === normalizar(s)));
  });
});

describe('tituloCapitalizado', () => {
  it.each([
    ['ECOGRAFO', 'Ecógrafo'],
    ['ELECTROCARDIOGRAFO DIGITAL', 'Electrocardiógrafo Digital'],
    ['RAYOS X (PORTATIL)', 'Rayos X (Portatil)'],
    ['equipo de rx/tomografo', 'Equipo De Rx/Tomógrafo'],
    ['MAMÓGRAFO', 'Mamógrafo'],
    ['DENSITOMETRO OSEO', 'Densitómetro Óseo'],
    ['LAMPARA DE HENDIDURA', 'Lámpara De Hendidura'],
    ['TOMOGRAFO DE COHERENCIA OPTICA', 'Tomógrafo De Coherencia Óptica'],
    ['POLIGRAFO PARA ESTUDIOS DEL SUEÑO', 'Polígrafo Para Estudios Del Sueño'],
    ['LASER-OFTALMOLOGICO', 'Láser-Oftalmológico'],
  ])('%j → %j', (texto, titulo) => {
    expect(tituloCapitalizado(texto)).toBe(titulo);
  });

  // Every word of the catalogue, checked by a person: a new word in the CSV fails here until it is
  // added with its spelling (and to ACENTOS_APARATOS when it carries an accent).
  const PALABRAS: Record<string, string> = {
    AUDIOMETRO: 'Audiómetro', AUTOCLAVE: 'Autoclave', CAMPIMETRO: 'Campímetro', COHERENCIA: 'Coherencia',
    COLPOSCOPIO: 'Colposcopio', COMPUTADO: 'Computado', CRIOCAUTERIO: 'Criocauterio', DE: 'De', DEL: 'Del',
    DENSITOMETRO: 'Densitómetro', DERMATOSCOPIO: 'Dermatoscopio', DESFIBRILADOR: 'Desfibrilador',
    ECODOPPLER: 'Ecodoppler', ECOGRAFO: 'Ecógrafo', ELECTROBISTURI: 'Electrobisturí',
    ELECTROCARDIOGRAFO: 'Electrocardiógrafo', ELECTROENCEFALOGRAFO: 'Electroencefalógrafo',
    ELECTROESTIMULACION: 'Electroestimulación', ELECTROMIOGRAFO: 'Electromiógrafo', ENDOSCOPIO: 'Endoscopio',
    EQUIPO: 'Equipo', ERGOMETRO: 'Ergómetro', ESPIROMETRO: 'Espirómetro', ESTUDIOS: 'Estudios', FETAL: 'Fetal',
    HENDIDURA: 'Hendidura', HOLTER: 'Holter', IMPEDANCIOMETRO: 'Impedanciómetro', LAMPARA: 'Lámpara',
    LASER: 'Láser', LITOTRIPTOR: 'Litotriptor', MAGNETICO: 'Magnético', MAGNETOTERAPIA: 'Magnetoterapia',
    MAMOGRAFO: 'Mamógrafo', MONITOR: 'Monitor', MULTIPARAMETRICO: 'Multiparamétrico',
    OFTALMOLOGICO: 'Oftalmológico', OPTICA: 'Óptica', OSEO: 'Óseo', PARA: 'Para', POLIGRAFO: 'Polígrafo',
    RAYOS: 'Rayos', RESONADOR: 'Resonador', SUEÑO: 'Sueño', TERAPEUTICO: 'Terapéutico', TOMOGRAFO: 'Tomógrafo',
    TONOMETRO: 'Tonómetro', ULTRASONIDO: 'Ultrasonido', VIDEOCOLONOSCOPIO: 'Videocolonoscopio', X: 'X',
  };
  // The catalogue the server seeds (the source's tipos_aparato.csv).
  const csv = readFileSync(new URL('../../server/seed/tipos_aparato.csv', import.meta.url), 'utf8');
  const nombres = csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((linea) => linea.slice(linea.indexOf(',') + 1).replace(/^"|"$/g, ''));
  const palabras = [...new Set(nombres.flatMap((n) => n.split(/[^\p{L}]+/u).filter(Boolean)))];

  it('the catalogue is read (it has its 35 types)', () => {
    expect(nombres).toHaveLength(35);
    expect(nombres).toContain('ECOGRAFO');
  });

  it.each(palabras)('catalogue word %s is written with its accents', (palabra) => {
    expect(PALABRAS, `${palabra} no está revisada en PALABRAS`).toHaveProperty(palabra);
    expect(tituloCapitalizado(palabra)).toBe(PALABRAS[palabra]);
  });

  it('every whole label of the catalogue keeps its letters, with accents only added', () => {
    for (const nombre of nombres) {
      const titulo = tituloCapitalizado(nombre);
      expect(normalizar(titulo)).toBe(normalizar(nombre));
      expect(titulo).not.toMatch(/\p{Lu}{2}/u);
    }
  });

  it('the dictionary holds only accented words, keyed by their plain form', () => {
    for (const [clave, palabra] of Object.entries(ACENTOS_APARATOS)) {
      expect(normalizar(palabra)).toBe(clave);
      expect(palabra).not.toBe(clave);
    }
  });
});

describe('sinCerosIniciales', () => {
  it('drops the 0 of an area code, nothing else', () => {
    expect(sinCerosIniciales('0341')).toBe('341');
    expect(sinCerosIniciales('00341')).toBe('341');
    expect(sinCerosIniciales('0')).toBe('');
    expect(sinCerosIniciales('3401')).toBe('3401');
  });
});

describe('comoOracion', () => {
  it.each([
    ['El servicio no está disponible', 'El servicio no está disponible.'],
    ['La solicitud es demasiado grande.', 'La solicitud es demasiado grande.'],
    ['  Intentá nuevamente  ', 'Intentá nuevamente.'],
    ['¿Seguro?', '¿Seguro?'],
    ['Esperá…', 'Esperá…'],
    ['', ''],
  ])('%j → %j', (texto, oracion) => {
    expect(comoOracion(texto)).toBe(oracion);
  });
});

describe('soloDigitos', () => {
  it('drops the dots typed in a DNI', () => {
    expect(soloDigitos('30.111.222')).toBe('30111222');
    expect(soloDigitos(' 30 111-222 ')).toBe('30111222');
    expect(soloDigitos('abc')).toBe('');
  });
});
