// The versions of an application's receipt (producto §14). Each version is a row of its own,
// written in the transaction of the change that issues it (the arrival, an accepted correction:
// the lifecycle chart's `emitirComprobante`), with its own verification token and the documents
// it lists — so what a QR code leads to is what that paper says, whatever happened since. The PDF
// itself is drawn on demand from the version and the application's data (./datos.ts).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/esquema.js';
import { esToken, tokenDeVerificacion } from '../solicitud/tokens.js';

/** A document as one version lists it. */
export interface DocumentoDeVersion {
  clave: string;
  documentoId: string;
  bytes: number;
  sha256: string;
}

/** A document a correction replaced: what the version before listed, and when and by what. */
export interface Reemplazado extends DocumentoDeVersion {
  /** ISO instant of the correction. */
  en: string;
  /** The version the correction issued. */
  version: number;
  /** The document that took its place. */
  porDocumentoId: string;
}

export interface VersionDelComprobante {
  solicitudId: string;
  version: number;
  token: string;
  emitidoEn: string;
  documentos: DocumentoDeVersion[];
  /** Every document replaced up to this version, the oldest first. */
  reemplazados: Reemplazado[];
}

interface Fila {
  solicitud_id: string;
  version: number | string;
  token: string;
  emitido_en: string;
  documentos: string;
  reemplazados: string;
}

const COLUMNAS = ['solicitud_id', 'version', 'token', 'emitido_en', 'documentos', 'reemplazados'] as const;

const leerFila = (f: Fila): VersionDelComprobante => ({
  solicitudId: f.solicitud_id,
  version: Number(f.version),
  token: f.token,
  emitidoEn: f.emitido_en,
  documentos: JSON.parse(f.documentos) as DocumentoDeVersion[],
  reemplazados: JSON.parse(f.reemplazados) as Reemplazado[],
});

/** Every version of an application, the first first. */
export async function versionesDe(db: Db, solicitudId: string): Promise<VersionDelComprobante[]> {
  const filas = await db
    .selectFrom('comprobantes')
    .select(COLUMNAS)
    .where('solicitud_id', '=', solicitudId)
    .orderBy('version')
    .execute();
  return filas.map(leerFila);
}

/** The newest version; null for an application that has none (it cannot be: kept for types). */
export async function ultimaVersion(db: Db, solicitudId: string): Promise<VersionDelComprobante | null> {
  const fila = await db
    .selectFrom('comprobantes')
    .select(COLUMNAS)
    .where('solicitud_id', '=', solicitudId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return fila ? leerFila(fila) : null;
}

/** One version by number; null when it does not exist. */
export async function versionNumero(
  db: Db,
  solicitudId: string,
  version: number,
): Promise<VersionDelComprobante | null> {
  const fila = await db
    .selectFrom('comprobantes')
    .select(COLUMNAS)
    .where('solicitud_id', '=', solicitudId)
    .where('version', '=', version)
    .executeTakeFirst();
  return fila ? leerFila(fila) : null;
}

/** The version a verification token names; null for an unknown or malformed token. */
export async function versionPorToken(db: Db, token: string): Promise<VersionDelComprobante | null> {
  if (!esToken(token)) return null;
  const fila = await db
    .selectFrom('comprobantes')
    .select(COLUMNAS)
    .where('token', '=', token)
    .executeTakeFirst();
  return fila ? leerFila(fila) : null;
}

/**
 * Issues the next version in `trx` listing `documentos`, those the application holds now (read by
 * the record's writer, ciclo-de-vida/asentar.ts, in the same transaction): version 1 when it has
 * none; otherwise the next, with the documents whose file changed since the last version added to
 * the replaced ones.
 */
export async function emitirVersion(
  trx: Db,
  solicitudId: string,
  documentos: readonly DocumentoDeVersion[],
  ahora: Date,
  /** `primera`: the application has no version yet (it just arrived), so none is read. */
  { primera = false }: { primera?: boolean } = {},
): Promise<VersionDelComprobante> {
  const anterior = primera ? null : await ultimaVersion(trx, solicitudId);
  const version = (anterior?.version ?? 0) + 1;
  const en = ahora.toISOString();
  const porClave = new Map(documentos.map((d) => [d.clave, d]));
  const nuevos: Reemplazado[] = (anterior?.documentos ?? []).flatMap((previo) => {
    const actual = porClave.get(previo.clave);
    return actual && actual.documentoId !== previo.documentoId
      ? [{ ...previo, en, version, porDocumentoId: actual.documentoId }]
      : [];
  });
  const nueva: VersionDelComprobante = {
    solicitudId,
    version,
    token: tokenDeVerificacion(),
    emitidoEn: en,
    documentos: [...documentos],
    reemplazados: [...(anterior?.reemplazados ?? []), ...nuevos],
  };
  await trx
    .insertInto('comprobantes')
    .values({
      id: randomUUID(),
      solicitud_id: solicitudId,
      version,
      token: nueva.token,
      emitido_en: en,
      documentos: JSON.stringify(documentos),
      reemplazados: JSON.stringify(nueva.reemplazados),
    })
    .execute();
  return nueva;
}

/** Deletion of the person's data (producto §13): versions keep their number, date and token only. */
export async function vaciarVersiones(trx: Db, solicitudId: string): Promise<void> {
  await trx
    .updateTable('comprobantes')
    .set({ documentos: '[]', reemplazados: '[]' })
    .where('solicitud_id', '=', solicitudId)
    .execute();
}
