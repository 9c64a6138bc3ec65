// producto §3 autocompletes (accent- and case-insensitive, anywhere in the name, as the SPA's
// filter applies it) and producto §5 title case.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizar, soloDigitos } from '../../domain/index.js';
import { tituloCapitalizado } from '../../src/pasos/equipos/titulo.js';
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
    ['ECOGRAFO', 'Ecografo'],
    ['ELECTROCARDIOGRAFO DIGITAL', 'Electrocardiografo Digital'],
    ['RAYOS X (PORTATIL)', 'Rayos X (Portatil)'],
    ['equipo de rx/tomografo', 'Equipo De Rx/Tomografo'],
    ['MAMÓGRAFO', 'Mamógrafo'],
  ])('%j → %j', (texto, titulo) => {
    expect(tituloCapitalizado(texto)).toBe(titulo);
  });
});

describe('soloDigitos', () => {
  it('drops the dots typed in a DNI', () => {
    expect(soloDigitos('30.111.222')).toBe('30111222');
    expect(soloDigitos(' 30 111-222 ')).toBe('30111222');
    expect(soloDigitos('abc')).toBe('');
  });
});
