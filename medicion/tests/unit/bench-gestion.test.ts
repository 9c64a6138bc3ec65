// The back-office bench's pure parts: the seeded applicants are valid applications (what the
// form would have accepted) with status paths the status table allows, the searches it measures
// find what it expects, the CSV rows are counted right however the stream is cut, and its section
// of docs/quality.md survives the bench's and torture's own rewrites.
import type * as Fs from 'node:fs';
import type * as FsPromesas from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rechazoDeMovimiento } from '../../../domain/ciclo-de-vida.js';
import { datosSocioSchema, equipoSchema, normalizar, type Estado } from '../../../domain/index.js';
import { claveDeBusqueda } from '../../../server/gestion/busqueda.js';
import {
  APELLIDO_COMUN,
  APELLIDO_RARO,
  CADA_RARO,
  TERMINO_SIN_RESULTADOS,
  solicitante,
  type Catalogo,
} from '../../bench/gestion/datos.js';
import { ContadorCsv } from '../../bench/gestion/medicion.js';
import { reemplazarSeccion, seccionGestion } from '../../bench/gestion/seccion.js';

const catalogo: Catalogo = {
  localidades: [
    { codigo: 1, nombre: 'Rosario' },
    { codigo: 2, nombre: 'Funes' },
  ],
  calles: new Map([[1, ['Bv. Oroño', 'Córdoba', 'San Martín']]]),
  condicionesIva: [
    { codigo: 1, nombre: 'Responsable Inscripto' },
    { codigo: 6, nombre: 'Responsable Monotributo' },
  ],
  tiposAparato: [{ codigo: 1, nombre: 'ECOGRAFO' }],
};
const hasta = new Date('2026-11-25T12:00:00Z');
const desde = new Date('2020-11-26T12:00:00Z');
const TOTAL = 100_000;
const muestra = Array.from({ length: 2000 }, (_, k) => solicitante(k * 50, TOTAL, catalogo, desde, hasta));

describe('bench-gestion: seeded applicants', () => {
  it('are the same for the same index, and differ between indexes', () => {
    expect(solicitante(123, TOTAL, catalogo, desde, hasta)).toEqual(
      solicitante(123, TOTAL, catalogo, desde, hasta),
    );
    expect(solicitante(123, TOTAL, catalogo, desde, hasta).datosSocio.dni).not.toBe(
      solicitante(124, TOTAL, catalogo, desde, hasta).datosSocio.dni,
    );
  });

  it('pass the form rules (producto §3) and carry accents, 7- and 8-digit DNIs and dates within the range', async () => {
    for (const s of muestra.slice(0, 300)) {
      await expect(datosSocioSchema.validate(s.datosSocio, { strict: true })).resolves.toBeTruthy();
      for (const e of s.equipos) await expect(equipoSchema.validate(e)).resolves.toBeTruthy();
    }
    const dnis = muestra.map((s) => s.datosSocio.dni);
    expect(dnis.every((d) => /^\d{7,8}$/.test(d))).toBe(true);
    expect(dnis.some((d) => d.length === 7)).toBe(true);
    expect(
      muestra.filter(
        (s) => normalizar(s.datosSocio.apellidoynombre) !== s.datosSocio.apellidoynombre.toLowerCase(),
      ).length,
    ).toBeGreaterThan(500);
    expect(muestra.every((s) => s.creadaEn >= desde.toISOString() && s.creadaEn <= hasta.toISOString())).toBe(
      true,
    );
    const anios = new Set(muestra.map((s) => s.creadaEn.slice(0, 4)));
    expect(anios.size).toBeGreaterThanOrEqual(6);
  });

  it('move only as the status table allows, to a realistic mix', () => {
    const finales = new Map<Estado, number>();
    for (const s of muestra) {
      let estado: Estado = 'recibida';
      for (const m of s.movimientos) {
        expect(m.desde).toBe(estado);
        expect(rechazoDeMovimiento(m.desde, m.hacia, m.rol)).toBeNull();
        if (m.hacia === 'observada') expect(m.motivo && m.documentos?.length).toBeTruthy();
        if (m.hacia === 'rechazada') expect(m.motivo).toBeTruthy();
        estado = m.hacia;
      }
      finales.set(estado, (finales.get(estado) ?? 0) + 1);
    }
    // Every status is present; most old applications are decided.
    expect([...finales.keys()].sort()).toEqual([
      'aprobada',
      'corregida',
      'en_revision',
      'observada',
      'rechazada',
      'recibida',
    ]);
    expect(finales.get('aprobada')!).toBeGreaterThan(muestra.length / 2);
  });

  it("carry the policy's end date as staff would record it: every approved one, a few lapsed, none rejected or new", () => {
    const estadoDe = (x: (typeof muestra)[number]) => x.movimientos.at(-1)?.hacia ?? 'recibida';
    const aprobadas = muestra.filter((x) => estadoDe(x) === 'aprobada');
    expect(aprobadas.every((x) => x.vigenciaPoliza !== null)).toBe(true);
    const vencidas = aprobadas.filter((x) => x.vigenciaPoliza! < 0).length / aprobadas.length;
    expect(vencidas).toBeGreaterThan(0.05);
    expect(vencidas).toBeLessThan(0.15);
    for (const x of muestra.filter((y) => ['rechazada', 'recibida'].includes(estadoDe(y))))
      expect(x.vigenciaPoliza).toBeNull();
    expect(muestra.every((x) => x.vigenciaPoliza === null || Math.abs(x.vigenciaPoliza) <= 366)).toBe(true);
  });

  it('hold the rare surname only where the bench counts it, the common one often, and never the empty term', () => {
    const raros = Array.from({ length: TOTAL / CADA_RARO + 1 }, (_, k) => k * CADA_RARO + 7_777).filter(
      (i) => i < TOTAL,
    );
    for (const i of raros)
      expect(
        solicitante(i, TOTAL, catalogo, desde, hasta).datosSocio.apellidoynombre.startsWith(APELLIDO_RARO),
      ).toBe(true);
    const claves = muestra.map((s, k) =>
      claveDeBusqueda({ numero: `AMR-${String(k).padStart(6, '0')}`, ...s.datosSocio }),
    );
    expect(claves.filter((c) => c.includes(normalizar(APELLIDO_RARO)))).toEqual([]);
    const comunes = claves.filter((c) => c.includes(normalizar(APELLIDO_COMUN))).length / claves.length;
    expect(comunes).toBeGreaterThan(0.02);
    expect(comunes).toBeLessThan(0.08);
    expect(claves.some((c) => c.includes(TERMINO_SIN_RESULTADOS))).toBe(false);
    // No application number can hold it either: Crockford base 32 has no U.
    expect(TERMINO_SIN_RESULTADOS).toMatch(/u/);
  });
});

describe('bench-gestion: CSV rows counted as they arrive', () => {
  const contar = (texto: string, corte: number) => {
    const c = new ContadorCsv();
    const bytes = Buffer.from(texto);
    for (let i = 0; i < bytes.length; i += corte) c.agregar(bytes.subarray(i, i + corte));
    return c.terminar();
  };

  it('counts records, not line breaks inside quotes, however the stream is cut', () => {
    const csv = '\ufeffA;B\r\n1;"dos\r\nlíneas"\r\n2;"comilla "" y ; punto y coma"\r\n3;x\r\n';
    for (const corte of [1, 2, 3, 7, 1000]) expect(contar(csv, corte)).toBe(4);
  });

  it('counts a last record without a line break, and nothing for an empty stream', () => {
    expect(contar('A;B\r\n1;2', 3)).toBe(2);
    expect(contar('', 3)).toBe(0);
  });
});

describe('bench-gestion: its section of docs/quality.md', () => {
  afterEach(() => {
    vi.doUnmock('node:fs/promises');
    vi.doUnmock('node:fs');
    vi.resetModules();
  });

  const maquina = {
    cpu: 'CPU',
    nucleos: 2,
    ramGiB: '8.0',
    node: 'v20',
    so: 'Linux',
    carga: '0.1',
    fecha: '2026-11-25T00:00:00Z',
  };
  const seccion = (valor: string) =>
    seccionGestion(
      [
        {
          motor: 'SQLite',
          filas: [{ medida: 'Inbox | p95', valor, presupuesto: '≤ 50 ms', estado: 'PASS' }],
        },
      ],
      maquina,
      10,
      'Explicación.',
    );

  /**
   * The quality.md writer with the file replaced by `leer`/`escribir` (it exists, reads what
   * `leer` gives, and `escribir` receives what it writes).
   */
  async function calidadSobre(leer: () => string, escribir: (texto: string) => void) {
    vi.doMock('node:fs', async (original) => ({
      ...(await original<typeof Fs>()),
      existsSync: () => true,
    }));
    vi.doMock('node:fs/promises', async (original) => ({
      ...(await original<typeof FsPromesas>()),
      readFile: async () => leer(),
      writeFile: async (_ruta: string, texto: string) => escribir(texto),
    }));
    return (await import('../../bench/comun/calidad-md.js')).escribirCalidad;
  }

  it('is appended once, then replaced in place', () => {
    const inicial = '# Measured quality\n\n<!-- calidad:bench:long -->\nx\n<!-- /calidad:bench:long -->\n';
    const primera = reemplazarSeccion(inicial, seccion('3 ms'));
    expect(primera.startsWith(inicial.trimEnd())).toBe(true);
    expect(primera).toContain('| Inbox \\| p95 | 3 ms | ≤ 50 ms | PASS |');
    const segunda = reemplazarSeccion(`${primera}\nafter\n`, seccion('4 ms'));
    expect(segunda).toContain('| 4 ms |');
    expect(segunda).not.toContain('| 3 ms |');
    expect(segunda.endsWith('after\n')).toBe(true);
    expect(segunda.match(/<!-- calidad:gestion -->/g)).toHaveLength(1);
  });

  it('survives the bench rewriting its own table', async () => {
    let archivo = reemplazarSeccion(
      '# Measured quality\n\nIntro.\n\n<!-- calidad:bench:long -->\nviejo\n<!-- /calidad:bench:long -->\n',
      seccion('3 ms'),
    );
    const escribirCalidad = await calidadSobre(
      () => archivo,
      (texto) => (archivo = texto),
    );
    await escribirCalidad(
      'bench:long',
      [{ medida: 'm', valor: 'nuevo', presupuesto: '', estado: 'INFO' }],
      maquina,
      1,
    );
    expect(archivo).toContain('| m | nuevo |');
    expect(archivo).not.toContain('viejo');
    expect(archivo).toContain('| 3 ms |');
    expect(archivo.indexOf('<!-- calidad:bench:long -->')).toBeLessThan(
      archivo.indexOf('<!-- calidad:gestion -->'),
    );
  });

  it('keeps the notes written by hand after the last section, after it', async () => {
    const notas = '### Side by side after a change\n\n| Measure | Ratio |\n|---|---|\n| a | 1.00× |';
    let archivo =
      '# Measured quality\n\n<!-- calidad:torture:short -->\nviejo\n<!-- /calidad:torture:short -->\n\n' +
      '<!-- calidad:contra -->\ntabla\n<!-- /calidad:contra -->\n\n' +
      notas +
      '\n';
    const escribirCalidad = await calidadSobre(
      () => archivo,
      (texto) => (archivo = texto),
    );
    for (const valor of ['uno', 'dos']) {
      await escribirCalidad(
        'torture:short',
        [{ medida: 'm', valor, presupuesto: '', estado: 'PASS' }],
        maquina,
        1,
      );
    }
    expect(archivo).toContain('| m | dos |');
    expect(archivo).not.toContain('viejo');
    expect(archivo).toContain('<!-- calidad:contra -->\ntabla\n<!-- /calidad:contra -->');
    expect(archivo.match(/Side by side after a change/g)).toHaveLength(1);
    expect(archivo.trimEnd().endsWith(notas)).toBe(true);
  });
});
