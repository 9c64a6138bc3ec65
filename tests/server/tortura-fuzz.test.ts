// Fuzzing in-process with app.inject: every route's fast-check generator
// (scripts/torture/fuzz/rutas.ts), sampled from a fixed seed, against the app built on a fresh
// SQLite DATA_DIR with the DNI check's limit raised so requests reach the handlers. Whatever was
// sent, no answer may be a 5xx, an error body other than {error, message, fields?}, or echo the
// request's personal data; the app stays healthy. An uncaught exception fails the run (Vitest).
// Was `npm run torture`'s `fuzz` (decision 052). FUZZ_SEED explores another sample and
// FUZZ_RUNS another count per route (issue 5's long form: 10000).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { claseDe, recorrer, resumenEstados, type ResultadoRuta } from '../../scripts/torture/fuzz/motor.js';
import { rutas } from '../../scripts/torture/fuzz/rutas.js';
import { abrirSesion } from '../../scripts/torture/fuzz/sesion.js';
import { crearEntorno, type Entorno } from './ayuda/bases.js';

const SEMILLA = Number(process.env.FUZZ_SEED ?? 20_261_124);
const POR_RUTA = Number(process.env.FUZZ_RUNS ?? 300);
/** app.inject keeps some memory per request in this process: a fresh app every TANDA requests. */
const TANDA = 2_000;
/** Time bound per route: generous for the fixed count, scaled when FUZZ_RUNS asks for more. */
const PLAZO_MS = Math.max(120_000, POR_RUTA * 60);

// The routes' names do not depend on the session the generators are built from.
const NOMBRES = rutas({ xsrf: '', borrador: 'b=' }, []).map((r) => r.nombre);

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

describe('tortura: fuzz con app.inject [sqlite]', () => {
  let entorno: Entorno;
  beforeAll(async () => {
    entorno = await crearEntorno('sqlite', {
      LOG_LEVEL: 'error',
      DNI_CHECK_MAX: '100000',
      WRITE_MAX_PER_HOUR: '1000000',
      DRAFTS_MAX_PER_HOUR: '1000000',
      UPLOAD_MAX_MB_PER_HOUR: '1000000',
    });
  });
  afterAll(() => entorno?.limpiar());

  /** A fresh app on the same data, with a real session (XSRF cookie, a draft with documents). */
  async function nuevaApp(indice: number, anotarError: (linea: string) => void) {
    const app = await buildApp(entorno.config, { destinoLog: { write: anotarError } });
    const { sesion, adjuntos } = await abrirSesion(async (metodo, url, cabeceras, cuerpo) => {
      const r = await app.inject({ method: metodo as 'GET', url, headers: cabeceras, ...(cuerpo ? { payload: cuerpo } : {}) });
      return { status: r.statusCode, cabeceras: r.headers, cuerpo: r.body };
    });
    return { app, ruta: rutas(sesion, adjuntos)[indice]! };
  }

  NOMBRES.forEach((nombre, indice) => {
    it(`${nombre}: ${POR_RUTA} pedidos sin 5xx, con cuerpos de error válidos y sin datos personales`, async () => {
      const r: ResultadoRuta = { enviadas: 0, noEnviables: 0, estados: new Map(), problemas: [], clases: new Map(), agotado: false };
      let ultimoError = '';
      let app: FastifyInstance | null = null;
      try {
        for (let tanda = 0; r.enviadas < POR_RUTA && tanda < 3 * Math.ceil(POR_RUTA / TANDA); tanda++) {
          await app?.close();
          const nueva = await nuevaApp(indice, (linea) => (ultimoError = linea));
          app = nueva.app;
          const actual = nueva.app;
          const parcial = await recorrer(
            nueva.ruta,
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
            Math.min(TANDA, POR_RUTA - r.enviadas),
            SEMILLA + indice * 100_000 + tanda * 1_000,
            PLAZO_MS,
          );
          r.enviadas += parcial.enviadas;
          for (const [s, n] of parcial.estados) r.estados.set(s, (r.estados.get(s) ?? 0) + n);
          r.problemas.push(...parcial.problemas);
        }
        const ejemplos = [...new Set(r.problemas.map(claseDe))].map((c) => r.problemas.find((p) => claseDe(p) === c)!);
        expect(ejemplos, `seed ${SEMILLA}; ${resumenEstados(r.estados)}`).toEqual([]);
        expect(r.enviadas).toBeGreaterThanOrEqual(POR_RUTA);
        expect((await app!.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await app?.close();
      }
    }, PLAZO_MS + 60_000);
  });
});
