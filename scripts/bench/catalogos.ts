// Catalogue routes: requests per second of the real server against a bare node:http server
// answering the same JSON from memory — the same answer: body and headers (security headers,
// ETag, Cache-Control), so the ratio compares the servers, not header sets — measured with autocannon on 127.0.0.1 in the same run,
// alternating peer and server (P S S P …) so drift in machine load hits both. The server runs as
// deployed: default LOG_LEVEL (info), output discarded. Then repeated loads with If-None-Match
// must be answered 304 with no body.
import { spawn } from 'node:child_process';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Opciones } from './comun/ejecucion.js';
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

export async function medirCatalogos(informe: Informe, opciones: Opciones): Promise<void> {
  const rutas = opciones.corto ? RUTAS_CORTO : RUTAS_LARGO;
  const segundos = opciones.corto ? 2 : 5;
  // Alternating rounds, median kept: one 2 s round swings with the machine's load.
  const pares = 3;
  const servidor = await iniciarServidor({ capturarSalida: false, env: { LOG_LEVEL: 'info' } });
  let par: Awaited<ReturnType<typeof iniciarPar>> | null = null;
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
    par = await iniciarPar(cuerpos);
    for (const ruta of rutas) {
      await rps(servidor.url + ruta, 1); // warm-up: JIT, connection pools
      await rps(par.url + ruta, 1);
      const delServidor: number[] = [];
      const delPar: number[] = [];
      for (let i = 0; i < pares; i++) {
        delPar.push(await rps(par.url + ruta, segundos));
        delServidor.push(await rps(servidor.url + ruta, segundos));
        delServidor.push(await rps(servidor.url + ruta, segundos));
        delPar.push(await rps(par.url + ruta, segundos));
      }
      const s = mediana(delServidor);
      const p = mediana(delPar);
      console.log(`  ${ruta}: server ${entero(s)} req/s, bare node:http ${entero(p)} req/s`);
      informe.limite(`Catalogue ${ruta.replace('/api/v2/', '')}: req/s vs bare node:http (${entero(s)} vs ${entero(p)})`, s / p, { min: 0.9 }, veces);
    }

    // Repeated loads: the browser revalidates with the ETag it has.
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
  } finally {
    await par?.cerrar();
    await servidor.limpiar();
  }
}
