// Uploading the nine documents at 10 MiB each in one multipart request, streamed from disk:
// the server's peak memory growth (VmHWM, reset through /proc/<pid>/clear_refs just before, and
// VmRSS sampled every 10 ms as a cross-check) and the upload's throughput against a plain copy of
// the same bytes on the same disk (read, write, fsync — the server fsyncs too), alternated.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { DOCUMENTO_KEYS, TAMANIO_MAXIMO_ARCHIVO } from '../../domain/index.js';
import { contenido } from './comun/archivos.js';
import { Cliente } from './comun/cliente.js';
import type { Opciones } from './comun/ejecucion.js';
import { mediana } from './comun/estadistica.js';
import { MiB, veces, type Informe } from './comun/informe.js';
import { iniciarServidor, type Servidor } from '../servidor-hijo.js';

/** VmRSS and VmHWM (peak) of a process, in bytes, from /proc. */
async function memoria(pid: number): Promise<{ rss: number; pico: number }> {
  const estado = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (campo: string) => Number(new RegExp(`^${campo}:\\s+(\\d+) kB`, 'm').exec(estado)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), pico: kb('VmHWM') };
}

export interface Archivo {
  clave: string;
  ruta: string;
  bytes: number;
}

export async function generar(dir: string, bytes: number): Promise<Archivo[]> {
  const archivos: Archivo[] = [];
  for (const clave of DOCUMENTO_KEYS) {
    const ruta = path.join(dir, `${clave}.pdf`);
    await writeFile(ruta, contenido(1, bytes).contenido); // PDF header + random bytes
    archivos.push({ clave, ruta, bytes });
  }
  return archivos;
}

/** Streams the multipart body from the files on disk; resolves with the status and answer. */
export function subirEnStreaming(servidor: Pick<Servidor, 'url'>, cliente: Cliente, archivos: Archivo[]): Promise<{ status: number; texto: string }> {
  const limite = '----calidadSubida9x10';
  const cabecera = (a: Archivo) =>
    Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="file"; filename="${a.clave}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const cierre = Buffer.from(`--${limite}--\r\n`);
  const largo = archivos.reduce((s, a) => s + cabecera(a).length + a.bytes + 2, 0) + cierre.length;
  const cookie = [...cliente.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = request(`${servidor.url}/api/v2/archivos/adjuntar`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${limite}`,
        'content-length': largo,
        cookie,
        'x-xsrf-token': cliente.cookies.get('XSRF-TOKEN') ?? '',
      },
    });
    req.on('response', (res) => {
      for (const linea of res.headers['set-cookie'] ?? []) {
        const [par] = linea.split(';');
        const i = par!.indexOf('=');
        cliente.cookies.set(par!.slice(0, i), par!.slice(i + 1));
      }
      const trozos: Buffer[] = [];
      res.on('data', (b: Buffer) => trozos.push(b));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, texto: Buffer.concat(trozos).toString() }));
    });
    req.on('error', reject);
    (async () => {
      for (const a of archivos) {
        req.write(cabecera(a));
        for await (const trozo of createReadStream(a.ruta) as AsyncIterable<Buffer>) {
          if (!req.write(trozo)) await once(req, 'drain');
        }
        req.write('\r\n');
      }
      req.end(cierre);
    })().catch(reject);
  });
}

export async function copiaPlana(archivos: Archivo[], destino: string): Promise<number> {
  const inicio = performance.now();
  for (const a of archivos) {
    const salida = path.join(destino, path.basename(a.ruta));
    await pipeline(createReadStream(a.ruta), createWriteStream(salida));
    const fh = await open(salida, 'r+');
    await fh.sync();
    await fh.close();
  }
  const ms = performance.now() - inicio;
  for (const a of archivos) await rm(path.join(destino, path.basename(a.ruta)), { force: true });
  return ms;
}

export async function medirSubida(informe: Informe, opciones: Opciones): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'alta-subida-'));
  const copias = path.join(dir, 'copias');
  const previos = path.join(dir, 'previos');
  await mkdir(copias);
  await mkdir(previos);
  // Every round re-uploads the nine documents to one draft, which the per-draft quota (200 MiB,
  // replacements included) would refuse from the third round on: it is tested on its own
  // (tests/server/cuotas.test.ts); here the pipeline's speed is measured.
  const servidor = await iniciarServidor({ capturarSalida: false, env: { DRAFT_MAX_MB: '100000' } });
  try {
    const archivos = await generar(dir, TAMANIO_MAXIMO_ARCHIVO);
    const total = archivos.reduce((s, a) => s + a.bytes, 0);
    const cliente = new Cliente(servidor.url);
    await cliente.get('/api/v2/localidad/getAll');
    // Warm-up: one small upload (loads the multipart and file-type code paths).
    const pequenos = await generar(previos, 4096);
    const previa = await subirEnStreaming(servidor, cliente, pequenos);
    if (previa.status !== 200) throw new Error(`warm-up upload answered ${previa.status}: ${previa.texto.slice(0, 200)}`);

    const base = await memoria(servidor.pid);
    let muestreoMax = base.rss;
    const muestreo = setInterval(() => {
      memoria(servidor.pid).then((m) => (muestreoMax = Math.max(muestreoMax, m.rss)), () => {});
    }, 10);
    const reinicioHwm = await writeFile(`/proc/${servidor.pid}/clear_refs`, '5').then(
      () => true,
      () => false,
    );
    // Alternated pairs; the short form keeps 4 because one pair swings with a shared disk's load.
    const repeticiones = opciones.corto ? 4 : 5;
    const tiemposSubida: number[] = [];
    const tiemposCopia: number[] = [];
    try {
      for (let i = 0; i < repeticiones; i++) {
        tiemposCopia.push(await copiaPlana(archivos, copias));
        const t = performance.now();
        const r = await subirEnStreaming(servidor, cliente, archivos);
        tiemposSubida.push(performance.now() - t);
        if (r.status !== 200) throw new Error(`upload of 9 × 10 MiB answered ${r.status}: ${r.texto.slice(0, 300)}`);
      }
    } finally {
      clearInterval(muestreo);
    }
    const despues = await memoria(servidor.pid);
    const pico = reinicioHwm ? Math.max(despues.pico, muestreoMax) : muestreoMax;
    const crecimiento = pico - base.rss;
    console.log(`  baseline RSS ${MiB(base.rss)}, peak ${MiB(pico)} (VmHWM ${reinicioHwm ? 'reset' : 'not resettable'}, sampled max ${MiB(muestreoMax)})`);
    informe.limite(`Upload 9 × 10 MiB: server peak memory growth (${repeticiones} uploads)`, crecimiento, { max: 64 * 1024 * 1024 }, MiB);
    const subida = mediana(tiemposSubida);
    const copia = mediana(tiemposCopia);
    const mibs = (ms: number) => `${(total / 1024 / 1024 / (ms / 1000)).toFixed(0)} MiB/s`;
    console.log(`  upload ${mibs(subida)} (median ${subida.toFixed(0)} ms), plain copy ${mibs(copia)} (median ${copia.toFixed(0)} ms)`);
    informe.limite(`Upload 9 × 10 MiB: throughput vs plain copy on the same disk (${mibs(subida)} vs ${mibs(copia)})`, copia / subida, { min: 0.5 }, veces);
  } finally {
    await servidor.limpiar();
    await rm(dir, { recursive: true, force: true });
  }
}
