// The database goes away under the real server process: every route answers 503 NO_DISPONIBLE
// (Retry-After, a Spanish message) within a bounded time instead of hanging or a 500, and the
// server recovers by itself, without a restart, when the database is back. PostgreSQL is reached
// through a loopback TCP proxy that is stopped and started (the real PostgreSQL is never
// touched); SQLite is locked by another connection past the server's busy_timeout.
// tests/server/disponibilidad.test.ts proves the same in-process; this is the deployed process.
// Was `npm run torture`'s `base-caida` (decision 052).
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { documentosRequeridos } from '../../bench/comun/archivos.js';
import { Cliente, type Respuesta } from '../../bench/comun/cliente.js';
import { esperar } from '../../bench/comun/estadistica.js';
import { enviar, prepararSolicitud } from '../../bench/comun/solicitud.js';
import { iniciarServidor, type Servidor } from '../../servidor-hijo.js';
import { baseTrasProxy } from '../../../tests/server/ayuda/base-tras-proxy.js';
import { crearEntorno, disponible } from '../../../tests/server/ayuda/bases.js';

const PLAZO_503_MS = 15_000;
const PLAZO_RECUPERACION_MS = 30_000;

/** Sends and times one request; a request that throws (no answer) is status 0. */
async function intentar(que: string, accion: () => Promise<Respuesta>) {
  const t = Date.now();
  try {
    const r = await accion();
    return { que, status: r.status, ms: Date.now() - t, cuerpo: r.texto, reintentar: r.headers.get('retry-after') };
  } catch (error) {
    return { que, status: 0, ms: Date.now() - t, cuerpo: String(error), reintentar: null };
  }
}

/** What each refused request must look like: 503 in time, Retry-After, the error body. */
function comoNoDisponible(i: Awaited<ReturnType<typeof intentar>>) {
  let cuerpo: unknown = i.cuerpo;
  try {
    cuerpo = JSON.parse(i.cuerpo);
  } catch {
    // left as text: the comparison below shows it
  }
  return { que: i.que, status: i.status, aTiempo: i.ms <= PLAZO_503_MS, reintentar: i.reintentar !== null, cuerpo };
}

const esperado = (que: string) => ({
  que,
  status: 503,
  aTiempo: true,
  reintentar: true,
  cuerpo: { error: 'NO_DISPONIBLE', message: expect.stringMatching(/no está disponible/) },
});

/** Milliseconds until a catalogue loads and a whole new application is accepted again. */
async function recupera(servidor: Servidor): Promise<number | null> {
  const inicio = Date.now();
  while (Date.now() - inicio < PLAZO_RECUPERACION_MS) {
    try {
      const p = await prepararSolicitud(servidor.url, 1);
      if ((await enviar(p)).status === 201) return Date.now() - inicio;
    } catch {
      // still down
    }
    await esperar(250);
  }
  return null;
}

const subirUno = (c: Cliente) => {
  const [d] = documentosRequeridos(512);
  return c.subir([{ nombre: d!.nombre, contenido: d!.contenido }]);
};

describe.skipIf(!disponible('postgres'))('tortura: base caída con el servidor real [postgres]', () => {
  it('cada ruta responde 503 NO_DISPONIBLE a tiempo, y el servidor se recupera solo', async () => {
    const entorno = await crearEntorno('postgres');
    const { proxy, url } = await baseTrasProxy(entorno);
    let servidor: Servidor | null = null;
    try {
      servidor = await iniciarServidor({ dataDir: entorno.config.dataDir, env: { LOG_LEVEL: 'warn', DATABASE_URL: url } });
      const lista = await prepararSolicitud(servidor.url, 0);
      await proxy.cerrar();
      const cliente = new Cliente(servidor.url);
      // /healthz first: the catalogues' cache may answer for up to a second after its last
      // version check (server/catalogos/cache.ts); any request that finds the
      // database away makes the next one check again.
      const intentos = [
        await intentar('GET /healthz', () => cliente.get('/healthz')),
        await intentar('GET localidad/getAll', () => cliente.get('/api/v2/localidad/getAll')),
        await intentar('GET comprobarDniMatricula', () => cliente.get('/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1')),
        await intentar('POST archivos/adjuntar', () => subirUno(lista.cliente)),
        await intentar('POST solicitud/crear', () => enviar(lista)),
      ];
      expect(intentos.map(comoNoDisponible)).toEqual(intentos.map((i) => esperado(i.que)));

      await proxy.abrir();
      expect(await recupera(servidor), `not back within ${PLAZO_RECUPERACION_MS} ms`).not.toBeNull();
      expect(servidor.proceso.exitCode).toBeNull();
    } finally {
      await servidor?.limpiar();
      await proxy.cerrar();
      await entorno.limpiar();
    }
  }, 120_000);
});

describe('tortura: base bloqueada con el servidor real [sqlite]', () => {
  it('las escrituras responden 503 NO_DISPONIBLE pasado busy_timeout; luego la solicitud rechazada se envía', async () => {
    const servidor = await iniciarServidor({ env: { LOG_LEVEL: 'warn' } });
    const bloqueo = new Database(path.join(servidor.dataDir, 'alta.sqlite'));
    try {
      const lista = await prepararSolicitud(servidor.url, 0);
      const otra = await prepararSolicitud(servidor.url, 1);
      bloqueo.pragma('busy_timeout = 0');
      bloqueo.exec('BEGIN EXCLUSIVE');
      let intentos;
      try {
        intentos = await Promise.all([
          intentar('POST archivos/adjuntar', () => subirUno(otra.cliente)),
          intentar('POST solicitud/crear', () => enviar(lista)),
        ]);
      } finally {
        bloqueo.exec('ROLLBACK');
      }
      expect(intentos.map(comoNoDisponible)).toEqual(intentos.map((i) => esperado(i.que)));

      expect(await recupera(servidor), `not back within ${PLAZO_RECUPERACION_MS} ms`).not.toBeNull();
      const otraVez = await enviar(lista);
      expect(otraVez.status, otraVez.texto).toBe(201);
    } finally {
      bloqueo.close();
      await servidor.limpiar();
    }
  }, 120_000);
});
