// How the applicant's routes find an application: by the draft its browser sent, or by the
// verification token printed on one version of the receipt; and what the verification page may
// show of it (producto §14): that version's documents and hashes, whether a later version replaced
// it and which documents changed since — never a claim that a hash is current when it is not.
import { ESTADOS, esEstado, type Verificacion } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { documentosDeVersion } from './datos.js';
import { ultimaVersion, versionPorToken } from './versiones.js';

export interface SolicitudHallada {
  id: string;
  numero: string;
}

/** The application a draft became, or null (never sent). */
export async function solicitudDelBorrador(db: Db, borradorId: string): Promise<SolicitudHallada | null> {
  const fila = await db
    .selectFrom('solicitudes')
    .select(['id', 'numero'])
    .where('borrador_id', '=', borradorId)
    .executeTakeFirst();
  return fila ?? null;
}

/** Number, date, status and the version's documents with their SHA-256: nothing that names the person. */
export async function verificacionDe(db: Db, token: string): Promise<Verificacion | null> {
  const v = await versionPorToken(db, token);
  if (!v) return null;
  const [s, ultima] = await Promise.all([
    db
      .selectFrom('solicitudes')
      .select(['numero', 'creada_en', 'estado', 'suprimida_en'])
      .where('id', '=', v.solicitudId)
      .executeTakeFirst(),
    ultimaVersion(db, v.solicitudId),
  ]);
  if (!s || !ultima || !esEstado(s.estado)) return null;
  const vigentes = new Map(ultima.documentos.map((d) => [d.clave, d.documentoId]));
  const documentosDeId = new Map(v.documentos.map((d) => [d.clave, d.documentoId]));
  return {
    numeroSolicitud: s.numero,
    creadaEn: s.creada_en,
    estado: s.estado,
    etiqueta: ESTADOS[s.estado],
    version: v.version,
    emitidoEn: v.emitidoEn,
    reemplazadoPor: ultima.version > v.version ? { version: ultima.version, emitidoEn: ultima.emitidoEn } : null,
    documentos: documentosDeVersion(v.documentos).map((d) => ({
      clave: d.clave as Verificacion['documentos'][number]['clave'],
      etiqueta: d.etiqueta,
      sha256: d.sha256,
      reemplazado: vigentes.get(d.clave) !== documentosDeId.get(d.clave),
    })),
    // Number, date and status still prove what was received and decided; the documents are gone.
    ...(s.suprimida_en !== null ? { suprimida: true as const } : {}),
  };
}
