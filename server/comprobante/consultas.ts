// How the applicant's routes find an application: by the draft its browser sent, or by the
// verification token printed on the receipt; and what the verification page may show of it.
import { ESTADOS, esEstado, type Verificacion } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { esToken } from '../solicitud/tokens.js';
import { documentosDeSolicitud } from './datos.js';

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

/** The application of a verification token; null for an unknown or malformed one. */
export async function solicitudDeVerificacion(
  db: Db,
  token: string,
): Promise<(SolicitudHallada & { creadaEn: string; estado: string; suprimida: boolean }) | null> {
  if (!esToken(token)) return null;
  const fila = await db
    .selectFrom('solicitudes')
    .select(['id', 'numero', 'creada_en', 'estado', 'suprimida_en'])
    .where('verificacion', '=', token)
    .executeTakeFirst();
  return fila
    ? {
        id: fila.id,
        numero: fila.numero,
        creadaEn: fila.creada_en,
        estado: fila.estado,
        suprimida: fila.suprimida_en !== null,
      }
    : null;
}

/** Number, date, status and each document's label and SHA-256: nothing that names the person. */
export async function verificacionDe(db: Db, token: string): Promise<Verificacion | null> {
  const s = await solicitudDeVerificacion(db, token);
  if (!s || !esEstado(s.estado)) return null;
  const documentos = await documentosDeSolicitud(db, s.id);
  return {
    numeroSolicitud: s.numero,
    creadaEn: s.creadaEn,
    estado: s.estado,
    etiqueta: ESTADOS[s.estado],
    documentos: documentos.map((d) => ({
      clave: d.clave as Verificacion['documentos'][number]['clave'],
      etiqueta: d.etiqueta,
      sha256: d.sha256,
    })),
    // Number, date and status still prove what was received and decided; the documents are gone.
    ...(s.suprimida ? { suprimida: true as const } : {}),
  };
}
