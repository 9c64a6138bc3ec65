// The server's CPU per complete application, by component, on both sides: each side's server runs
// under `node --cpu-prof` for one timed round of applications (medicion/bench/perfil/), rounds
// alternating between the sides, on SQLite and then PostgreSQL. What a feature costs shows as its
// own row; a row that grew without a feature behind it is what to take back.
import { mediana } from '../comun/estadistica.js';
import { basePgNueva } from '../comun/postgres.js';
import { porAplicacion } from '../perfil/componentes.js';
import { perfilarAplicaciones, type Perfilado } from '../perfil/perfilar.js';
import { alInterrumpir } from './limpieza.js';
import {
  cocientePorRonda,
  enAmbosMotores,
  ENV_COMUN,
  ordenDeRonda,
  type Lado,
  type OpcionesMedida,
  type Resultado,
} from './medidas.js';
import type { Comparacion } from './tabla.js';

/** Components under this many milliseconds per application on both sides share one row. */
const MENOR_MS = 0.15;
const TOTAL = 'all components';

const formato = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)} ms` : '—');

/** Per round and side, milliseconds per application of each component (and of all together). */
function tablaDe(p: Perfilado): Map<string, number> {
  const filas = new Map(porAplicacion(p.reparto, p.aplicaciones).map((f) => [f.componente, f.ms]));
  filas.set(TOTAL, p.cpuPorAplicacion);
  return filas;
}

/** The rows of one engine: the total, then each component largest first (by main), then the rest. */
export function filasDePerfil(motor: string, rondas: Map<string, number>[][]): Comparacion[] {
  const componentes = new Set(rondas.flatMap((lado) => lado.flatMap((t) => [...t.keys()])));
  const valor = (lado: number, c: string) => rondas[lado]!.map((t) => t.get(c) ?? 0);
  const grandes = [...componentes]
    .filter((c) => c !== TOTAL && Math.max(mediana(valor(0, c)), mediana(valor(1, c))) >= MENOR_MS)
    .sort((a, b) => mediana(valor(0, b)) - mediana(valor(0, a)));
  const resto = (lado: number) =>
    rondas[lado]!.map((t) =>
      [...t.entries()].filter(([c]) => c !== TOTAL && !grandes.includes(c)).reduce((s, [, v]) => s + v, 0),
    );
  const fila = (nombre: string, valores: number[][]): Comparacion => ({
    medida: `Server CPU per application, ${motor}: ${nombre}`,
    main: formato(mediana(valores[0]!)),
    otro: formato(mediana(valores[1]!)),
    ...cocientePorRonda(valores),
  });
  return [
    fila(TOTAL, [valor(0, TOTAL), valor(1, TOTAL)]),
    ...grandes.map((c) => fila(c, [valor(0, c), valor(1, c)])),
    fila(`the rest (each under ${MENOR_MS} ms)`, [resto(0), resto(1)]),
  ];
}

async function perfilEn(
  motor: 'SQLite' | 'PostgreSQL',
  lados: Lado[],
  o: OpcionesMedida,
): Promise<Resultado> {
  const aplicaciones = o.corto ? 192 : 400;
  const rondas = o.corto ? 2 : 4;
  const tablas: Map<string, number>[][] = lados.map(() => []);
  const ultimo: (Perfilado | null)[] = lados.map(() => null);
  let siguiente = motor === 'SQLite' ? 2_000_000 : 3_000_000;
  for (let r = 0; r < rondas; r++) {
    for (const k of ordenDeRonda(r, lados.length)) {
      const env = { ...ENV_COMUN };
      let borrar = async () => {};
      if (motor === 'PostgreSQL') {
        const base = await basePgNueva('alta_perfil');
        borrar = alInterrumpir(`database ${base.nombre}`, () => base.borrar(), { base: base.nombre });
        env.DATABASE_URL = base.url;
      }
      try {
        const p = await perfilarAplicaciones({
          raizServidor: lados[k]!.raiz,
          env,
          aplicaciones,
          desde: (siguiente += aplicaciones + 100),
        });
        tablas[k]!.push(tablaDe(p));
        ultimo[k] = p;
        console.log(
          `  round ${r + 1} ${motor} ${lados[k]!.nombre}: ${formato(p.cpuPorAplicacion)} CPU per application`,
        );
      } finally {
        await borrar();
      }
    }
  }
  // Main's only: the other commit's functions live in files that may no longer exist, and
  // docs/quality.md names only paths of this checkout (tests/unit/referencias.test.ts).
  const notas = lados.slice(0, 1).flatMap((lado, k) => {
    const p = ultimo[k];
    if (!p?.reparto.masPropias.length) return [];
    const propias = p.reparto.masPropias
      .slice(0, 5)
      .map((f) => `${f.funcion} ${formato(f.ms / p.aplicaciones)}`)
      .join('; ');
    return [`${motor}, ${lado.nombre}: most self time outside the named components — ${propias}.`];
  });
  return { filas: filasDePerfil(motor, tablas), notas };
}

export const compararPerfil = enAmbosMotores(perfilEn);
