// The bench's and torture's report lines: a missed budget is a FAIL (the run's exit code), a met
// one a PASS, a figure without a budget an INFO that never fails.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Informe, entero } from '../../bench/comun/informe.js';

describe('bench report', () => {
  afterEach(() => vi.restoreAllMocks());

  it('fails a missed budget, passes a met one, and only informs without a budget', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const informe = new Informe();
    informe.limite('a', 80, { min: 85 }, entero);
    informe.limite('b', 90, { min: 85 }, entero);
    informe.limite('c', 131, { max: 130 }, entero);
    informe.dato('d', '0.80×');
    informe.condicion('e', true, '0', '0');
    expect(informe.filas.map((f) => f.estado)).toEqual(['FAIL', 'PASS', 'FAIL', 'INFO', 'PASS']);
    expect(informe.filas.map((f) => f.presupuesto)).toEqual(['≥ 85', '≥ 85', '≤ 130', '', '0']);
    expect(informe.fallos).toBe(2);
  });
});
