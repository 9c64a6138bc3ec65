// "Tiempo de resolución" (producto §15): the percentiles read off a histogram — interpolated
// between the two nearest values, as PostgreSQL's percentile_cont — and the last 12 Argentine
// months with the first instant of each (decision 123).
import { describe, expect, it } from 'vitest';
import {
  inicioDelMes,
  mesesDeResolucion,
  percentil,
  ultimosMeses,
} from '../../server/gestion/tiempo-de-resolucion.js';

const histograma = (dias: number[]) => {
  const h = new Map<number, number>();
  for (const d of dias) h.set(d, (h.get(d) ?? 0) + 1);
  return h;
};

describe('percentil', () => {
  it('interpolates between the two nearest values', () => {
    expect(percentil(histograma([2, 3, 5, 8]), 0.5)).toBe(4);
    expect(percentil(histograma([8, 2, 5, 3]), 0.9)).toBeCloseTo(7.1);
    expect(percentil(histograma([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), 0.5)).toBe(4.5);
    expect(percentil(histograma([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), 0.9)).toBeCloseTo(8.1);
  });

  it('reads repeated values from their counts, one value alone, and nothing as null', () => {
    expect(
      percentil(
        new Map([
          [3, 99],
          [40, 1],
        ]),
        0.5,
      ),
    ).toBe(3);
    expect(
      percentil(
        new Map([
          [3, 99],
          [40, 1],
        ]),
        0.9,
      ),
    ).toBe(3);
    expect(
      percentil(
        new Map([
          [3, 1],
          [40, 1],
        ]),
        0.9,
      ),
    ).toBeCloseTo(36.3);
    expect(percentil(histograma([7]), 0.5)).toBe(7);
    expect(percentil(histograma([7]), 0.9)).toBe(7);
    expect(percentil(new Map(), 0.5)).toBeNull();
    expect(percentil(new Map([[5, 0]]), 0.5)).toBeNull();
  });
});

describe('los meses', () => {
  it('are the 12 up to the Argentine month of the instant, oldest first', () => {
    expect(ultimosMeses(new Date('2026-11-27T15:00:00Z'))).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    // 1 December 01:00 UTC is still 30 November in Argentina.
    expect(ultimosMeses(new Date('2026-12-01T01:00:00Z')).at(-1)).toBe('2026-11');
    expect(ultimosMeses(new Date('2026-12-01T03:00:00Z')).at(-1)).toBe('2026-12');
    expect(ultimosMeses(new Date('2027-01-15T12:00:00Z'), 3)).toEqual(['2026-11', '2026-12', '2027-01']);
  });

  it('start at midnight in Argentina (03:00 UTC)', () => {
    expect(inicioDelMes('2026-03')).toBe('2026-03-01T03:00:00.000Z');
  });

  it('each carry their resolved count, median and 90th percentile to a tenth; none: null', () => {
    expect(
      mesesDeResolucion(['2026-10', '2026-11'], new Map([['2026-10', histograma([1, 2, 2, 10])]])),
    ).toEqual([
      { mes: '2026-10', resueltas: 4, mediana: 2, p90: 7.6 },
      { mes: '2026-11', resueltas: 0, mediana: null, p90: null },
    ]);
  });
});
