// The shared harness of the browser end-to-end suites: the real server on a fresh SQLite data
// directory, Debian's Chromium through playwright-core, and axe-core. Outside CI a missing
// Chromium skips the suites (`puedeCorrer`); with CI=true nothing skips and a browser or server
// that cannot start fails the run.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { esperarSalud, puertoLibre } from '../../scripts/bench/comun/arranque.js';
import { CHROMIUM } from '../../scripts/chromium.mjs';

export const RAIZ = path.resolve(import.meta.dirname, '../..');
export { CHROMIUM };
export const EN_CI = process.env.CI === 'true';

/** Whether the browser suites run here: always in CI (where a missing browser must fail). */
export const puedeCorrer = EN_CI || existsSync(CHROMIUM);

export interface ServidorDePrueba {
  url: string;
  dataDir: string;
  /** What the server printed, for failure messages. */
  salida: () => string;
  stop: () => Promise<void>;
}

// The free port and the wait for /healthz are the bench's (scripts/bench/comun/arranque.ts);
// `puertoLibre` stays part of this harness's API.
export { puertoLibre };

/**
 * Starts `node --import tsx server/server.ts` on a free port with a fresh temporary DATA_DIR
 * (so a fresh SQLite database, seeded with the demo padrón), and waits for /healthz.
 */
export async function startServer(opciones: { env?: Record<string, string> } = {}): Promise<ServidorDePrueba> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'alta-e2e-'));
  const puerto = await puertoLibre();
  const url = `http://127.0.0.1:${puerto}`;
  let texto = '';
  const proceso = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: RAIZ,
    env: {
      ...process.env,
      PORT: String(puerto),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The suites check the same pair many times; the production limit is tested elsewhere.
      DNI_CHECK_MAX: '100000',
      ...opciones.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const anotar = (b: Buffer) => {
    texto = (texto + b.toString()).slice(-20_000);
  };
  proceso.stdout?.on('data', anotar);
  proceso.stderr?.on('data', anotar);
  const salida = () => texto;
  const stop = async () => {
    if (proceso.exitCode === null) {
      const fin = new Promise((r) => proceso.once('exit', r));
      proceso.kill('SIGTERM');
      const forzar = setTimeout(() => proceso.kill('SIGKILL'), 10_000);
      await fin;
      clearTimeout(forzar);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await esperarSalud(url, proceso, 60_000, salida);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, salida, stop };
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No está Chromium en ${CHROMIUM} (apt-get install chromium).`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface ServidorYNavegador {
  readonly servidor: ServidorDePrueba;
  readonly browser: Browser;
}

/**
 * Registers a suite's hooks: the real server and a browser, started once before its tests and
 * stopped after them. Read them through the getters, in tests or in later hooks.
 */
export function usarServidorYNavegador(): ServidorYNavegador {
  let servidor: ServidorDePrueba | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    servidor = await startServer();
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
