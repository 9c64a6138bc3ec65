// The deadline of a correction link (producto §11): 10 working days counted in Argentina, without
// weekends or the national holidays of date-holidays, until the end of the last day (UTC−3).
import { describe, expect, it } from 'vitest';
import {
  esDiaHabil,
  diaArgentino,
  finDelDiaArgentina,
  plazoDeCorreccion,
  sumarDiasHabiles,
} from '../../server/correcciones/plazo.js';

/** An instant given in Argentine time (UTC−3, no daylight saving). */
const enArgentina = (fechaHora: string) => new Date(`${fechaHora}-03:00`);

describe('working days', () => {
  it('weekends and national holidays are not working days', () => {
    expect(esDiaHabil('2026-11-20')).toBe(true); // Friday
    expect(esDiaHabil('2026-11-21')).toBe(false); // Saturday
    expect(esDiaHabil('2026-11-22')).toBe(false); // Sunday
    expect(esDiaHabil('2026-11-23')).toBe(false); // Día de la Soberanía Nacional (moved to Monday)
    expect(esDiaHabil('2026-12-08')).toBe(false); // Inmaculada Concepción de María
    expect(esDiaHabil('2026-12-25')).toBe(false); // Navidad
    expect(esDiaHabil('2027-01-01')).toBe(false); // Año Nuevo
    expect(esDiaHabil('2026-12-24')).toBe(true);
  });

  it('the starting day itself does not count', () => {
    expect(sumarDiasHabiles('2026-11-24', 1)).toBe('2026-11-25');
    expect(sumarDiasHabiles('2026-11-20', 1)).toBe('2026-11-24'); // over the weekend and the 23rd
  });
});

describe('plazoDeCorreccion', () => {
  it('observed on Friday 2026-11-20: the weekend and Monday 23rd are skipped → Monday 2026-12-07', () => {
    const { plazo, venceMs } = plazoDeCorreccion(enArgentina('2026-11-20T10:00:00'));
    expect(plazo).toBe('2026-12-07');
    // The link works until 23:59:59.999 of that day in Argentina.
    expect(new Date(venceMs).toISOString()).toBe('2026-12-08T02:59:59.999Z');
  });

  it('across 2026-12-08: observed Thursday 2026-12-03 → Friday 2026-12-18', () => {
    expect(plazoDeCorreccion(enArgentina('2026-12-03T09:00:00')).plazo).toBe('2026-12-18');
  });

  it('across 2026-12-25 and New Year: observed Friday 2026-12-18 → Tuesday 2027-01-05', () => {
    expect(plazoDeCorreccion(enArgentina('2026-12-18T12:00:00')).plazo).toBe('2027-01-05');
  });

  it('an observation at 23:30 Argentine time belongs to that day, not to the UTC one', () => {
    const tarde = enArgentina('2026-11-19T23:30:00'); // already Friday in UTC
    expect(tarde.toISOString()).toBe('2026-11-20T02:30:00.000Z');
    expect(diaArgentino(tarde)).toBe('2026-11-19');
    // From Thursday: Fri 20, Tue 24 … Fri 4 December.
    expect(plazoDeCorreccion(tarde).plazo).toBe('2026-12-04');
    // Half an hour later it is Friday in Argentina too.
    expect(plazoDeCorreccion(enArgentina('2026-11-20T00:00:00')).plazo).toBe('2026-12-07');
  });

  it('the end of a day in Argentina is 02:59:59.999 UTC of the next one', () => {
    expect(new Date(finDelDiaArgentina('2026-12-31')).toISOString()).toBe('2027-01-01T02:59:59.999Z');
    expect(diaArgentino(new Date(finDelDiaArgentina('2026-12-31')))).toBe('2026-12-31');
    expect(diaArgentino(new Date(finDelDiaArgentina('2026-12-31') + 1))).toBe('2027-01-01');
  });

  it('another number of days can be asked for', () => {
    expect(plazoDeCorreccion(enArgentina('2026-11-20T10:00:00'), 1).plazo).toBe('2026-11-24');
  });
});
