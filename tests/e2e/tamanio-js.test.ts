// The applicant pages' JS size budgets, as a test: a given build always weighs the same, so unlike the
// bench's speed figures this one can gate CI. Measured exactly as `npm run bench` publishes it
// (medicion/bench/js-gzip.ts): each page loaded in Chromium from the real server serving the
// build of the global setup, every script response gzipped at level 9 and summed.
import { describe, expect, it } from 'vitest';
import { jsDescargado, PRESUPUESTO_JS } from '../../medicion/bench/js-gzip.js';
import { puedeCorrer, usarServidorYNavegador } from './harness.js';

describe.skipIf(!puedeCorrer)('tamaño del JS (gzip)', () => {
  const entorno = usarServidorYNavegador();

  for (const [ruta, { medida, max }] of Object.entries(PRESUPUESTO_JS)) {
    it(`${medida} ≤ ${max / 1000} kB`, async () => {
      const d = await jsDescargado(entorno.browser, entorno.servidor.url + ruta);
      const detalle = d.archivos.map((a) => `${a.url} ${(a.gzip / 1000).toFixed(1)} kB`).join(', ');
      expect(d.archivos.length, 'no script was downloaded: the measure is wrong').toBeGreaterThan(0);
      expect(d.total, detalle).toBeLessThanOrEqual(max);
    });
  }
});
