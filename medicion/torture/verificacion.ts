// Comparing what clients were told with what the server stored: every application that got a
// 2xx must be listed by `npm run solicitudes` with each document's SHA-256 equal to what was
// sent — both the recorded hash and the hash of the stored bytes, read through the document store
// the server uses (DOCUMENT_STORE: disk, PostgreSQL or S3).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { leerAlmacenadas, type Almacenada } from '../bench/comun/almacenadas.js';
import { loadConfig } from '../../server/config/index.js';
import { CLAVE_AUDITORIA_DE_PRUEBA } from '../servidor-hijo.js';
import { abrirBase } from '../../server/db/conexion.js';
import type { DocumentStore } from '../../server/storage/almacen.js';
import { crearAlmacen } from '../../server/storage/eleccion.js';
import type { Envio } from '../bench/comun/solicitud.js';
import { DOCUMENTOS_REQUERIDOS } from '../../domain/index.js';

export interface Comparacion {
  almacenadas: Almacenada[];
  perdidas: string[];
  documentosDistintos: string[];
  /** Stored applications missing a required document, a file, or whose file differs from its hash. */
  incompletas: string[];
}

const clave = (nombre: string) => nombre.split('.')[0] ?? '';

/** The SHA-256 of a stored document as the store gives it back; null when it cannot be read. */
async function sha256Guardado(almacen: DocumentStore, archivo: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    for await (const trozo of almacen.abrir(archivo) as AsyncIterable<Buffer>) hash.update(trozo);
  } catch {
    return null;
  }
  return hash.digest('hex');
}

export async function comparar(env: Record<string, string>, confirmadas: Envio[]): Promise<Comparacion> {
  const almacenadas = await leerAlmacenadas(env);
  const porNumero = new Map(almacenadas.map((a) => [a.numeroSolicitud, a]));
  const perdidas: string[] = [];
  const documentosDistintos: string[] = [];
  for (const envio of confirmadas) {
    const guardada = porNumero.get(envio.numero!);
    if (!guardada) {
      perdidas.push(envio.numero!);
      continue;
    }
    for (const d of envio.documentos) {
      const adjunto = guardada.adjuntos.find((a) => clave(a.nombre) === d.clave);
      if (!adjunto || adjunto.sha256 !== d.sha256) documentosDistintos.push(`${envio.numero} ${d.clave}`);
    }
  }
  const incompletas: string[] = [];
  // The servers of these runs sign their audit log with this key; the configuration needs one.
  const config = loadConfig({ AUDITORIA_CLAVE: CLAVE_AUDITORIA_DE_PRUEBA, ...env });
  const { db } = abrirBase(config, { soloLectura: true });
  const almacen = crearAlmacen(config, db);
  try {
    await revisarGuardadas(almacen, almacenadas, incompletas);
  } finally {
    await almacen.cerrar?.();
    await db.destroy();
  }
  return { almacenadas, perdidas, documentosDistintos, incompletas };
}

async function revisarGuardadas(almacen: DocumentStore, almacenadas: Almacenada[], incompletas: string[]) {
  for (const a of almacenadas) {
    const claves = new Set(a.adjuntos.map((x) => clave(x.nombre)));
    if (DOCUMENTOS_REQUERIDOS.some((k) => !claves.has(k)) || a.equipos.length === 0) {
      incompletas.push(`${a.numeroSolicitud} (documents or equipment missing)`);
      continue;
    }
    for (const adjunto of a.adjuntos) {
      // `npm run solicitudes -- --rutas` names the stored file; its base name is the store's name.
      const guardado = await sha256Guardado(almacen, path.basename(adjunto.ruta));
      if (guardado !== adjunto.sha256) {
        incompletas.push(`${a.numeroSolicitud} ${adjunto.nombre}: ${guardado === null ? 'file missing' : 'file differs from its SHA-256'}`);
      }
    }
  }
}

export const muestra = (lista: string[]) => (lista.length === 0 ? '0' : `${lista.length} (e.g. ${lista.slice(0, 3).join('; ')})`);
