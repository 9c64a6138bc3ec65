// The bench's report lines: a missed budget fails the run unless it is advisory, which warns.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Informe, entero } from '../../scripts/bench/comun/informe.js';

describe('bench report', () => {
  afterEach(() => vi.restoreAllMocks());

  it('fails a missed budget and warns on a missed advisory one', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const informe = new Informe();
    informe.limite('a', 80, { min: 85 }, entero);
    informe.limite('b', 80, { min: 85, consultivo: 'advisory in CI' }, entero);
    informe.limite('c', 90, { min: 85, consultivo: 'advisory in CI' }, entero);
    expect(informe.filas.map((f) => f.estado)).toEqual(['FAIL', 'WARN', 'PASS']);
    expect(informe.filas[1]!.presupuesto).toBe('≥ 85, advisory in CI');
    expect(informe.fallos).toBe(1);
  });
});
