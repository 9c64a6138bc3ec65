// producto §3, Fecha de nacimiento: the parser's edge cases and the range rule, with "today" fixed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  esIsoValido,
  expandirAnio,
  fechaLocal,
  formatearFecha,
  isoDeFechaLocal,
  parsearFecha,
  validarFechaNac,
} from '../../domain/index.js';

const HOY = '2026-11-22';

describe('parsearFecha', () => {
  it.each([
    ['15/03/1980', '1980-03-15'],
    ['15.03.1980', '1980-03-15'],
    ['15-03-1980', '1980-03-15'],
    ['5/3/1980', '1980-03-05'],
    ['05/3/1980', '1980-03-05'],
    ['5/03/1980', '1980-03-05'],
    [' 15 / 03 / 1980 ', '1980-03-15'],
    ['15/03-1980', '1980-03-15'],
    // The 8 digits alone, as a phone's numeric keypad types them (producto §12).
    ['15031980', '1980-03-15'],
    [' 01011900 ', '1900-01-01'],
    ['29022000', '2000-02-29'],
  ])('accepts %j as %s', (texto, iso) => {
    expect(parsearFecha(texto, HOY)).toBe(iso);
  });

  it.each([
    ['15/03/80', '1980-03-15', 'a 2-digit year in the future of 20YY means 19YY'],
    ['15/03/05', '2005-03-15', 'a 2-digit year not in the future means 20YY'],
    ['15/03/00', '2000-03-15', '00 is 2000'],
    ['15/03/26', '2026-03-15', 'the current year is not in the future'],
    ['22/11/26', '2026-11-22', 'today, typed with a 2-digit year, is today'],
    ['31/12/26', '1926-12-31', 'a 2-digit year whose date would be after today means 19YY'],
    ['15/03/27', '1927-03-15', 'next year is'],
    ['15/03/985', '2985-03-15', 'a 3-digit year means 2000+n (the source rule)'],
    ['15/03/005', '2005-03-15', '3 digits with leading zeros'],
  ])('%j → %s: %s', (texto, iso) => {
    expect(parsearFecha(texto, HOY)).toBe(iso);
  });

  it('the 2-digit rule follows the year of "today"', () => {
    expect(parsearFecha('01/01/30', '2031-01-01')).toBe('2030-01-01');
    expect(parsearFecha('01/01/30', '2029-12-31')).toBe('1930-01-01');
  });

  it('29/02 exists only in leap years', () => {
    expect(parsearFecha('29/02/2000', HOY)).toBe('2000-02-29');
    expect(parsearFecha('29/02/1996', HOY)).toBe('1996-02-29');
    expect(parsearFecha('29/02/1900', HOY)).toBeNull();
    expect(parsearFecha('29/02/2001', HOY)).toBeNull();
    expect(parsearFecha('29/02/04', HOY)).toBe('2004-02-29');
  });

  it.each(['31021980', '29022023', '32011980'])('refuses the 8 digits of a non-existent day %j', (texto) => {
    expect(parsearFecha(texto, HOY)).toBeNull();
  });

  it.each(['31/04/1980', '31/06/1980', '31/09/1980', '31/11/1980', '30/02/2000', '00/01/1980', '01/00/1980', '32/01/1980', '01/13/1980'])(
    'refuses the non-existent day %j',
    (texto) => {
      expect(parsearFecha(texto, HOY)).toBeNull();
    },
  );

  it.each(['', 'abc', '15/03', '1503198', '150380', '150319800', '1503 1980', '15/03/1', '15/03/19800', '015/03/1980', '15/003/1980', '15_03_1980', '15/03/19a0', 'a15/03/1980', '1980-03-15'])(
    'refuses garbage %j',
    (texto) => {
      expect(parsearFecha(texto, HOY)).toBeNull();
    },
  );
});

describe('expandirAnio', () => {
  it('keeps 4-digit years', () => {
    expect(expandirAnio('1975', 2026)).toBe(1975);
  });
  it('2 digits: 20YY unless after the current year, then 19YY', () => {
    for (let n = 0; n < 100; n++) {
      const texto = String(n).padStart(2, '0');
      expect(expandirAnio(texto, 2026)).toBe(2000 + n > 2026 ? 1900 + n : 2000 + n);
    }
  });
  it('3 digits: 2000 + n', () => {
    expect(expandirAnio('123', 2026)).toBe(2123);
  });
});

describe('validarFechaNac', () => {
  it('today is allowed, tomorrow is not', () => {
    expect(validarFechaNac(HOY, HOY)).toBeNull();
    expect(validarFechaNac('2026-11-23', HOY)).toBe('futura');
  });
  it('01/01/1900 is allowed, 31/12/1899 is not', () => {
    expect(validarFechaNac('1900-01-01', HOY)).toBeNull();
    expect(validarFechaNac('1899-12-31', HOY)).toBe('anterior1900');
  });
  it('what the applicant typed in a wrong format is a format error', () => {
    expect(validarFechaNac('15/03/1980', HOY)).toBe('formato');
    expect(validarFechaNac('', HOY)).toBe('formato');
    expect(validarFechaNac('15/03', HOY)).toBe('formato');
    expect(validarFechaNac('1503198', HOY)).toBe('formato');
    expect(validarFechaNac('abc', HOY)).toBe('formato');
  });
  it('a day that does not exist, in the right format, is its own error (producto §12)', () => {
    for (const texto of ['31/02/1980', '29/02/2023', '29.02.23', '31-04-1980', '00/01/1980', '15/13/1980', '31021980', '2001-02-29'])
      expect(validarFechaNac(texto, HOY), texto).toBe('inexistente');
  });
  it('a 3-digit year lands in the future and is refused', () => {
    expect(validarFechaNac(parsearFecha('15/03/985', HOY)!, HOY)).toBe('futura');
  });
});

// Every calendar day from 1900 to 2099.
const fechaValida = fc
  .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('properties', () => {
  it('formatearFecha ∘ parsearFecha is the identity on every valid date', () => {
    fc.assert(
      fc.property(fechaValida, (iso) => {
        expect(esIsoValido(iso)).toBe(true);
        expect(parsearFecha(formatearFecha(iso), HOY)).toBe(iso);
      }),
    );
  });

  it('any separator, with or without leading zeros, parses to the same date', () => {
    fc.assert(
      fc.property(fechaValida, fc.constantFrom('/', '.', '-'), fc.boolean(), (iso, sep, ceros) => {
        const [a, m, d] = iso.split('-') as [string, string, string];
        const texto = ceros ? [d, m, a].join(sep) : [Number(d), Number(m), a].join(sep);
        expect(parsearFecha(texto, HOY)).toBe(iso);
      }),
    );
  });

  it('what parses is always a real ISO date', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (texto) => {
        const iso = parsearFecha(texto, HOY);
        return iso === null || esIsoValido(iso);
      }),
    );
  });

  it('fechaLocal and isoDeFechaLocal are inverse (the calendar widget round trip)', () => {
    fc.assert(
      fc.property(fechaValida, (iso) => {
        expect(isoDeFechaLocal(fechaLocal(iso)!)).toBe(iso);
      }),
    );
  });
});
