// Crashes: the server is killed with SIGKILL at random moments during a submission load and
// restarted on the same data each time. Clients behave like the SPA: a request cut by the crash
// is sent again (same draft) once the server is back. Afterwards: every application that got a
// 2xx is stored and complete, no stored application is half-written, no orphan file survives
// the sweep (`npm run barrer`, with files aged past its safety hour), and SQLite's
// integrity_check and foreign_key_check are clean.
import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { correrScript } from '../bench/comun/almacenadas.js';
import type { Opciones } from '../bench/comun/ejecucion.js';
import { esperar } from '../bench/comun/estadistica.js';
import type { Informe } from '../bench/comun/informe.js';
import { iniciarServidor, puertoLibre, type Servidor } from '../servidor-hijo.js';
import { enviar, prepararSolicitud, ErrorDePaso, type Envio, type Preparada } from '../bench/comun/solicitud.js';
import { comparar, muestra } from './verificacion.js';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';

const CLIENTES = 8;
const esDeRed = (e: unknown) => !(e instanceof ErrorDePaso) || e.status >= 500 || e.status === 0;

/** Retries a step cut by a crash (network error or 5xx), like the SPA's retry, for up to 60 s. */
async function conReintentos<T>(paso: () => Promise<T>): Promise<T> {
  const limite = Date.now() + 60_000;
  for (;;) {
    try {
      return await paso();
    } catch (error) {
      if (!esDeRed(error) || Date.now() > limite) throw error;
      await esperar(100);
    }
  }
}

async function envioCompleto(url: string, i: number, contador: { cortes: number }): Promise<Envio> {
  const inicio = Date.now();
  let p: Preparada;
  try {
    p = await conReintentos(async () => {
      try {
        return await prepararSolicitud(url, i);
      } catch (e) {
        contador.cortes++;
        throw e;
      }
    });
  } catch (error) {
    return { ok: false, status: error instanceof ErrorDePaso ? error.status : 0, paso: 'subida', documentos: [], ms: Date.now() - inicio, detalle: String(error) };
  }
  try {
    const r = await conReintentos(async () => {
      let res;
      try {
        res = await enviar(p);
      } catch (e) {
        contador.cortes++;
        throw new ErrorDePaso('red', 0, String(e));
      }
      if (res.status >= 500) {
        contador.cortes++;
        throw new ErrorDePaso('crear', res.status, res.texto);
      }
      return res;
    });
    if (r.status !== 200 && r.status !== 201) {
      return { ok: false, status: r.status, paso: 'crear', documentos: p.documentos, ms: Date.now() - inicio, detalle: r.texto.slice(0, 200) };
    }
    return { ok: true, status: r.status, paso: 'crear', numero: r.json<{ numeroSolicitud: string }>().numeroSolicitud, documentos: p.documentos, ms: Date.now() - inicio };
  } catch (error) {
    return { ok: false, status: 0, paso: 'crear', documentos: p.documentos, ms: Date.now() - inicio, detalle: String(error) };
  }
}

async function archivosEn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

export async function torturaChoques(informe: Informe, opciones: Opciones): Promise<void> {
  const matanzas = opciones.corto ? 5 : 50;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'alta-choques-'));
  const puerto = await puertoLibre();
  const url = `http://127.0.0.1:${puerto}`;
  const env = { LOG_LEVEL: 'warn' };
  let servidor: Servidor = await iniciarServidor({ dataDir, puerto, env });
  const confirmadas: Envio[] = [];
  const rechazadas: Envio[] = [];
  const contador = { cortes: 0 };
  let parar = false;
  const trabajadores = Array.from({ length: CLIENTES }, async (_, w) => {
    for (let i = w; !parar; i += CLIENTES) {
      const e = await envioCompleto(url, i, contador);
      (e.ok ? confirmadas : rechazadas).push(e);
    }
  });
  try {
    for (let k = 0; k < matanzas; k++) {
      await esperar(150 + Math.random() * 1_350);
      await servidor.matar();
      servidor = await iniciarServidor({ dataDir, puerto, env });
    }
    await esperar(1_000);
    parar = true;
    await Promise.all(trabajadores);
    await servidor.detener();

    informe.dato(
      `Crashes: ${matanzas} SIGKILLs during a load of ${CLIENTES} clients`,
      `${confirmadas.length} applications confirmed; ${contador.cortes} request attempts failed while the server was down (retried)`,
    );
    informe.condicion('Crashes: applications refused (4xx) or abandoned after retries', rechazadas.length === 0, muestra(rechazadas.map((r) => `${r.paso} ${r.status} ${r.detalle ?? ''}`)), '0');
    const c = await comparar({ DATA_DIR: dataDir }, confirmadas);
    informe.condicion('Crashes: confirmed applications lost', c.perdidas.length === 0, muestra(c.perdidas), '0');
    informe.condicion('Crashes: documents differing from what was sent', c.documentosDistintos.length === 0, muestra(c.documentosDistintos), '0');
    informe.condicion('Crashes: half-stored applications (missing document, file or equipment)', c.incompletas.length === 0, muestra(c.incompletas), '0');

    // The sweep only removes files older than an hour (an upload may be committing): age them.
    const documentos = path.join(dataDir, 'documentos');
    const temporales = path.join(documentos, '.tmp');
    const antes = new Date(Date.now() - 2 * 3_600_000);
    const sueltosAntes = (await archivosEn(temporales)).length;
    for (const [dir, nombres] of [[documentos, await archivosEn(documentos)], [temporales, await archivosEn(temporales)]] as const) {
      for (const n of nombres) await utimes(path.join(dir, n), antes, antes);
    }
    const barrido = await correrScript('barrer.ts', [], { DATA_DIR: dataDir });
    if (barrido.codigo !== 0) throw new Error(`npm run barrer failed: ${barrido.error.slice(0, 300)}`);
    console.log(`  ${barrido.salida.trim()} (${sueltosAntes} staged files before)`);

    const db = new Database(path.join(dataDir, 'alta.sqlite'), { readonly: true });
    try {
      const filas = new Set((db.prepare('select archivo from documentos').all() as { archivo: string }[]).map((f) => f.archivo));
      const enDisco = (await archivosEn(documentos)).filter((n) => /^[a-f0-9]{32}$/.test(n));
      const huerfanos = enDisco.filter((n) => !filas.has(n));
      const sinArchivo = [...filas].filter((n) => !enDisco.includes(n));
      const temporalesRestantes = await archivosEn(temporales);
      informe.condicion(
        'Crashes: orphan files after `npm run barrer` (no row, or staged)',
        huerfanos.length + temporalesRestantes.length === 0,
        `${huerfanos.length} unreferenced, ${temporalesRestantes.length} staged`,
        '0',
      );
      informe.condicion('Crashes: document rows whose file is missing', sinArchivo.length === 0, muestra(sinArchivo), '0');
      const integridad = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
      const claves = (db.pragma('foreign_key_check') as unknown[]).length;
      informe.condicion('Crashes: SQLite integrity_check and foreign_key_check', integridad === 'ok' && claves === 0, `${integridad}, ${claves} foreign-key violations`, 'ok, 0');
    } finally {
      db.close();
    }
  } finally {
    parar = true;
    await Promise.allSettled(trabajadores);
    await servidor.limpiar();
    await rm(dataDir, { recursive: true, force: true });
  }
}
