// The repository explains itself only while what it points at exists: every file path named in a
// comment or a doc, every "producto §N", and every decision record's date and status.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const RAIZ = path.resolve(import.meta.dirname, '../..');
const rastreados = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: RAIZ, encoding: 'utf8' })
  .split('\n')
  .filter((archivo) => archivo !== '' && existsSync(path.join(RAIZ, archivo)));

const FUENTES = rastreados.filter((a) => /\.(ts|tsx|mjs|mts|js)$/.test(a) || a === '.ci/run');
const DOCUMENTOS = rastreados.filter((a) => a.endsWith('.md'));
// A superseded decision record is history: it names the files of its time.
const superada = (a: string) =>
  a.startsWith('docs/decisions/') && /^Date: .* · Status: superseded/m.test(readFileSync(path.join(RAIZ, a), 'utf8'));
const VIGENTES = [...FUENTES, ...DOCUMENTOS.filter((a) => !superada(a))];
const CARPETAS = ['server', 'src', 'machines', 'domain', 'scripts', 'medicion', 'tests', 'docs', 'public', '.ci'];

// A path of ours: starts at a top folder, ends in a file name with an extension. Globs and
// placeholders (`*`, `<key>`, `NNN`) are patterns, not references.
const RUTA = new RegExp(`(?<![\\w./-])(?:${CARPETAS.map((c) => c.replace('.', '\\.')).join('|')})/[\\w./@-]*\\w\\.\\w+`, 'g');

/** The comments of a source file (a line comment or a block comment). */
function comentarios(texto: string): string {
  return (texto.match(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|^#[^\n]*/gm) ?? []).join('\n');
}

function rutasNombradas(archivo: string): string[] {
  const texto = readFileSync(path.join(RAIZ, archivo), 'utf8');
  const donde = archivo.endsWith('.md') ? texto : comentarios(texto);
  return [...new Set(donde.match(RUTA) ?? [])].map((r) => r.replace(/[.,:;)]+$/, ''));
}

// Imports name TypeScript files with their emitted extension.
const variantes = (ruta: string) => [ruta, ruta.replace(/\.js$/, '.ts'), ruta.replace(/\.js$/, '.tsx')];
const existe = (ruta: string) => variantes(ruta).some((v) => existsSync(path.join(RAIZ, v)));

// A bare file name ("see tema.ts") must be the name of one of our files.
const NOMBRES = new Set(rastreados.map((a) => path.basename(a)));
// A name in angle brackets (`<archivo.csv>`) is a placeholder.
const NOMBRE = /(?<![\w./@<-])[\w-]+\.(?:tsx?|mjs|mts|md|csv|css|html)\b/g;
function nombresSueltos(archivo: string): string[] {
  const texto = readFileSync(path.join(RAIZ, archivo), 'utf8');
  const donde = archivo.endsWith('.md') ? texto : comentarios(texto);
  return [...new Set(donde.match(NOMBRE) ?? [])];
}

describe('references', () => {
  it('every file path named in a comment or a doc exists', () => {
    const rotas = VIGENTES.flatMap((archivo) =>
      rutasNombradas(archivo)
        .filter((ruta) => !/[*<>]|NNN/.test(ruta) && !existe(ruta))
        .map((ruta) => `${archivo} → ${ruta}`),
    );
    expect(rotas).toEqual([]);
  });

  it('every bare file name in a comment or a doc is one of ours', () => {
    const ajenos = VIGENTES.flatMap((archivo) =>
      nombresSueltos(archivo)
        .filter((nombre) => !variantes(nombre).some((v) => NOMBRES.has(v)))
        .map((nombre) => `${archivo} → ${nombre}`),
    );
    expect(ajenos).toEqual([]);
  });

  it('section references point at docs/producto.md, and its sections exist', () => {
    const producto = readFileSync(path.join(RAIZ, 'docs/producto.md'), 'utf8');
    const secciones = new Set([...producto.matchAll(/^## §(\d+)(?:–§(\d+))?/gm)].flatMap(([, a, b]) => {
      const desde = Number(a);
      const hasta = Number(b ?? a);
      return Array.from({ length: hasta - desde + 1 }, (_, i) => desde + i);
    }));
    const malas: string[] = [];
    for (const archivo of [...FUENTES, ...DOCUMENTOS]) {
      if (archivo === 'docs/producto.md' || archivo === 'tests/unit/referencias.test.ts') continue;
      const texto = readFileSync(path.join(RAIZ, archivo), 'utf8');
      // "producto §3" or a range "producto §3–§6": every number must be a section.
      const referencias = [...texto.matchAll(/producto §(\d+)(?:[–-]§(\d+))?/g)];
      for (const [todo, desde, hasta] of referencias) {
        if (![desde, hasta ?? desde].every((n) => secciones.has(Number(n)))) malas.push(`${archivo}: ${todo}`);
      }
      // Any other § is a reference to something that is not in the repository (an RFC's
      // sections are public and stable).
      const sueltas =
        texto
          .replace(/producto §\d+(?:[–-]§\d+)?/g, '')
          .replace(/RFC \d+ §\d+(?:\.\d+)*/g, '')
          .match(/\S*\s?§\s?\d+/g) ?? [];
      malas.push(...sueltas.map((s) => `${archivo}: ${s}`));
    }
    expect(malas).toEqual([]);
  });

  it('every decision record carries a date and a status', () => {
    const decisiones = DOCUMENTOS.filter((a) => a.startsWith('docs/decisions/'));
    expect(decisiones.length).toBeGreaterThan(0);
    const sinCabecera = decisiones.filter((archivo) => {
      const cabecera = readFileSync(path.join(RAIZ, archivo), 'utf8').split('\n').slice(0, 4).join('\n');
      return !/^Date: \d{4}-\d{2}-\d{2} · Status: (accepted|superseded by \d{3}( \(\d{4}-\d{2}-\d{2}\))?)$/m.test(cabecera);
    });
    expect(sinCabecera).toEqual([]);
  });
});
