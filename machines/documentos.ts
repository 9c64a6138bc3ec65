// Pure questions about the documents step, shared by guards, actions and views.
import { DOCUMENTOS, DOCUMENTOS_REQUERIDOS, keyDeNombre, type Adjunto, type DocumentoKey } from '../domain/index.js';
import type { ArchivoElegido, Documentos } from './contexto.js';

export interface ArchivoPendiente {
  // Same shape as EnrolmentContext["enCurso"][number].
  key: DocumentoKey;
  archivo: ArchivoElegido;
}

/** Chosen files the server does not hold yet: new, or replacing an uploaded one. */
export function archivosPendientes(documentos: Documentos): ArchivoPendiente[] {
  const pendientes: ArchivoPendiente[] = [];
  for (const { key } of DOCUMENTOS) {
    const doc = documentos[key];
    if (doc?.archivo && doc.subido?.archivoId !== doc.archivo.id) pendientes.push({ key, archivo: doc.archivo });
  }
  return pendientes;
}

/** A document counts as present when a file is chosen or the server already holds it. */
export function tieneDocumento(documentos: Documentos, key: DocumentoKey): boolean {
  const doc = documentos[key];
  return !!(doc?.archivo || doc?.subido);
}

export function faltanRequeridos(documentos: Documentos): boolean {
  return DOCUMENTOS_REQUERIDOS.some((key) => !tieneDocumento(documentos, key));
}

/** The step is complete when every required document is on the server and nothing is pending. */
export function documentosCompletos(documentos: Documentos): boolean {
  return (
    DOCUMENTOS_REQUERIDOS.every((key) => !!documentos[key]?.subido) && archivosPendientes(documentos).length === 0
  );
}

/** Marks the files just sent as uploaded, with the names the server answered. */
export function aplicarSubida(
  documentos: Documentos,
  enviados: readonly ArchivoPendiente[],
  respuesta: readonly Adjunto[],
): Documentos {
  const porKey = new Map(respuesta.map((a) => [keyDeNombre(a.nombre), a.nombre]));
  const resultado: Documentos = { ...documentos };
  for (const { key, archivo } of enviados) {
    const nombre = porKey.get(key);
    const actual = resultado[key];
    // Only when the applicant has not replaced the file meanwhile.
    if (nombre && actual?.archivo?.id === archivo.id) {
      resultado[key] = { archivo: actual.archivo, subido: { nombre, archivoId: archivo.id } };
    }
  }
  return resultado;
}

/** The `adjuntos` of the application: what the server holds for the documents kept. */
export function adjuntosDeSolicitud(documentos: Documentos): Adjunto[] {
  return DOCUMENTOS.flatMap(({ key }) => {
    const subido = documentos[key]?.subido;
    return subido ? [{ nombre: subido.nombre }] : [];
  });
}

/** The required documents with no file chosen and none on the server, in display order. */
export function requeridosFaltantes(documentos: Documentos): DocumentoKey[] {
  return DOCUMENTOS_REQUERIDOS.filter((key) => !tieneDocumento(documentos, key));
}
