// The shared harness of the browser end-to-end suites: the real server on a fresh SQLite data
// directory, Debian's Chromium (its headless shell) through playwright-core, and axe-core.
// Outside CI a missing Chromium skips the suites (`puedeCorrer`); with CI=true nothing skips and
// a browser or server that cannot start fails the run.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { FLAGS_CHROMIUM } from '../../medicion/bench/comun/navegador.js';
import { CHROMIUM_PRUEBAS } from '../../scripts/chromium.mjs';
import { iniciarServidor, RAIZ } from '../../medicion/servidor-hijo.js';
import { abrirBase } from '../../server/db/conexion.js';
import type { Db } from '../../server/db/esquema.js';
import { crearEntorno, MOTORES, type Motor } from '../server/ayuda/bases.js';

export { RAIZ };
/** The suites' browser: Chromium's headless shell (scripts/chromium.mjs). */
export const CHROMIUM = CHROMIUM_PRUEBAS;
export const EN_CI = process.env.CI === 'true';
/**
 * Where the served build lives: <this>/dist/client. The global setup sets E2E_RAIZ_CLIENTE to the
 * run's one build (dist/e2e/<hash of its inputs>) before any suite starts.
 */
export const RAIZ_CLIENTE = process.env.E2E_RAIZ_CLIENTE || RAIZ;

/** Whether the browser suites run here: always in CI (where a missing browser must fail). */
export const puedeCorrer = EN_CI || existsSync(CHROMIUM);

export interface ServidorDePrueba {
  url: string;
  dataDir: string;
  /** The PostgreSQL database of `motor: 'postgres'`, else null (SQLite under dataDir). */
  databaseUrl: string | null;
  /** What the server printed, for failure messages. */
  salida: () => string;
  stop: () => Promise<void>;
}

/**
 * The real server (medicion/servidor-hijo.ts, the bench's launcher too) on a free port with a
 * fresh temporary DATA_DIR — so a fresh SQLite database, seeded with the demo padrón — serving
 * the checkout's dist/client, which the global setup builds. With `motor: 'postgres'` the
 * database is a new one on the PostgreSQL of DATABASE_URL, dropped by `stop`. Resolves once
 * /healthz answers.
 */
async function startServer(
  opciones: { env?: Record<string, string>; motor?: Motor } = {},
): Promise<ServidorDePrueba> {
  const base = opciones.motor === 'postgres' ? await crearEntorno('postgres') : null;
  try {
    const servidor = await iniciarServidor({
      raizCliente: RAIZ_CLIENTE,
      env: {
        LOG_LEVEL: 'warn',
        // No document to verify at the source before approving (producto §17), unless a suite says
        // so (tests/e2e/gestion-verificacion.test.ts): the others approve as they did.
        VERIFICACION_REQUERIDA: 'no',
        ...(base ? { DATABASE_URL: base.env.DATABASE_URL! } : {}),
        ...opciones.env,
      },
    });
    return {
      url: servidor.url,
      dataDir: servidor.dataDir,
      databaseUrl: base?.env.DATABASE_URL ?? null,
      salida: servidor.salida,
      stop: async () => {
        await servidor.limpiar();
        await base?.limpiar();
      },
    };
  } catch (error) {
    await base?.limpiar();
    throw error;
  }
}

/** The server's own database, for a test to read or arrange what no page does; destroy it after. */
export const baseDe = (servidor: ServidorDePrueba): Db =>
  abrirBase({ dataDir: servidor.dataDir, databaseUrl: servidor.databaseUrl }).db;

/** The engines the browser suites run on: both in CI (an unreachable PostgreSQL fails there). */
export const MOTORES_E2E: Motor[] = MOTORES.filter((m) => m.disponible).map((m) => m.motor);

async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No está Chromium en ${CHROMIUM} (apt-get install chromium-headless-shell).`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS_CHROMIUM });
}

export interface ServidorYNavegador {
  readonly servidor: ServidorDePrueba;
  readonly browser: Browser;
}

/**
 * Registers a suite's hooks: the real server and a browser, started once before its tests and
 * stopped after them. Read them through the getters, in tests or in later hooks.
 */
export function usarServidorYNavegador(
  opciones: { env?: Record<string, string>; motor?: Motor } = {},
): ServidorYNavegador {
  let servidor: ServidorDePrueba | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    servidor = await startServer(opciones);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await servidor?.stop();
  });
  const listo = <T>(valor: T | undefined): T => {
    if (valor === undefined) throw new Error('El servidor y el navegador se leen dentro de las pruebas.');
    return valor;
  };
  return {
    get servidor() {
      return listo(servidor);
    },
    get browser() {
      return listo(browser);
    },
  };
}

const errores = new WeakMap<Page, string[]>();

/** A page in its own context (its own cookies and IndexedDB), es-AR, of the given size. */
export async function newPage(
  browser: Browser,
  tamanio: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport: tamanio, locale: 'es-AR', timezoneId: 'America/Argentina/Cordoba' });
  const page = await context.newPage();
  const lista: string[] = [];
  errores.set(page, lista);
  page.on('pageerror', (e) => lista.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') lista.push(`console.error: ${m.text()}`);
  });
  return page;
}

/** Uncaught exceptions and console.error lines the page produced so far. */
export function erroresDe(page: Page): string[] {
  return errores.get(page) ?? [];
}

export interface ViolacionAxe {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

let fuenteAxe: string | undefined;

/** Runs axe-core on the page (or a part of it) and fails on serious or critical violations. */
export async function axeCheck(page: Page, opciones: { incluir?: string } = {}): Promise<ViolacionAxe[]> {
  // Colours are judged once transitions (a button being enabled) have finished.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, { timeout: 3000 })
    .catch(() => {});
  // Evaluated, not injected as a <script>: the app's CSP (script-src 'self') refuses inline tags.
  fuenteAxe ??= await readFile(path.join(RAIZ, 'node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(fuenteAxe);
  const violaciones = await page.evaluate(async (incluir) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const r = await axe.run(incluir ? { include: [incluir] } : document, { resultTypes: ['violations'] });
    return r.violations;
  }, opciones.incluir ?? null);
  const lista = violaciones as ViolacionAxe[];
  const graves = lista.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (graves.length > 0) {
    const detalle = graves
      .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ') + (n.failureSummary ? ` — ${n.failureSummary}` : '')).join('\n  ')}`)
      .join('\n');
    throw new Error(`axe-core encontró violaciones graves:\n${detalle}`);
  }
  return lista;
}

/** True when the page scrolls sideways (something wider than the viewport). */
export async function scrollHorizontal(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
