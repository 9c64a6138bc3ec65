// The profile's split by component (medicion/bench/perfil/componentes.ts) and the comparison's
// rows (medicion/bench/contra/perfil.ts), on hand-made profiles: no server.
import { describe, expect, it } from 'vitest';
import {
  CARGA_DE_MODULOS,
  componenteDe,
  OCIOSO,
  porAplicacion,
  repartir,
  type NodoPerfil,
  type PerfilCpu,
} from '../../bench/perfil/componentes.js';
import { filasDePerfil } from '../../bench/contra/perfil.js';

const marco = (url: string, functionName = 'f'): NodoPerfil['callFrame'] => ({
  functionName,
  url,
  lineNumber: 0,
});
const RAIZ = 'file:///repo';

describe('componenteDe', () => {
  it('the outermost named component wins: an audit INSERT is audit, not database', () => {
    const pila = [
      marco('', '(root)'),
      marco(`${RAIZ}/server/auditoria/cadena.ts`, 'registrar'),
      marco(`${RAIZ}/node_modules/kysely/dist/esm/dialect/sqlite/sqlite-driver.js`, 'executeQuery'),
      marco('', 'run'),
    ];
    expect(componenteDe(pila)).toBe('audit');
  });

  it('without a named component, the innermost frame with a source decides', () => {
    expect(
      componenteDe([
        marco('', '(root)'),
        marco(`${RAIZ}/node_modules/better-sqlite3/lib/methods/wrappers.js`),
        marco('', 'run'),
      ]),
    ).toBe('database (other statements)');
    expect(componenteDe([marco('', '(root)'), marco('node:_http_server', 'parserOnIncoming')])).toBe(
      'HTTP (Fastify, Node)',
    );
    expect(componenteDe([marco(`${RAIZ}/server/solicitud/canonico.ts`, 'ordenar')])).toBe(
      'other application code',
    );
  });

  it("Node's streams are judged by who called them: pg reading its socket is the database", () => {
    const pg = [
      marco('', '(root)'),
      marco(`${RAIZ}/node_modules/pg/lib/connection.js`, 'parse'),
      marco('node:internal/streams/readable', 'push'),
    ];
    expect(componenteDe(pg)).toBe('database (other statements)');
    const fastify = [marco(`${RAIZ}/node_modules/fastify/lib/reply.js`, 'send'), marco('node:net', 'write')];
    expect(componenteDe(fastify)).toBe('HTTP (Fastify, Node)');
  });

  it('idle, the collector and module loading are told apart', () => {
    expect(componenteDe([marco('', '(root)'), marco('', '(idle)')])).toBe(OCIOSO);
    expect(componenteDe([marco('', '(root)'), marco('', '(garbage collector)')])).toBe('garbage collection');
    expect(componenteDe([marco('', '(root)'), marco('node:internal/modules/esm/loader', 'import')])).toBe(
      CARGA_DE_MODULOS,
    );
    expect(componenteDe([marco(`${RAIZ}/server/db/contadores.ts`, 'sumar'), marco('', 'run')])).toBe(
      'counters (limits, quotas)',
    );
  });
});

describe('repartir', () => {
  // root → contadores.sumar → (native) run; root → (idle); root → canonico.ordenar
  const perfil: PerfilCpu = {
    nodes: [
      { id: 1, callFrame: marco('', '(root)'), children: [2, 4, 5] },
      { id: 2, callFrame: marco(`${RAIZ}/server/db/contadores.ts`, 'sumar'), children: [3] },
      { id: 3, callFrame: marco('', 'run') },
      { id: 4, callFrame: marco('', '(idle)') },
      { id: 5, callFrame: marco(`${RAIZ}/server/solicitud/canonico.ts`, 'ordenar') },
    ],
    startTime: 1_000,
    samples: [3, 3, 4, 5, 3],
    timeDeltas: [1000, 1000, 5000, 2000, 1000],
  };

  it('sums milliseconds by component, and names who asked', () => {
    const r = repartir(perfil);
    expect(r.ms.get('counters (limits, quotas)')).toBe(3);
    expect(r.ms.get(OCIOSO)).toBe(5);
    expect(r.ms.get('other application code')).toBe(2);
    expect(r.masPropias[0]).toEqual({ funcion: 'ordenar server/solicitud/canonico.ts:1', ms: 2 });
    expect(r.llamantes.get('counters (limits, quotas)')?.get('sumar server/db/contadores.ts:1')).toBe(3);
    expect(porAplicacion(r, 2)).toEqual([
      { componente: 'counters (limits, quotas)', ms: 1.5 },
      { componente: 'other application code', ms: 1 },
    ]);
  });

  it('keeps only the samples inside the window (microseconds of the same clock)', () => {
    // Sample instants: 2000, 3000, 8000, 10000, 11000.
    const r = repartir(perfil, { desde: 2500, hasta: 10_000 });
    expect(r.ms.get('counters (limits, quotas)')).toBe(1);
    expect(r.ms.get(OCIOSO)).toBe(5);
    expect(r.ms.get('other application code')).toBe(2);
  });
});

describe('filasDePerfil', () => {
  const t = (o: Record<string, number>) => new Map(Object.entries(o));
  it('the total first, components largest first by main, the small ones together, ratios per round', () => {
    const main = [
      t({ 'all components': 20, database: 10, audit: 4, logging: 0.05, gc: 0.02 }),
      t({ 'all components': 22, database: 12, audit: 4, logging: 0.05, gc: 0.02 }),
    ];
    const otro = [
      t({ 'all components': 10, database: 5, logging: 0.1 }),
      t({ 'all components': 11, database: 6, logging: 0.1 }),
    ];
    const filas = filasDePerfil('SQLite', [main, otro]);
    expect(filas.map((f) => f.medida)).toEqual([
      'Server CPU per application, SQLite: all components',
      'Server CPU per application, SQLite: database',
      'Server CPU per application, SQLite: audit',
      'Server CPU per application, SQLite: the rest (each under 0.15 ms)',
    ]);
    expect(filas[0]).toMatchObject({ main: '21.00 ms', otro: '10.50 ms', rondas: [2, 2] });
    expect(filas[2]).toMatchObject({ main: '4.00 ms', otro: '0.00 ms' });
    expect(filas[2]!.cociente).toBeNaN();
    expect(filas[3]!.main).toBe('0.07 ms');
  });
});
