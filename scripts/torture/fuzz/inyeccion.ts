// Fuzzing in-process with app.inject (fast, no sockets): the app built from a test configuration
// on a fresh DATA_DIR, the DNI check's limit raised so the generator reaches the handler. Any
// uncaught exception or unhandled rejection in the process during the run is a failure.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import type { Opciones } from '../../bench/comun/ejecucion.js';
import type { Informe } from '../../bench/comun/informe.js';
import type { FastifyInstance } from 'fastify';
import { claseDe, recorrer, resumenClases, resumenEstados, type ResultadoRuta } from './motor.js';
import { rutas } from './rutas.js';
import { abrirSesion } from './sesion.js';

const TANDA = 2_000;

function sumar(total: ResultadoRuta, parcial: ResultadoRuta): void {
  total.enviadas += parcial.enviadas;
  total.noEnviables += parcial.noEnviables;
  total.agotado ||= parcial.agotado;
  for (const [s, n] of parcial.estados) total.estados.set(s, (total.estados.get(s) ?? 0) + n);
  for (const [c, n] of parcial.clases) total.clases.set(c, (total.clases.get(c) ?? 0) + n);
  total.problemas.push(...parcial.problemas.slice(0, Math.max(0, 60 - total.problemas.length)));
}

/** The error type, message and first frame of our code from a pino error line. */
function causaDe(linea: string): string {
  try {
    const err = (JSON.parse(linea) as { err?: { type?: string; message?: string; stack?: string } }).err;
    const marco = err?.stack?.split('\n').find((l) => l.includes('/server/'))?.trim() ?? '';
    return `${err?.type ?? '?'}: ${err?.message ?? '?'} ${marco}`.slice(0, 300);
  } catch {
    return linea.slice(0, 200);
  }
}

export async function fuzzInyeccion(informe: Informe, opciones: Opciones): Promise<void> {
  const objetivo = opciones.corto ? 300 : 10_000;
  const plazoMs = opciones.corto ? 60_000 : 600_000;
  const semilla = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_000);
  console.log(`  seed ${semilla} (FUZZ_SEED=${semilla} replays this run)`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'alta-fuzz-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'error', DNI_CHECK_MAX: '100000', WRITE_MAX_PER_HOUR: '1000000' },
    dataDir,
  );
  // The app's own error log, kept to explain each 5xx in the report.
  let ultimoError = '';
  const caidas: string[] = [];
  const anotar = (e: unknown) => caidas.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
  process.on('uncaughtException', anotar);
  process.on('unhandledRejection', anotar);
  let app: FastifyInstance | null = null;
  /** A fresh app (and session) on the same data: app.inject retains memory per request in
   * this process (measured ~10–150 KB each; the real server over HTTP does not grow), so long
   * runs rebuild the app every TANDA requests. */
  const nuevaApp = async () => {
    await app?.close();
    const nueva = await buildApp(config, { destinoLog: { write: (linea) => (ultimoError = linea) } });
    app = nueva;
    const { sesion, adjuntos } = await abrirSesion(async (metodo, url, cabeceras, cuerpo) => {
      const r = await nueva.inject({ method: metodo as 'GET', url, headers: cabeceras, ...(cuerpo ? { payload: cuerpo } : {}) });
      return { status: r.statusCode, cabeceras: r.headers, cuerpo: r.body };
    });
    return { app: nueva, rutas: rutas(sesion, adjuntos) };
  };
  try {
    const cuantas = (await nuevaApp()).rutas.length;
    for (let i = 0; i < cuantas; i++) {
      const r: ResultadoRuta = { enviadas: 0, noEnviables: 0, estados: new Map(), problemas: [], clases: new Map(), agotado: false };
      const limite = Date.now() + plazoMs;
      let nombre = '';
      for (let tanda = 0; r.enviadas < objetivo && !r.agotado && tanda < 3 * Math.ceil(objetivo / TANDA); tanda++) {
        const { app: actual, rutas: lista } = await nuevaApp();
        const ruta = lista[i]!;
        nombre = ruta.nombre;
        const parcial = await recorrer(
          ruta,
          async (p) => {
            try {
              const res = await actual.inject({ method: p.metodo as 'GET', url: p.url, headers: p.cabeceras, ...(p.cuerpo ? { payload: p.cuerpo } : {}) });
              const tipo = res.headers['content-type'];
              const causa = res.statusCode >= 500 ? ` [log: ${causaDe(ultimoError)}]` : '';
              return { status: res.statusCode, tipo: typeof tipo === 'string' ? tipo : undefined, cuerpo: res.body + causa };
            } catch {
              return null; // light-my-request refused to build it (e.g. an invalid header value)
            }
          },
          Math.min(TANDA, objetivo - r.enviadas),
          semilla + i * 100_000 + tanda * 1_000,
          Math.max(0, limite - Date.now()),
        );
        sumar(r, parcial);
      }
      console.log(`  ${nombre}: ${resumenEstados(r.estados)}${r.noEnviables ? ` (${r.noEnviables} not sendable)` : ''}`);
      const ejemplos = [...new Set(r.problemas.map(claseDe))].map((c) => r.problemas.find((p) => claseDe(p) === c)!);
      for (const p of ejemplos) console.log(`    ${p.slice(0, 600)}`);
      const total = [...r.clases.values()].reduce((a, b) => a + b, 0);
      informe.condicion(
        `Fuzz (app.inject) ${nombre}: 5xx / bad error body / personal data echoed`,
        total === 0 && r.enviadas >= objetivo,
        `${total} of ${r.enviadas} (${resumenClases(r.clases)})${r.enviadas < objetivo ? ` — only ${r.enviadas} sent${r.agotado ? ', time limit' : ''}` : ''}${ejemplos[0] ? ` — e.g. ${ejemplos[0].slice(0, 160)}` : ''}`,
        `0 of ≥ ${objetivo}`,
      );
    }
    const salud = await (app as FastifyInstance | null)!.inject({ method: 'GET', url: '/healthz' });
    informe.condicion('Fuzz (app.inject): no uncaught exception, app still healthy', caidas.length === 0 && salud.statusCode === 200, `${caidas.length} uncaught${caidas[0] ? ` (${caidas[0]})` : ''}, /healthz ${salud.statusCode}`, '0, 200');
  } finally {
    process.off('uncaughtException', anotar);
    process.off('unhandledRejection', anotar);
    await (app as FastifyInstance | null)?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
