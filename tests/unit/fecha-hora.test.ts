// One way to write an instant for a person in Argentina (domain/fecha-hora.ts): the receipt, the
// verification and status pages use it, and the CSV's fast path must agree with it.
import { describe, expect, it } from 'vitest';
import { fechaDiaArgentina, fechaHoraArgentina, partesArgentinas } from '../../domain/fecha-hora.js';
import { fechaArgentina } from '../../server/gestion/exportacion.js';

describe('fechaHoraArgentina', () => {
  it("writes dd/mm/aaaa hh:mm on Argentina's clock, whatever the process's zone", () => {
    expect(fechaHoraArgentina('2026-11-25T17:05:00Z')).toBe('25/11/2026 14:05');
    // 01:30 UTC is still the day before in Argentina, on a 24-hour clock.
    expect(fechaHoraArgentina('2026-01-01T01:30:00Z')).toBe('31/12/2025 22:30');
    expect(fechaHoraArgentina('2026-06-15T15:00:00.000Z')).toBe('15/06/2026 12:00');
  });

  it('gives back what it cannot read instead of "Invalid Date"', () => {
    expect(fechaHoraArgentina('mañana')).toBe('mañana');
  });

  it("writes the day alone, Argentina's day (the back-office's deletion notice)", () => {
    expect(fechaDiaArgentina('2026-01-01T01:30:00Z')).toBe('31/12/2025');
    expect(fechaDiaArgentina('2026-11-25T17:05:00Z')).toBe('25/11/2026');
    expect(fechaDiaArgentina('mañana')).toBe('mañana');
  });

  it("splits an instant into Argentina's zero-padded parts", () => {
    expect(partesArgentinas(new Date('2026-03-05T03:04:00Z'))).toEqual({
      year: '2026',
      month: '03',
      day: '05',
      hour: '00',
      minute: '04',
    });
  });

  it("agrees with the CSV's cached-offset writer across years, including 2007–2009's summer time", () => {
    const desde = Date.parse('2007-01-01T00:00:00Z');
    for (let i = 0; i < 2000; i++) {
      const iso = new Date(desde + i * 7_919_993_000).toISOString();
      expect(fechaArgentina(iso)).toBe(fechaHoraArgentina(iso));
    }
  });
});
