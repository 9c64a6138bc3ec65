// gzip size of the JavaScript a user downloads: the landing's initial load and the stepper in
// all (its initial load plus the lazy chunks its route pulls in). Measured the way a user gets it:
// the page loaded in Chromium from the real server, every script response gzipped (level 9, what
// a precompressing build would serve) and summed. Each page in a fresh context: no cache.
// The size is deterministic for a given build, so its budget is also a test
// (tests/e2e/tamanio-js.test.ts) measuring with the same function; the bench publishes it.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { construirCliente } from './construccion.js';
import type { Opciones } from './comun/ejecucion.js';
import { kB, type Informe } from './comun/informe.js';
import { abrirChromium } from './comun/navegador.js';
import { iniciarServidor } from '../servidor-hijo.js';

/** Issue 5's budgets, in bytes of gzipped JavaScript. */
export const PRESUPUESTO_JS = {
  '/inicio': { medida: 'JS gzip, landing initial load (/inicio)', max: 130_000 },
  '/stepper': { medida: 'JS gzip, stepper in all (/stepper)', max: 260_000 },
} as const;

export interface Descarga {
  archivos: { url: string; gzip: number }[];
  total: number;
}

/** The scripts `url` makes Chromium download, each gzipped at level 9, and their sum. */
export async function jsDescargado(navegador: Browser, url: string): Promise<Descarga> {
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
    await pagina.waitForTimeout(500);
    const archivos = (await Promise.all(pendientes)).filter((a): a is { url: string; gzip: number } => a !== null);
    return { archivos, total: archivos.reduce((s, a) => s + a.gzip, 0) };
  } finally {
    await contexto.close();
  }
}

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
  } finally {
    await navegador.close();
    await servidor.limpiar();
  }
}
