// Comparing what clients were told with what the server stored: every application that got a
// 2xx must be listed by `npm run solicitudes` with each document's SHA-256 equal to what was
// sent — both the recorded hash and the hash of the stored file on disk.
import { leerAlmacenadas, sha256DeArchivo, type Almacenada } from '../bench/comun/almacenadas.js';
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
  for (const a of almacenadas) {
    const claves = new Set(a.adjuntos.map((x) => clave(x.nombre)));
    if (DOCUMENTOS_REQUERIDOS.some((k) => !claves.has(k)) || a.equipos.length === 0) {
      incompletas.push(`${a.numeroSolicitud} (documents or equipment missing)`);
      continue;
    }
    for (const adjunto of a.adjuntos) {
      const enDisco = await sha256DeArchivo(adjunto.ruta);
      if (enDisco !== adjunto.sha256) {
        incompletas.push(`${a.numeroSolicitud} ${adjunto.nombre}: ${enDisco === null ? 'file missing' : 'file differs from its SHA-256'}`);
      }
    }
  }
  return { almacenadas, perdidas, documentosDistintos, incompletas };
}

export const muestra = (lista: string[]) => (lista.length === 0 ? '0' : `${lista.length} (e.g. ${lista.slice(0, 3).join('; ')})`);
