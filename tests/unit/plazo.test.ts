// The deadline of a correction link (producto §11): 10 working days counted in Argentina, without
// weekends or the national holidays of date-holidays, until the end of the last day (UTC−3).
import { describe, expect, it } from 'vitest';
import {
  esDiaHabil,
  diaArgentino,
  diasHabilesEntre,
  inicioDelPlazo,
  ordinalHabil,
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

describe('working days between two instants, and the start of a waiting period (producto §15)', () => {
  it('counts the working days after the first day up to the second, in Argentine days', () => {
    const de = (a: string, b: string) => diasHabilesEntre(enArgentina(a), enArgentina(b));
    expect(de('2026-11-24T09:00:00', '2026-11-24T18:00:00')).toBe(0); // the same day
    expect(de('2026-11-20T18:00:00', '2026-11-24T08:00:00')).toBe(1); // Friday → Tuesday, 23rd a holiday
    expect(de('2026-11-02T10:00:00', '2026-11-30T10:00:00')).toBe(19); // 20 weekdays without the 23rd
    // 23:30 in Argentina is already the next UTC day: the Argentine day counts.
    expect(de('2026-11-24T23:30:00', '2026-11-25T00:30:00')).toBe(1);
    expect(de('2026-11-25T10:00:00', '2026-11-24T10:00:00')).toBe(0); // never negative
    // Across a year: 2026-12-31 (Thursday) → 2027-01-04 (Monday), 1 January a holiday.
    expect(de('2026-12-31T10:00:00', '2027-01-04T10:00:00')).toBe(1);
  });

  it('agrees with sumarDiasHabiles, day after day over two years', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 7 * 86_400_000) {
      const desde = new Date(t).toISOString().slice(0, 10);
      const hasta = sumarDiasHabiles(desde, 12);
      expect(ordinalHabil(hasta) - ordinalHabil(desde)).toBe(12);
    }
  });

  it('inicioDelPlazo: what started before it has waited more than `dias` working days', () => {
    // Wednesday 2026-11-25 at noon, 1 working day: from the start of Tuesday on it has not.
    const ahora = enArgentina('2026-11-25T12:00:00');
    expect(inicioDelPlazo(ahora, 1)).toBe('2026-11-24T03:00:00.000Z');
    // 2 working days back from Wednesday: Friday the 20th (Monday 23rd is a holiday).
    expect(inicioDelPlazo(ahora, 2)).toBe('2026-11-20T03:00:00.000Z');
    expect(inicioDelPlazo(ahora, 0)).toBe('2026-11-25T03:00:00.000Z');
    // On a Saturday, today counts as Friday.
    expect(inicioDelPlazo(enArgentina('2026-11-28T12:00:00'), 0)).toBe('2026-11-27T03:00:00.000Z');
    // Exactly as diasHabilesEntre says, for every hour of two weeks and several deadlines.
    for (let h = 0; h < 14 * 24; h += 5) {
      const antes = new Date(Date.parse('2026-11-10T03:00:00Z') + h * 3_600_000);
      for (const dias of [1, 3, 5]) {
        const limite = inicioDelPlazo(ahora, dias);
        expect(antes.toISOString() < limite, `${antes.toISOString()} ${dias}`).toBe(
          diasHabilesEntre(antes, ahora) > dias,
        );
      }
    }
  });
});
