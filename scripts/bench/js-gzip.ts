// gzip size of the JavaScript a user downloads: the landing's initial load and the stepper in
// all (its initial load plus the lazy chunks its route pulls in). Measured the way a user gets it:
// the page loaded in Chromium from the real server, every script response gzipped (level 9, what
// a precompressing build would serve) and summed. Each page in a fresh context: no cache.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { construirCliente } from './construccion.js';
import type { Opciones } from './comun/ejecucion.js';
import { kB, type Informe } from './comun/informe.js';
import { abrirChromium } from './comun/navegador.js';
import { iniciarServidor } from '../servidor-hijo.js';

interface Descarga {
  archivos: { url: string; gzip: number }[];
  total: number;
}

async function jsDe(navegador: Browser, url: string): Promise<Descarga> {
  const contexto = await navegador.newContext();
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
  await contexto.close();
  return { archivos, total: archivos.reduce((s, a) => s + a.gzip, 0) };
}

export async function medirJsGzip(informe: Informe, _opciones: Opciones): Promise<void> {
  const raizCliente = await construirCliente();
  const servidor = await iniciarServidor({ raizCliente, env: { LOG_LEVEL: 'warn' } });
  const navegador = await abrirChromium();
  try {
    const inicio = await jsDe(navegador, `${servidor.url}/inicio`);
    const stepper = await jsDe(navegador, `${servidor.url}/stepper`);
    for (const [nombre, d] of [['/inicio', inicio], ['/stepper', stepper]] as const) {
      console.log(`  ${nombre}: ${d.archivos.map((a) => `${a.url} ${kB(a.gzip)}`).join(', ')}`);
    }
    informe.limite('JS gzip, landing initial load (/inicio)', inicio.total, { max: 130_000 }, kB);
    informe.limite('JS gzip, stepper in all (/stepper)', stepper.total, { max: 260_000 }, kB);
  } finally {
    await navegador.close();
    await servidor.limpiar();
  }
}
