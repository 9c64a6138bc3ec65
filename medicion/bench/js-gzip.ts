// gzip size of the JavaScript a user downloads: the landing's initial load and the stepper in
// all (its initial load plus the lazy chunks its route pulls in), and the back-office in all
// (its sign-in page, then the inbox once signed in). Measured the way a user gets it:
// the page loaded in Chromium from the real server, every script response gzipped (level 9, what
// a precompressing build would serve) and summed. Each page in a fresh context: no cache.
// The size is deterministic for a given build, so its budget is also a test
// (tests/e2e/tamanio-js.test.ts, tests/e2e/gestion-tamanio.test.ts) measuring with the same
// functions; the bench publishes it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import type { Rol } from '../../domain/personal.js';
import { construirCliente } from './construccion.js';
import type { Opciones } from './comun/ejecucion.js';
import { kB, type Informe } from './comun/informe.js';
import { abrirChromium } from './comun/navegador.js';
import { CARGADOR_TSX, iniciarServidor, RAIZ } from '../servidor-hijo.js';

/** The applicant pages' budgets, in bytes of gzipped JavaScript. */
export const PRESUPUESTO_JS = {
  '/inicio': { medida: 'JS gzip, landing initial load (/inicio)', max: 130_000 },
  '/stepper': { medida: 'JS gzip, stepper in all (/stepper)', max: 260_000 },
} as const;

/** The back-office's budget: everything the back-office downloads, its own chunk and the shared ones. */
export const PRESUPUESTO_JS_GESTION = {
  ruta: '/gestion/ingresar',
  medida: 'JS gzip, back-office in all (/gestion/ingresar, then the Tablero it lands on)',
  max: 300_000,
} as const;

export interface Descarga {
  archivos: { url: string; gzip: number }[];
  total: number;
}

/**
 * The scripts `url` makes Chromium download, each gzipped at level 9, and their sum; with
 * `recorrido`, also those of what it then does on the page (sign in, open another page).
 */
export async function jsDescargado(navegador: Browser, url: string, recorrido?: (pagina: Page) => Promise<void>): Promise<Descarga> {
  const contexto = await navegador.newContext();
  try {
    const pagina = await contexto.newPage();
    const pendientes: Promise<{ url: string; gzip: number } | null>[] = [];
    pagina.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      pendientes.push(
        r.body().then(
          (cuerpo) => ({ url: new URL(r.url()).pathname, gzip: gzipSync(cuerpo, { level: 9 }).length }),
          () => null,
        ),
      );
    });
    await pagina.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    if (recorrido) {
      await recorrido(pagina);
      await pagina.waitForLoadState('networkidle');
    }
    await pagina.waitForTimeout(500);
    const archivos = (await Promise.all(pendientes)).filter((a): a is { url: string; gzip: number } => a !== null);
    return { archivos, total: archivos.reduce((s, a) => s + a.gzip, 0) };
  } finally {
    await contexto.close();
  }
}

export interface Credenciales {
  usuario: string;
  contrasena: string;
}

/**
 * A staff account in the database of the server running on `dataDir` (SQLite), made the way an
 * operator does: `npm run personal -- alta`, the password on standard input.
 */
export async function crearCuentaDePersonal(
  dataDir: string,
  cuenta: Credenciales & { nombre: string; rol: Rol },
  env: Record<string, string> = {},
): Promise<void> {
  const hijo = spawn(
    process.execPath,
    ['--import', CARGADOR_TSX, path.join(RAIZ, 'scripts/personal.ts'), 'alta', cuenta.usuario, '--nombre', cuenta.nombre, '--rol', cuenta.rol],
    { cwd: RAIZ, env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', DATA_DIR: dataDir, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let salida = '';
  hijo.stdout.on('data', (b: Buffer) => (salida += b.toString()));
  hijo.stderr.on('data', (b: Buffer) => (salida += b.toString()));
  hijo.stdin.end(`${cuenta.contrasena}\n`);
  const codigo = await new Promise<number | null>((resolve, reject) => {
    hijo.once('error', reject);
    hijo.once('exit', (c) => resolve(c));
  });
  if (codigo !== 0) throw new Error(`npm run personal -- alta ${cuenta.usuario} terminó con ${codigo}: ${salida}`);
}

/** Signs in on the back-office's sign-in page and waits for the inbox. */
async function ingresarEnGestion(pagina: Page, { usuario, contrasena }: Credenciales): Promise<void> {
  await pagina.getByLabel('Usuario', { exact: true }).fill(usuario);
  await pagina.getByLabel('Contraseña', { exact: true }).fill(contrasena);
  await pagina.getByRole('button', { name: 'Ingresar' }).click();
  // Signing in lands on the Tablero (producto §15).
  await pagina.getByRole('heading', { level: 1, name: 'Tablero' }).waitFor({ timeout: 30_000 });
}

/** The back-office's JavaScript: its sign-in page, then the Tablero once signed in. */
export const jsDeGestion = (navegador: Browser, base: string, credenciales: Credenciales) =>
  jsDescargado(navegador, base + PRESUPUESTO_JS_GESTION.ruta, (pagina) => ingresarEnGestion(pagina, credenciales));

export async function medirJsGzip(informe: Informe, _opciones: Opciones): Promise<void> {
  const raizCliente = await construirCliente();
  const servidor = await iniciarServidor({ raizCliente, env: { LOG_LEVEL: 'warn' } });
  const navegador = await abrirChromium();
  try {
    for (const [ruta, { medida, max }] of Object.entries(PRESUPUESTO_JS)) {
      const d = await jsDescargado(navegador, `${servidor.url}${ruta}`);
      console.log(`  ${ruta}: ${d.archivos.map((a) => `${a.url} ${kB(a.gzip)}`).join(', ')}`);
      informe.limite(medida, d.total, { max }, kB);
    }
    const credenciales = { usuario: 'medicion', contrasena: 'una contraseña para medir' };
    await crearCuentaDePersonal(servidor.dataDir, { ...credenciales, nombre: 'Medición', rol: 'administrador' });
    const d = await jsDeGestion(navegador, servidor.url, credenciales);
    console.log(`  /gestion: ${d.archivos.map((a) => `${a.url} ${kB(a.gzip)}`).join(', ')}`);
    informe.limite(PRESUPUESTO_JS_GESTION.medida, d.total, { max: PRESUPUESTO_JS_GESTION.max }, kB);
  } finally {
    await navegador.close();
    await servidor.limpiar();
  }
}
