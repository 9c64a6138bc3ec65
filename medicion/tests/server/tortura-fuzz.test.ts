// Fuzzing in-process with app.inject: every route's fast-check generator
// (medicion/torture/fuzz/rutas.ts, the back-office's in gestion.ts), sampled from a fixed seed,
// against the app built on a fresh DATA_DIR, on SQLite and on PostgreSQL, with the DNI check's
// limit raised so requests reach the handlers. The back-office routes are fuzzed from real staff
// sessions (an administrador and a revisor, made with altaPersonal and signed in through
// POST /api/gestion/sesion) and real applications. Whatever was sent, no answer may be a 5xx, an
// error body other than {error, message, fields?} in Spanish, or echo the request's personal
// data; back-office answers are never cached, refuse a stranger with 401 and a forged request
// with 403, and serve CSV and documents safely (comprobaciones.ts). The app stays healthy. An
// uncaught exception fails the run (Vitest).
// Was `npm run torture`'s `fuzz` (decision 052). FUZZ_SEED explores another sample and
// FUZZ_RUNS another count per route (the long form: 10000).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { altaPersonal } from '../../../server/personal/cuentas.js';
import { COLUMNAS_CSV } from '../../../server/gestion/filas-csv.js';
import { juzgar, juzgarGestion, type Respuesta } from '../../torture/fuzz/comprobaciones.js';
import { claseDe, recorrer, resumenEstados, type ResultadoRuta } from '../../torture/fuzz/motor.js';
import type { EsperaGestion, Peticion } from '../../torture/fuzz/peticion.js';
import { rutas } from '../../torture/fuzz/rutas.js';
import { abrirSesion, type EnviarCrudo } from '../../torture/fuzz/sesion.js';
import { COOKIE_SESION, cuentasDelFuzz, prepararGestion, type SesionGestion } from '../../torture/fuzz/sesion-gestion.js';
import { crearEntorno, MOTORES, type Entorno } from '../../../tests/server/ayuda/bases.js';

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

// The checks themselves, on answers made up to break each one: a check that cannot fail proves nothing.
describe('tortura: las comprobaciones del fuzz de gestión rechazan lo que deben', () => {
  const espera = (e: Partial<EsperaGestion> = {}): EsperaGestion => ({
    sesion: 'valida', xsrf: true, ruta: true, cuerpo: 'json', secretos: ['token-secreto-de-la-sesion'], ecoEnErrores: [], ...e,
  });
  const pedido = (metodo: string, url: string, e: Partial<EsperaGestion> = {}): Peticion => ({ metodo, url, cabeceras: {}, personales: [], gestion: espera(e) });
  const json = (status: number, cuerpo: unknown, cabeceras: Record<string, string> = {}): Respuesta => ({
    status, tipo: 'application/json; charset=utf-8', cuerpo: JSON.stringify(cuerpo), cabeceras: { 'cache-control': 'no-store', ...cabeceras },
  });
  const sinSesion = { error: 'SIN_SESION', message: 'Tu sesión terminó. Ingresá de nuevo.' };
  const csv = (texto: string, cabeceras: Record<string, string> = {}): Respuesta => ({
    status: 200, tipo: 'text/csv; charset=utf-8', cuerpo: texto,
    cabeceras: { 'cache-control': 'no-store', 'content-disposition': 'attachment; filename="s.csv"', 'x-content-type-options': 'nosniff', ...cabeceras },
  });
  const ENCABEZADO = `${COLUMNAS_CSV.join(';')}\r\n`;
  /** A record of the export: these cells first, the rest of the columns empty. */
  const registro = (...celdas: string[]) =>
    `${[...celdas, ...Array<string>(COLUMNAS_CSV.length - celdas.length).fill('')].join(';')}\r\n`;
  const clase = (p: Peticion, r: Respuesta) => juzgar(r.status, r.tipo, r.cuerpo, p.personales, p.metodo) ?? juzgarGestion(p, r);

  it('acepta respuestas correctas', () => {
    expect(clase(pedido('GET', '/api/gestion/solicitudes'), json(200, { filas: [] }))).toBeNull();
    expect(clase(pedido('GET', '/api/gestion/solicitudes', { sesion: 'ninguna' }), json(401, sinSesion))).toBeNull();
    expect(clase(pedido('GET', '/api/gestion/exportacion.csv', { cuerpo: 'csv' }), csv(`\ufeff${ENCABEZADO}${registro('AMR-1', 'x', "'=1+1", '1', '2', 'Recibida', 'a@b.c', '3')}`))).toBeNull();
  });

  it.each([
    ['sin no-store', pedido('GET', '/api/gestion/solicitudes'), { ...json(200, {}), cabeceras: {} }, 'no-store'],
    ['200 sin sesión', pedido('GET', '/api/gestion/solicitudes', { sesion: 'ninguna' }), json(200, { filas: [] }), 'sesion'],
    ['validación antes de la sesión', pedido('POST', '/api/gestion/solicitudes/AMR-1/notas', { sesion: 'ninguna' }), json(400, { error: 'VALIDACION', message: 'Hay datos inválidos.', fields: { texto: 'Valor inválido.' } }), 'sesion'],
    ['un rol sin permiso que exporta', pedido('GET', '/api/gestion/exportacion.csv', { sesion: 'sin-permiso', cuerpo: 'csv' }), csv(`\ufeff${ENCABEZADO}`), 'sesion'],
    ['la sesión viva rechazada', pedido('GET', '/api/gestion/solicitudes'), json(401, sinSesion), 'sesion'],
    ['un POST sin antifalsificación aceptado', pedido('POST', '/api/gestion/solicitudes/AMR-1/notas', { xsrf: false }), json(201, {}), 'xsrf'],
    ['un token en la respuesta', pedido('GET', '/api/gestion/personal'), json(200, { t: 'token-secreto-de-la-sesion' }), 'fuga'],
    ['un hash de contraseña', pedido('GET', '/api/gestion/personal'), json(200, { h: '$argon2id$v=19$m=19456' }), 'fuga'],
    ['un mensaje en inglés', pedido('GET', '/api/gestion/solicitudes'), json(400, { error: 'VALIDACION', message: "querystring must have required property 'q'" }), 'idioma'],
    ['SQL en el error', pedido('GET', '/api/gestion/solicitudes'), json(400, { error: 'VALIDACION', message: 'Error: la consulta select * from solicitudes where x falló' }), 'internos'],
    ['un marco de la pila', pedido('GET', '/api/gestion/solicitudes'), json(400, { error: 'VALIDACION', message: 'Falló en at paginaBandeja (/work/server/servicios/bandeja.ts:85:17)' }), 'internos'],
    ['el eco de la búsqueda', pedido('GET', '/api/gestion/solicitudes', { ecoEnErrores: ['30111222'] }), json(400, { error: 'VALIDACION', message: 'No se encontró 30111222.' }), 'eco'],
    ['un CSV sin BOM', pedido('GET', '/api/gestion/exportacion.csv', { cuerpo: 'csv' }), csv(ENCABEZADO), 'csv'],
    ['una celda que es fórmula', pedido('GET', '/api/gestion/exportacion.csv', { cuerpo: 'csv' }), csv(`\ufeff${ENCABEZADO}${registro('AMR-1', 'x', '=1+1', '1', '2', 'Recibida', 'a@b.c', '3')}`), 'csv'],
    ['una celda con @', pedido('GET', '/api/gestion/exportacion.csv', { cuerpo: 'csv' }), csv(`\ufeff${ENCABEZADO}${registro('AMR-1', 'x', '"@SUM(A1)"', '1', '2', 'Recibida', 'a@b.c', '3')}`), 'csv'],
    ['un CSV sin nosniff', pedido('GET', '/api/gestion/exportacion.csv', { cuerpo: 'csv' }), csv(`\ufeff${ENCABEZADO}`, { 'x-content-type-options': '' }), 'csv'],
    ['un documento sin nosniff', pedido('GET', '/api/gestion/solicitudes/AMR-1/documentos/DniAnverso/descargar', { cuerpo: 'descargar' }), { status: 200, tipo: 'application/pdf', cuerpo: '%PDF', cabeceras: { 'cache-control': 'no-store', 'content-disposition': 'attachment; filename="a.pdf"' } }, 'documento'],
    ['ver sin sandbox', pedido('GET', '/api/gestion/solicitudes/AMR-1/documentos/DniAnverso/ver', { cuerpo: 'ver' }), { status: 200, tipo: 'application/pdf', cuerpo: '%PDF', cabeceras: { 'cache-control': 'no-store', 'content-disposition': 'inline; filename="a.pdf"', 'x-content-type-options': 'nosniff' } }, 'documento'],
    ['un documento como HTML', pedido('GET', '/api/gestion/solicitudes/AMR-1/documentos/DniAnverso/ver', { cuerpo: 'ver' }), { status: 200, tipo: 'text/html', cuerpo: '<p>', cabeceras: { 'cache-control': 'no-store', 'content-disposition': 'inline', 'x-content-type-options': 'nosniff', 'content-security-policy': 'sandbox' } }, 'documento'],
  ] as const)('rechaza %s', (_nombre, p, r, esperada) => {
    const problema = clase(p, r);
    expect(problema && claseDe(problema)).toBe(esperada);
  });
});

/** A sender for the session helpers, over app.inject. */
const porInject =
  (app: FastifyInstance): EnviarCrudo =>
  async (metodo, url, cabeceras, cuerpo) => {
    const r = await app.inject({ method: metodo as 'GET', url, headers: cabeceras, ...(cuerpo ? { payload: cuerpo } : {}) });
    return { status: r.statusCode, cabeceras: r.headers, cuerpo: r.body };
  };

for (const { motor, disponible } of MOTORES) {
  (disponible ? describe : describe.skip)(`tortura: fuzz con app.inject [${motor}]`, () => {
    let entorno: Entorno;
    let gestion: SesionGestion;
    beforeAll(async () => {
      entorno = await crearEntorno(motor, {
        LOG_LEVEL: 'error',
        DNI_CHECK_MAX: '100000',
        WRITE_MAX_PER_HOUR: '1000000',
        DRAFTS_MAX_PER_HOUR: '1000000',
        UPLOAD_MAX_MB_PER_HOUR: '1000000',
      });
      // The staff accounts, their sessions and the applications, once: they live in the data.
      const app = await buildApp(entorno.config);
      try {
        for (const c of cuentasDelFuzz()) await altaPersonal(app.db, c);
        gestion = await prepararGestion(porInject(app));
      } finally {
        await app.close();
      }
    }, 60_000);
    afterAll(() => entorno?.limpiar());

    /** A fresh app on the same data, with a real session (XSRF cookie, a draft with documents). */
    async function nuevaApp(indice: number, anotarError: (linea: string) => void) {
      const app = await buildApp(entorno.config, { destinoLog: { write: anotarError } });
      const { sesion, adjuntos } = await abrirSesion(porInject(app));
      return { app, ruta: rutas(sesion, adjuntos, gestion)[indice]! };
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
                  const res = await actual.inject({
                    method: p.metodo as 'GET',
                    url: p.url,
                    headers: p.cabeceras,
                    ...(p.cuerpo ? { payload: p.cuerpo } : {}),
                    ...(p.remitente ? { remoteAddress: p.remitente } : {}),
                  });
                  const tipo = res.headers['content-type'];
                  const causa = res.statusCode >= 500 ? ` [log: ${causaDe(ultimoError)}]` : '';
                  return { status: res.statusCode, tipo: typeof tipo === 'string' ? tipo : undefined, cuerpo: res.body + causa, cabeceras: res.headers };
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

    it('las sesiones del personal desde las que se hizo el fuzz siguen vivas', async () => {
      const app = await buildApp(entorno.config);
      try {
        for (const token of [gestion.administrador.token, gestion.revisor.token]) {
          const r = await app.inject({ method: 'GET', url: '/api/gestion/sesion', headers: { cookie: `${COOKIE_SESION}=${token}` } });
          expect(r.statusCode, r.body).toBe(200);
        }
      } finally {
        await app.close();
      }
    });
  });
}
