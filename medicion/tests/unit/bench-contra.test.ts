// `npm run bench -- --contra <commit>`: its command line, the choice between linking this
// checkout's node_modules and running npm ci in the other tree, and the table of ratios it prints
// and writes into docs/quality.md. The runs themselves are by hand (they take minutes).
import { describe, expect, it } from 'vitest';
import { decidirDependencias, leerContra, PARTES } from '../../bench/contra/argumentos.js';
import {
  cociente,
  formatoCociente,
  reemplazarSeccionContra,
  seccionContra,
  tablaConsola,
  type Comparacion,
} from '../../bench/contra/tabla.js';

describe('--contra on the command line', () => {
  it('is absent from an ordinary bench line', () => {
    expect(leerContra(['--short', '--solo=aplicaciones'])).toBeNull();
  });

  it('takes the commit as the next argument or after =, with every measure by default', () => {
    expect(leerContra(['--contra', '034a9bf', '--short'])).toEqual({
      commit: '034a9bf',
      partes: [...PARTES],
      corto: true,
      sinEscribir: false,
    });
    expect(leerContra(['--contra=HEAD~3', '--no-write'])).toMatchObject({
      commit: 'HEAD~3',
      corto: false,
      sinEscribir: true,
    });
  });

  it('keeps --solo in the order the measures run, and refuses a measure it cannot compare', () => {
    expect(leerContra(['--contra', 'abc', '--solo=lighthouse,aplicaciones'])?.partes).toEqual([
      'aplicaciones',
      'lighthouse',
    ]);
    expect(() => leerContra(['--contra', 'abc', '--solo=gestion'])).toThrow(/unknown in --solo: gestion/);
  });

  it('says a commit is missing rather than taking the next option for one', () => {
    expect(() => leerContra(['--contra', '--short'])).toThrow(/needs a commit/);
    expect(() => leerContra(['--contra'])).toThrow(/needs a commit/);
    expect(() => leerContra(['--contra='])).toThrow(/needs a commit/);
    expect(() => leerContra(['--contra', 'a b;rm'])).toThrow(/not a commit name/);
  });
});

describe("the other tree's dependencies", () => {
  it('links node_modules only when both package-lock.json files are the same', () => {
    expect(decidirDependencias('{"a":1}\n', '{"a":1}\n')).toBe('enlazar');
    expect(decidirDependencias('{"a":1}\n', '{"a":2}\n')).toBe('instalar');
    expect(decidirDependencias(null, '{"a":1}\n')).toBe('instalar');
  });

  it('cannot install a commit without a lock', () => {
    expect(() => decidirDependencias('{"a":1}\n', null)).toThrow(/no package-lock.json/);
  });
});

describe('the table of ratios', () => {
  const filas: Comparacion[] = [
    {
      medida: 'Complete applications/s, SQLite',
      otro: '10.0/s',
      main: '12.0/s',
      cociente: 1.2,
      rondas: [1.1, 1.3],
    },
    { medida: 'JS gzip | /inicio', otro: '120.0 kB', main: '124.0 kB', cociente: cociente(124, 120) },
    { medida: 'Lighthouse TBT', otro: '0 ms', main: '30 ms', cociente: cociente(30, 0) },
  ];

  it('is main / other, and nothing when a side has no figure', () => {
    expect(cociente(12, 10)).toBeCloseTo(1.2);
    expect(cociente(1, 0)).toBeNaN();
    expect(cociente(Number.NaN, 1)).toBeNaN();
    expect(formatoCociente(1.2, [1.1, 1.3])).toBe('1.20× (rounds 1.10, 1.30)');
    expect(formatoCociente(1.2, [1.2])).toBe('1.20×');
    expect(formatoCociente(Number.NaN)).toBe('n/a');
  });

  it('prints aligned columns headed by the other commit', () => {
    const lineas = tablaConsola(filas, '034a9bf').split('\n');
    expect(lineas[0]).toMatch(/^Measure +Other \(034a9bf\) +Main +Ratio main\/other$/);
    expect(lineas).toHaveLength(2 + filas.length);
    const columna = lineas[0]!.indexOf('Main');
    expect(lineas.slice(2).every((l) => l[columna - 1] === ' ' && l[columna] !== ' ')).toBe(true);
    expect(lineas[4]).toMatch(/n\/a$/);
  });

  const maquina = {
    cpu: 'CPU',
    nucleos: 2,
    ramGiB: '4.0',
    node: 'v20',
    so: 'Linux',
    carga: '1.5',
    fecha: '2026-11-28T00:00:00Z',
  };
  const seccion = (corto: string) =>
    seccionContra({
      corto,
      asunto: 'a commit',
      main: 'the working tree (HEAD abc1234, clean)',
      construido: false,
      orden: `npm run bench -- --contra ${corto} --short`,
      filas,
      notas: ['PostgreSQL not measured: connection refused'],
      maquina,
      cargaFinal: '1.7',
      duracionS: 300,
    });

  it('writes its own section of docs/quality.md with the machine and both load averages', () => {
    const texto = seccion('034a9bf');
    expect(texto).toContain('## Side by side against 034a9bf — 2026-11-28T00:00:00Z');
    expect(texto).toContain('load average 1.5 at start and 1.7 at the end');
    expect(texto).toContain('| Measure | Other commit (034a9bf) | Main | Ratio main/other |');
    expect(texto).toContain('| JS gzip \\| /inicio | 120.0 kB | 124.0 kB | 1.03× |');
    expect(texto).toContain('- PostgreSQL not measured: connection refused');
  });

  it('replaces the previous comparison, against whatever commit, and keeps the rest', () => {
    const antes = `# Measured quality\n\nIntro.\n\n${seccion('1111111')}\n\n<!-- calidad:gestion -->\nB\n<!-- /calidad:gestion -->\n`;
    const despues = reemplazarSeccionContra(antes, seccion('2222222'));
    expect(despues).toContain('Side by side against 2222222');
    expect(despues).not.toContain('1111111');
    expect(despues).toContain('<!-- calidad:gestion -->\nB');
    expect(despues.match(/<!-- calidad:contra -->/g)).toHaveLength(1);
    const primera = reemplazarSeccionContra('# Measured quality\n', seccion('3333333'));
    expect(primera.startsWith('# Measured quality\n\n<!-- calidad:contra -->')).toBe(true);
  });
});
