// The database goes away: the API must answer 503 with its error body (NO_DISPONIBLE and a clear
// Spanish message) within a bounded time, and recover by itself when the database returns.
// PostgreSQL: the server reaches a fresh database through a TCP proxy that is stopped and
// started. SQLite: another connection holds an exclusive lock longer than the busy timeout.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Opciones } from '../bench/comun/ejecucion.js';
import { esperar } from '../bench/comun/estadistica.js';
import type { Informe } from '../bench/comun/informe.js';
import { basePgNueva, URL_ADMIN_PG } from '../bench/comun/postgres.js';
import { iniciarServidor, type Servidor } from '../servidor-hijo.js';
import { Cliente } from '../bench/comun/cliente.js';
import { cuerpoSolicitud, prepararSolicitud, enviar, type Preparada } from '../bench/comun/solicitud.js';
import { documentosRequeridos } from '../bench/comun/archivos.js';
import { esCuerpoDeError } from './fuzz/comprobaciones.js';
import { ProxyTcp } from './proxy-tcp.js';

interface Intento {
  que: string;
  status: number;
  ms: number;
  cuerpo: string;
}

const PLAZO_503_MS = 15_000;

async function intentar(que: string, accion: () => Promise<{ status: number; texto: string }>): Promise<Intento> {
  const t = Date.now();
  try {
    const r = await accion();
    return { que, status: r.status, ms: Date.now() - t, cuerpo: r.texto };
  } catch (error) {
    return { que, status: 0, ms: Date.now() - t, cuerpo: error instanceof Error ? error.message : String(error) };
  }
}

const es503 = (i: Intento) => {
  if (i.status !== 503 || i.ms > PLAZO_503_MS || !esCuerpoDeError(i.cuerpo)) return false;
  const c = JSON.parse(i.cuerpo) as { error: string; message: string };
  return c.error === 'NO_DISPONIBLE' && c.message.length > 10;
};

const resumen = (intentos: Intento[]) => intentos.map((i) => `${i.que} ${i.status || 'no answer'} in ${i.ms} ms`).join('; ');

async function recupera(servidor: Servidor, plazoMs: number): Promise<number | null> {
  const inicio = Date.now();
  while (Date.now() - inicio < plazoMs) {
    try {
      const r = await fetch(`${servidor.url}/api/v2/localidad/getAll`, { signal: AbortSignal.timeout(5_000) });
      if (r.status === 200) {
        const p = await prepararSolicitud(servidor.url, 1);
        const c = await enviar(p);
        if (c.status === 201) return Date.now() - inicio;
      }
    } catch {
      // still down
    }
    await esperar(250);
  }
  return null;
}

async function conPostgres(informe: Informe): Promise<void> {
  const base = await basePgNueva('alta_caida');
  const destino = new URL(URL_ADMIN_PG);
  const proxy = new ProxyTcp({ host: destino.hostname, port: Number(destino.port || 5432) });
  await proxy.abrir();
  const url = new URL(base.url);
  url.host = `127.0.0.1:${proxy.puerto}`;
  const servidor = await iniciarServidor({ env: { LOG_LEVEL: 'warn', DATABASE_URL: url.toString() } });
  try {
    const lista: Preparada = await prepararSolicitud(servidor.url, 0);
    await proxy.cerrar();
    const cliente = new Cliente(servidor.url);
    await cliente.get('/healthz');
    const intentos = [
      await intentar('GET localidad/getAll', () => cliente.get('/api/v2/localidad/getAll')),
      await intentar('GET comprobarDniMatricula', () => cliente.get('/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1')),
      await intentar('POST archivos/adjuntar', () => lista.cliente.subir(documentosRequeridos(512).map((d) => ({ nombre: d.nombre, contenido: d.contenido })))),
      await intentar('POST solicitud/crear', () => enviar(lista)),
      await intentar('GET /healthz', () => cliente.get('/healthz')),
    ];
    informe.condicion(
      'Database down (PostgreSQL, proxy stopped): every route answers 503 NO_DISPONIBLE within 15 s',
      intentos.every(es503),
      resumen(intentos),
      'all 503',
    );
    await proxy.abrir();
    const ms = await recupera(servidor, 30_000);
    informe.condicion(
      'Database back (PostgreSQL): recovers by itself, a complete application succeeds',
      ms !== null,
      ms === null ? 'not within 30 s' : `after ${ms} ms`,
      '≤ 30 s, no restart',
    );
  } finally {
    await servidor.limpiar();
    await proxy.cerrar();
    await base.borrar();
  }
}

async function conSqlite(informe: Informe): Promise<void> {
  const servidor = await iniciarServidor({ env: { LOG_LEVEL: 'warn' } });
  const bloqueo = new Database(path.join(servidor.dataDir, 'alta.sqlite'));
  try {
    const lista = await prepararSolicitud(servidor.url, 0);
    const otra = await prepararSolicitud(servidor.url, 1);
    bloqueo.pragma('busy_timeout = 0');
    bloqueo.exec('BEGIN EXCLUSIVE');
    const intentos = await Promise.all([
      intentar('POST archivos/adjuntar', () => otra.cliente.subir(documentosRequeridos(512).map((d) => ({ nombre: d.nombre, contenido: d.contenido })))),
      intentar('POST solicitud/crear', () => enviar(lista)),
    ]);
    bloqueo.exec('ROLLBACK');
    informe.condicion(
      'Database locked (SQLite, exclusive lock held past busy_timeout): writes answer 503 NO_DISPONIBLE',
      intentos.every(es503),
      resumen(intentos),
      'all 503',
    );
    const ms = await recupera(servidor, 30_000);
    const repetida = await enviar({ ...lista, cuerpo: cuerpoSolicitud(lista.cuerpo.adjuntos, 0) });
    informe.condicion(
      'Database back (SQLite): recovers by itself, the refused application can be sent again',
      ms !== null && (repetida.status === 201 || repetida.status === 200),
      ms === null ? 'not within 30 s' : `after ${ms} ms; the refused one then ${repetida.status}`,
      '201',
    );
  } finally {
    bloqueo.close();
    await servidor.limpiar();
  }
}

export async function torturaBaseCaida(informe: Informe, _opciones: Opciones): Promise<void> {
  await conPostgres(informe);
  await conSqlite(informe);
}
