// Lighthouse 12, mobile preset (its default: emulated phone, simulated slow 4G and CPU), on
// Debian's Chromium against the real server serving a fresh build. Median of 3 runs per page in
// both forms. Runs one at a time: parallel runs skew each other. The performance score is a
// simulation scaled by the host's momentary CPU speed, so it is published, never a CI gate
// (decision 052); a miss is a FAIL line of `npm run bench`, to be read next to its machine.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { construirCliente } from './construccion.js';
import type { Opciones } from './comun/ejecucion.js';
import { mediana } from './comun/estadistica.js';
import { entero, type Informe } from './comun/informe.js';
import { CHROMIUM, FLAGS_CHROMIUM } from './comun/navegador.js';
import { RAIZ, iniciarServidor } from '../servidor-hijo.js';

const CATEGORIAS = ['performance', 'accessibility', 'best-practices'] as const;
type Categoria = (typeof CATEGORIAS)[number];

const PAGINAS: { ruta: string; presupuesto: Record<Categoria, number> }[] = [
  { ruta: '/inicio', presupuesto: { performance: 90, accessibility: 100, 'best-practices': 100 } },
  { ruta: '/stepper', presupuesto: { performance: 85, accessibility: 100, 'best-practices': 100 } },
];

export interface Corrida {
  puntajes: Record<Categoria, number>;
  fallidas: string[];
  /** FCP, LCP, TBT, CLS: what the performance score is made of. */
  metricas: string;
  /** Total blocking time in ms, the metric where a heavier bundle shows first. */
  tbtMs: number;
}

const METRICAS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];

export function correrLighthouse(url: string): Promise<Corrida> {
  return new Promise((resolve, reject) => {
    const args = [
      path.join(RAIZ, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIAS.join(',')}`,
      `--chrome-flags=--headless=new ${FLAGS_CHROMIUM.join(' ')}`,
    ];
    const hijo = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'pipe', 'pipe'] });
    const salida: Buffer[] = [];
    let error = '';
    hijo.stdout.on('data', (b: Buffer) => salida.push(b));
    hijo.stderr.on('data', (b: Buffer) => (error = (error + b.toString()).slice(-2000)));
    const plazo = setTimeout(() => hijo.kill('SIGKILL'), 180_000);
    hijo.on('error', reject);
    hijo.on('exit', (codigo) => {
      clearTimeout(plazo);
      if (codigo !== 0) return reject(new Error(`lighthouse exited ${codigo}: ${error}`));
      try {
        const lhr = JSON.parse(Buffer.concat(salida).toString()) as {
          categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
          audits: Record<string, { score: number | null; displayValue?: string; numericValue?: number }>;
          runtimeError?: { message: string };
        };
        if (lhr.runtimeError) return reject(new Error(`lighthouse: ${lhr.runtimeError.message}`));
        const puntajes = Object.fromEntries(
          CATEGORIAS.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        ) as Record<Categoria, number>;
        // What cost points, for the findings: failed audits of the non-performance categories.
        const fallidas = ['accessibility', 'best-practices'].flatMap((c) =>
          (lhr.categories[c]?.auditRefs ?? [])
            .filter((a) => a.weight > 0 && lhr.audits[a.id]?.score !== null && (lhr.audits[a.id]?.score ?? 1) < 1)
            .map((a) => `${c}/${a.id}`),
        );
        const metricas = METRICAS.map((m) => `${m.replace(/-/g, ' ')} ${lhr.audits[m]?.displayValue ?? '?'}`).join(', ');
        const tbtMs = lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;
        resolve({ puntajes, fallidas, metricas, tbtMs });
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}

/**
 * Lighthouse now and then fails to record its trace (NO_NAVSTART) on a busy machine: that run is
 * lost, not scored low, so it is run again (twice at most) rather than failing the measure.
 */
export async function conReintento<T>(correr: () => Promise<T>): Promise<T> {
  for (let intento = 1; ; intento++) {
    try {
      return await correr();
    } catch (error) {
      if (intento >= 3) throw error;
      console.log(`  Lighthouse run failed (${error instanceof Error ? error.message : String(error)}); again`);
    }
  }
}

export async function medirLighthouse(informe: Informe, _opciones: Opciones): Promise<void> {
  const raizCliente = await construirCliente();
  const servidor = await iniciarServidor({ raizCliente, env: { LOG_LEVEL: 'warn' } });
  // The budget is defined on the median of 3 (decision 050); the short form keeps that, as one run on a
  // shared machine swings with its load.
  const veces = 3;
  try {
    for (const pagina of PAGINAS) {
      const corridas: Corrida[] = [];
      for (let i = 0; i < veces; i++) {
        const c = await conReintento(() => correrLighthouse(`${servidor.url}${pagina.ruta}`));
        console.log(`  ${pagina.ruta} run ${i + 1}: ${CATEGORIAS.map((k) => `${k} ${c.puntajes[k]}`).join(', ')} (${c.metricas})`);
        corridas.push(c);
      }
      const fallidas = [...new Set(corridas.flatMap((c) => c.fallidas))];
      if (fallidas.length) console.log(`  ${pagina.ruta} failed audits: ${fallidas.join(', ')}`);
      for (const categoria of CATEGORIAS) {
        const valor = mediana(corridas.map((c) => c.puntajes[categoria]));
        const nombre = `Lighthouse mobile ${categoria}, ${pagina.ruta} (median of ${veces})`;
        informe.limite(nombre, valor, { min: pagina.presupuesto[categoria] }, entero);
      }
    }
  } finally {
    await servidor.limpiar();
  }
}
