// producto §17's measure of the automatic reading: every document of the fixed corpus
// (tests/fixtures/lectura/corpus.json, made by scripts/corpus-lectura.ts) read through the real
// lector, real OCR included. At least 90 % of the proposals are the right date, and none is made
// where the document has no end date. The OCR must be there: without it this file fails.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearLector, type Lector } from '../../server/lectura/index.js';

interface Entrada {
  archivo: string;
  clase: 'pdf-texto' | 'pdf-escaneado' | 'foto' | 'escaneo-png';
  mime: string;
  esperada: string | null;
  nota: string;
}

const CARPETA = path.resolve(import.meta.dirname, '../fixtures/lectura');
const CORPUS: Entrada[] = JSON.parse(readFileSync(path.join(CARPETA, 'corpus.json'), 'utf8'));

interface Leido extends Entrada {
  propuesta: string | null;
  frase: string | null;
  ms: number;
}
const leidos: Leido[] = [];
const avisos: object[] = [];
let lector: Lector;

beforeAll(async () => {
  lector = await crearLector({
    log: { info() {}, warn: (datos) => avisos.push(datos), error: (datos) => avisos.push(datos) },
  });
});

afterAll(async () => {
  await lector?.cerrar();
  const filas = leidos.map((l) => {
    const marca = l.propuesta === l.esperada ? 'bien' : l.propuesta === null ? 'falta' : 'MAL';
    return `${l.archivo.padEnd(22)} ${l.clase.padEnd(14)} ${String(Math.round(l.ms)).padStart(6)} ms  ${marca.padEnd(5)} ${l.propuesta ?? '—'}`;
  });
  console.log(`Lectura del corpus (producto §17), un documento por vez:\n${filas.join('\n')}`);
});

describe('the reading corpus', () => {
  it('has the OCR (a machine without it fails here, it never skips)', () => {
    expect(lector.ocrNoDisponible).toBeNull();
  });

  it('holds at least 44 documents of every kind, eight or more without an end date, in under 6 MB', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(44);
    for (const clase of ['pdf-texto', 'pdf-escaneado', 'foto'] as const) {
      expect(CORPUS.filter((d) => d.clase === clase).length, clase).toBeGreaterThanOrEqual(10);
    }
    expect(CORPUS.filter((d) => d.esperada === null).length).toBeGreaterThanOrEqual(8);
    const bytes = CORPUS.reduce((suma, d) => suma + statSync(path.join(CARPETA, d.archivo)).size, 0);
    expect(bytes).toBeLessThan(6 * 1024 * 1024);
  });

  it.each(CORPUS)('$archivo ($nota)', async (d) => {
    const inicio = performance.now();
    const lectura = await lector.leer(readFileSync(path.join(CARPETA, d.archivo)), d.mime);
    const ms = performance.now() - inicio;
    const propuesta = lectura.resultado === 'propuesta' ? lectura.fecha : null;
    leidos.push({ ...d, propuesta, frase: lectura.resultado === 'propuesta' ? lectura.frase : null, ms });
    // Every kind is read on this machine; a document with no end date gets no proposal at all.
    expect(lectura.resultado).not.toBe('no_disponible');
    if (d.esperada === null) expect(lectura).toEqual({ resultado: 'sin_fecha' });
    if (lectura.resultado === 'propuesta') {
      expect(lectura.frase.length).toBeGreaterThan(0);
      expect(lectura.frase.length).toBeLessThanOrEqual(200);
      // The sentence holds the date it proposes (its year, as the document wrote it or in words).
      expect(lectura.frase).toMatch(
        new RegExp(`${lectura.fecha.slice(0, 4)}|${lectura.fecha.slice(2, 4)}\\b|dos mil`),
      );
    }
  });

  it('proposes the right date at least 90 % of the time, none where there is none, and finds most', () => {
    expect(leidos).toHaveLength(CORPUS.length);
    const propuestas = leidos.filter((l) => l.propuesta !== null);
    const bien = propuestas.filter((l) => l.propuesta === l.esperada);
    expect(bien.length / propuestas.length).toBeGreaterThanOrEqual(0.9);
    expect(leidos.filter((l) => l.esperada === null && l.propuesta !== null)).toEqual([]);
    // Proposing nothing would be right 100 % of the time: most end dates must be found too.
    const conFecha = leidos.filter((l) => l.esperada !== null);
    expect(bien.length / conFecha.length).toBeGreaterThanOrEqual(0.85);
    // Each kind is read, not only the text layers.
    for (const clase of ['pdf-texto', 'pdf-escaneado', 'foto'] as const) {
      expect(bien.filter((l) => l.clase === clase).length, clase).toBeGreaterThanOrEqual(8);
    }
  });
});
