// Catalogue routes: requests per second of the real server next to a bare node:http server
// answering the same JSON from memory — the same answer: body and headers (security headers,
// ETag, Cache-Control), so the ratio compares the servers, not header sets — measured with
// autocannon on 127.0.0.1 in the same run. Published as INFO, with no budget (decision 052): it
// says what Fastify, its plugins and our hooks cost per request, and it moves with the host. On
// this kind of shared machine the host's speed moves by ±15 % from one second to the next, so
// the two servers are loaded *at once*, each by its own autocannon with the same connections,
// both pinned to the same core (the load generator to the other, comun/afinidad.ts): every swing
// of the host hits both alike within the round, and each round gives one ratio (decision 062).
// A server's speed also varies process by process, so the rounds come from a few fresh
// server/peer pairs; the median round is published with the range of all rounds. The server
// runs as deployed: default LOG_LEVEL (info), output discarded. Then repeated loads with
// If-None-Match must be answered 304 with no body (PASS/FAIL).
import { spawn } from 'node:child_process';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Opciones } from './comun/ejecucion.js';
import { fijarNucleos } from './comun/afinidad.js';
import { mediana } from './comun/estadistica.js';
import { entero, veces, type Informe } from './comun/informe.js';
import { CARGADOR_TSX, iniciarServidor } from '../servidor-hijo.js';

const RUTAS_LARGO = [
  '/api/v2/localidad/getAll',
  '/api/v2/calle/getAll/1',
  '/api/v2/condicionesIva/getCondicionesValidas',
  '/api/v2/aparatos/getAll',
];
const RUTAS_CORTO = ['/api/v2/localidad/getAll', '/api/v2/calle/getAll/1'];

/** A browser's repeated loads carry the XSRF-TOKEN cookie it was given; so does this load. */
let cookie = '';

async function rps(url: string, segundos: number): Promise<number> {
  const r = await autocannon({ url, connections: 16, pipelining: 1, duration: segundos, headers: cookie ? { cookie } : {} });
  const malas = r.errors + r.timeouts + r.non2xx;
  if (malas > 0) throw new Error(`${url}: ${malas} failed requests of ${r.requests.total}`);
  return r.requests.average;
}

/** Both servers under the same load at the same time: [server req/s, peer req/s]. */
function aLaVez(servidor: string, par: string, segundos: number): Promise<number[]> {
  return Promise.all([rps(servidor, segundos), rps(par, segundos)]);
}

interface Respuesta {
  cuerpo: string;
  cabeceras: Record<string, string>;
}

/** Per-connection or per-answer headers the peer computes itself. */
const NO_COPIAR = new Set(['date', 'connection', 'keep-alive', 'set-cookie', 'content-length', 'transfer-encoding']);

async function iniciarPar(cuerpos: Record<string, Respuesta>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'alta-par-'));
  const archivo = path.join(dir, 'cuerpos.json');
  await writeFile(archivo, JSON.stringify(cuerpos));
  const hijo = spawn(process.execPath, ['--import', CARGADOR_TSX, path.join(import.meta.dirname, 'par-desnudo.ts'), archivo], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const puerto = await new Promise<number>((resolve, reject) => {
    hijo.stdout.once('data', (b: Buffer) => resolve(Number(b.toString().trim())));
    hijo.once('exit', () => reject(new Error('the bare peer server exited')));
  });
  return {
    url: `http://127.0.0.1:${puerto}`,
    pid: hijo.pid ?? -1,
    async cerrar() {
      if (hijo.exitCode === null) {
        const fin = new Promise((r) => hijo.once('exit', r));
        hijo.kill('SIGTERM');
        await fin;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Fresh server/peer pairs (the server's speed varies process by process: decision 062), seconds
 * of warm-up per route, rounds per route and pair, seconds per round.
 */
const PLAN = {
  corto: { pares: 2, calentamiento: 3, rondas: 3, segundos: 2 },
  largo: { pares: 4, calentamiento: 3, rondas: 4, segundos: 2 },
};
type Plan = (typeof PLAN)['corto'];

interface Muestras {
  servidor: number[];
  par: number[];
  cocientes: number[];
}

interface Contendientes {
  servidor: Awaited<ReturnType<typeof iniciarServidor>>;
  par: Awaited<ReturnType<typeof iniciarPar>>;
  etags: Record<string, string>;
}

/** The real server and a peer primed with its answers to `rutas`. */
async function iniciarContendientes(rutas: string[]): Promise<Contendientes> {
  const servidor = await iniciarServidor({ capturarSalida: false, env: { LOG_LEVEL: 'info' } });
  try {
    const cuerpos: Record<string, Respuesta> = {};
    const etags: Record<string, string> = {};
    for (const ruta of rutas) {
      const r = await fetch(servidor.url + ruta);
      if (r.status !== 200) throw new Error(`${ruta} answered ${r.status}`);
      const cabeceras: Record<string, string> = {};
      r.headers.forEach((valor, nombre) => {
        if (!NO_COPIAR.has(nombre)) cabeceras[nombre] = valor;
      });
      cuerpos[ruta] = { cuerpo: await r.text(), cabeceras };
      cookie = (r.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
      etags[ruta] = r.headers.get('etag') ?? '';
    }
    return { servidor, par: await iniciarPar(cuerpos), etags };
  } catch (error) {
    await servidor.limpiar();
    throw error;
  }
}

/** One pair's rounds for `ruta`, both servers loaded at once: the host's swings hit both alike. */
async function medirRuta({ servidor, par }: Contendientes, ruta: string, plan: Plan, muestras: Muestras) {
  await aLaVez(servidor.url + ruta, par.url + ruta, plan.calentamiento); // JIT, connection set-up
  for (let i = 0; i < plan.rondas; i++) {
    const [s, p] = await aLaVez(servidor.url + ruta, par.url + ruta, plan.segundos);
    muestras.cocientes.push(s! / p!);
    muestras.servidor.push(s!);
    muestras.par.push(p!);
  }
}

/** Repeated loads: the browser revalidates with the ETag it has. */
async function medirRevalidacion(informe: Informe, { servidor, etags }: Contendientes, rutas: string[]) {
  let revalidadas = 0;
  let de304 = 0;
  for (const ruta of rutas) {
    for (let i = 0; i < 10; i++) {
      const r = await fetch(servidor.url + ruta, { headers: { 'if-none-match': etags[ruta]! } });
      const cuerpo = await r.text();
      revalidadas++;
      if (r.status === 304 && cuerpo === '') de304++;
    }
  }
  informe.condicion('Catalogue repeated loads with If-None-Match answered 304 (no body)', de304 === revalidadas, `${de304}/${revalidadas}`, 'all');
}

export async function medirCatalogos(informe: Informe, opciones: Opciones): Promise<void> {
  const rutas = opciones.corto ? RUTAS_CORTO : RUTAS_LARGO;
  const plan = opciones.corto ? PLAN.corto : PLAN.largo;
  const muestras = new Map(rutas.map((r): [string, Muestras] => [r, { servidor: [], par: [], cocientes: [] }]));
  console.log(`  ${plan.pares} fresh server/peer pairs × ${plan.rondas} rounds of ${plan.segundos} s per route, both servers loaded at once`);
  for (let n = 0; n < plan.pares; n++) {
    const contendientes = await iniciarContendientes(rutas);
    const fijacion = fijarNucleos([contendientes.servidor.pid, contendientes.par.pid]);
    if (n === 0) console.log(`  CPU: ${fijacion.descripcion}`);
    try {
      for (const ruta of rutas) await medirRuta(contendientes, ruta, plan, muestras.get(ruta)!);
      fijacion.liberar();
      if (n === 0) await medirRevalidacion(informe, contendientes, rutas);
    } finally {
      fijacion.liberar();
      await contendientes.par.cerrar();
      await contendientes.servidor.limpiar();
    }
  }
  for (const [ruta, { servidor, par, cocientes }] of muestras) {
    const s = mediana(servidor);
    const p = mediana(par);
    console.log(`  ${ruta}: server ${entero(s)} req/s, bare node:http ${entero(p)} req/s; round ratios ${cocientes.map((c) => c.toFixed(2)).join(' ')}`);
    informe.dato(
      `Catalogue ${ruta.replace('/api/v2/', '')}: req/s of our server vs a bare node:http peer, at once (median of ${cocientes.length} rounds, range ${veces(Math.min(...cocientes))}–${veces(Math.max(...cocientes))})`,
      `${entero(s)} vs ${entero(p)}: ${veces(mediana(cocientes))}`,
    );
  }
}
