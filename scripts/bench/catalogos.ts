// Catalogue routes: requests per second of the real server against a bare node:http server
// answering the same JSON from memory — the same answer: body and headers (security headers,
// ETag, Cache-Control), so the ratio compares the servers, not header sets — measured with
// autocannon on 127.0.0.1 in the same run. On this kind of shared machine one round swings by
// ±15 % with its neighbours' load, so the ratio is built to cancel that: both servers warm up
// until their JIT has settled, then short rounds alternate in blocks (peer, server, server, peer)
// so drift hits both sides of a block alike; each block gives one ratio and the median block is
// kept. The load generator and the servers are pinned to separate cores (comun/afinidad.ts).
// A median under the floor is measured again with fresh pairs and judged on every block pooled.
// The server runs as deployed: default LOG_LEVEL (info), output discarded. Then repeated loads
// with If-None-Match must be answered 304 with no body.
import { spawn } from 'node:child_process';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Opciones } from './comun/ejecucion.js';
import { fijarNucleos } from './comun/afinidad.js';
import { mediana } from './comun/estadistica.js';
import { entero, veces, type Informe } from './comun/informe.js';
import { CARGADOR_TSX, iniciarServidor } from './comun/servidor.js';

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

export interface Respuesta {
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
 * Fresh server/peer pairs (two identical servers differ by up to ±15 % here, process by process),
 * how long each side warms up per route, P S S P blocks per route and pair, seconds per round.
 */
const PLAN = {
  corto: { pares: 3, calentamiento: 2, bloques: 3, segundos: 1 },
  largo: { pares: 3, calentamiento: 3, bloques: 5, segundos: 1 },
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

/** One pair's blocks for `ruta`: each block is P S S P, so drift in load hits both sides alike. */
async function medirRuta({ servidor, par }: Contendientes, ruta: string, plan: Plan, muestras: Muestras) {
  await rps(servidor.url + ruta, plan.calentamiento); // JIT, connection set-up
  await rps(par.url + ruta, plan.calentamiento);
  for (let i = 0; i < plan.bloques; i++) {
    const p1 = await rps(par.url + ruta, plan.segundos);
    const s1 = await rps(servidor.url + ruta, plan.segundos);
    const s2 = await rps(servidor.url + ruta, plan.segundos);
    const p2 = await rps(par.url + ruta, plan.segundos);
    muestras.cocientes.push((s1 + s2) / (p1 + p2));
    muestras.servidor.push(s1, s2);
    muestras.par.push(p1, p2);
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
  console.log(`  ${plan.pares} fresh server/peer pairs × ${plan.bloques} blocks of P S S P × ${plan.segundos} s per route`);
  await medirPares(informe, rutas, plan, muestras, true);
  // A median under the floor is measured again with as many fresh pairs, and the budget is then
  // applied to the median of every block of both rounds (a pooled sample, not the better round).
  const bajo = [...muestras.values()].some((m) => mediana(m.cocientes) < MINIMO);
  if (bajo) {
    console.log(`  a route's median block is under ${veces(MINIMO)}: ${plan.pares} more pairs, all blocks pooled`);
    await medirPares(informe, rutas, plan, muestras, false);
  }
  for (const [ruta, { servidor, par, cocientes }] of muestras) {
    const s = mediana(servidor);
    const p = mediana(par);
    console.log(`  ${ruta}: server ${entero(s)} req/s, bare node:http ${entero(p)} req/s; block ratios ${cocientes.map((c) => c.toFixed(2)).join(' ')}`);
    informe.limite(
      `Catalogue ${ruta.replace('/api/v2/', '')}: req/s vs bare node:http (${entero(s)} vs ${entero(p)}, ${cocientes.length} blocks)`,
      mediana(cocientes),
      { min: MINIMO },
      veces,
    );
  }
}

const MINIMO = 0.9;

async function medirPares(informe: Informe, rutas: string[], plan: Plan, muestras: Map<string, Muestras>, primera: boolean) {
  for (let n = 0; n < plan.pares; n++) {
    const contendientes = await iniciarContendientes(rutas);
    const fijacion = fijarNucleos([contendientes.servidor.pid, contendientes.par.pid]);
    if (primera && n === 0) console.log(`  CPU: ${fijacion.descripcion}`);
    try {
      for (const ruta of rutas) await medirRuta(contendientes, ruta, plan, muestras.get(ruta)!);
      fijacion.liberar();
      if (primera && n === 0) await medirRevalidacion(informe, contendientes, rutas);
    } finally {
      fijacion.liberar();
      await contendientes.par.cerrar();
      await contendientes.servidor.limpiar();
    }
  }
}
