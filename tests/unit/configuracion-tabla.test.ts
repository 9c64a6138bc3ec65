// The configuration is declared once (server/config/esquema.ts); the README's table and the one in
// docs/operations.md must say what it says. The README's rows are the schema's, word for word and
// in its order; the operations table says more about each variable, so there only the variables
// and their defaults must match (and a range it states must be the schema's).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AJUSTES, filasDeLaTabla, NOMBRES, predeterminados } from '../../server/config/esquema.js';
import { ConfigError, loadConfig } from '../../server/config/index.js';

const RAIZ = path.resolve(import.meta.dirname, '../..');

interface Fila {
  linea: string;
  variable: string;
  predeterminado: string;
  significado: string;
}

/** The first table under `## Configuration`, one row per variable. */
function tablaDeConfiguracion(archivo: string): Fila[] {
  const texto = readFileSync(path.join(RAIZ, archivo), 'utf8');
  const seccion = texto.split(/^## /m).find((s) => s.startsWith('Configuration\n'));
  if (!seccion) throw new Error(`${archivo} no tiene una sección "## Configuration"`);
  const lineas = seccion.split('\n');
  const inicio = lineas.findIndex((l) => /^\| Variable \| Default \| Meaning \|$/.test(l));
  if (inicio === -1) throw new Error(`${archivo}: la sección no tiene la tabla Variable | Default | Meaning`);
  const filas: Fila[] = [];
  for (const linea of lineas.slice(inicio + 2)) {
    if (!linea.startsWith('|')) break;
    const [variable = '', predeterminado = '', ...resto] = linea
      .slice(1, -1)
      .split(' | ')
      .map((c) => c.trim());
    const nombre = /^`([A-Z0-9_]+)`$/.exec(variable)?.[1];
    if (!nombre) throw new Error(`${archivo}: una variable por fila (${variable})`);
    filas.push({ linea, variable: nombre, predeterminado, significado: resto.join(' | ') });
  }
  return filas;
}

const TABLAS = ['README.md', 'docs/operations.md'];

describe.each(TABLAS)('la tabla de configuración de %s', (archivo) => {
  const filas = tablaDeConfiguracion(archivo);
  const nombradas = filas.map((f) => f.variable);

  it('nombra cada variable del esquema, una vez', () => {
    expect(
      NOMBRES.filter((n) => !nombradas.includes(n)),
      'faltan en la tabla',
    ).toEqual([]);
    expect(
      nombradas.filter((n, i) => nombradas.indexOf(n) !== i),
      'repetidas',
    ).toEqual([]);
  });

  it('no nombra variables que el esquema no tiene', () => {
    expect(nombradas.filter((n) => !(NOMBRES as string[]).includes(n))).toEqual([]);
  });

  it('da los valores por defecto del esquema', () => {
    const esperados = predeterminados();
    const distintos = filas
      .filter(
        (f) =>
          f.variable in esperados && f.predeterminado !== esperados[f.variable as keyof typeof esperados],
      )
      .map(
        (f) =>
          `${f.variable}: la tabla dice ${f.predeterminado}, el esquema ${esperados[f.variable as keyof typeof esperados]}`,
      );
    expect(distintos).toEqual([]);
  });

  it('un rango que menciona es el del esquema', () => {
    const distintos = filas.flatMap((f) => {
      const ajuste = (AJUSTES as Record<string, { esquema: { describe(): { meta?: unknown } } }>)[f.variable];
      const meta = ajuste?.esquema.describe().meta as { min?: number; max?: number } | undefined;
      if (meta?.min === undefined) return [];
      const rangos = [...f.significado.matchAll(/\b(\d+)–(\d+)\b/g)].map(([r]) => r);
      return rangos
        .filter((r) => r !== `${meta.min}–${meta.max}`)
        .map((r) => `${f.variable}: ${r} (esquema ${meta.min}–${meta.max})`);
    });
    expect(distintos).toEqual([]);
  });
});

describe('el README', () => {
  it('tiene las filas del esquema, palabra por palabra y en su orden', () => {
    // On a failure, the expected rows are printed: paste them into the README.
    expect(tablaDeConfiguracion('README.md').map((f) => f.linea)).toEqual(filasDeLaTabla());
  });
});

describe('el esquema', () => {
  it('sus valores por defecto son los que carga loadConfig', () => {
    const c = loadConfig({ NODE_ENV: 'test' }, '/srv/alta');
    const celdas = predeterminados();
    expect(celdas.PORT).toBe(`\`${c.port}\``);
    expect(celdas.DRAFT_MAX_MB).toBe(`\`${c.draftMaxBytes / 1024 / 1024}\``);
    expect(celdas.MAIL_FROM).toBe(`\`${c.mailFrom}\``);
    expect(celdas.HEADERS_TIMEOUT_MS).toBe(`\`${c.headersTimeoutMs}\``);
    expect(celdas.RETENTION_MONTHS).toBe(`\`${c.retentionMonths}\``);
  });

  it('un valor secreto nunca aparece en el mensaje que lo rechaza', () => {
    const SECRETO = 'clave-secreta-1234';
    // A wrong value for each secret that can be wrong (the S3 keys are refused only when missing).
    const malos: Record<string, string | null> = {
      DATABASE_URL: `mysql://alta:${SECRETO}@db/alta`,
      SMTP_URL: `http://alta:${SECRETO}@correo`,
      AUDITORIA_CLAVE: SECRETO,
      AUDITORIA_CLAVES_ANTERIORES: SECRETO,
      S3_ACCESS_KEY_ID: null,
      S3_SECRET_ACCESS_KEY: null,
    };
    const secretos = NOMBRES.filter((n) => (AJUSTES[n] as { secreto?: true }).secreto);
    expect([...secretos].sort()).toEqual(Object.keys(malos).sort());
    for (const [variable, valor] of Object.entries(malos)) {
      if (valor === null) continue;
      const env = { NODE_ENV: 'test', AUDITORIA_CLAVE: 'c3'.repeat(32), [variable]: valor };
      expect(() => loadConfig(env), variable).toThrow(ConfigError);
      expect(() => loadConfig(env), variable).toThrow(variable);
      expect(() => loadConfig(env), variable).not.toThrow(SECRETO);
    }
  });
});
