// The documents of a draft: committing an upload (files first, then all rows in one transaction)
// and listing what the draft holds, in the order of producto §4.
import { randomUUID } from 'node:crypto';
import {
  DOCUMENTO_KEYS,
  TIPOS_ACEPTADOS,
  type DocumentoKey,
  type ExtensionAceptada,
} from '../../domain/index.js';
import { esViolacionDeClaveForanea, esViolacionDeUnicidad } from '../db/conexion.js';
import { sql, type Insertable } from 'kysely';
import type { Db, DocumentosTabla } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import type { DocumentStore, DocumentoPreparado } from '../storage/almacen.js';
import { insertarBorrador } from '../solicitud/borradores.js';

export interface Recibido {
  clave: DocumentoKey;
  extension: ExtensionAceptada;
  preparado: DocumentoPreparado;
}

export const nombreDeDocumento = (d: { clave: string; extension: string }) => `${d.clave}.${d.extension}`;

/**
 * Makes every received file durable and records it; replaced documents' files are removed. With
 * `nuevo`, the draft `borradorId` is opened in the same transaction (one commit for both). Answers
 * the draft's documents as this upload left them.
 */
export async function guardarDocumentos(
  db: Db,
  almacen: DocumentStore,
  borradorId: string,
  recibidos: Recibido[],
  { nuevo = false }: { nuevo?: boolean } = {},
): Promise<DocumentoDelBorrador[]> {
  const confirmados: string[] = [];
  let resultado: { anteriores: string[]; documentos: DocumentoDelBorrador[] };
  try {
    const ahora = new Date().toISOString();
    confirmados.push(...(await almacen.confirmarVarios(recibidos.map((r) => r.preparado))));
    const filas = recibidos.map((r, i): Insertable<DocumentosTabla> => ({
      id: randomUUID(),
      borrador_id: borradorId,
      clave: r.clave,
      extension: r.extension,
      mime: TIPOS_ACEPTADOS[r.extension],
      bytes: r.preparado.bytes,
      sha256: r.preparado.sha256,
      archivo: confirmados[i]!,
      creado_en: ahora,
    }));
    const recibidosAhora = recibidos.reduce((total, r) => total + r.preparado.bytes, 0);
    resultado = await db.transaction().execute(async (trx) => {
      // A new draft holds nothing yet: no earlier documents to read or replace.
      let previos: (DocumentoDelBorrador & { archivo: string })[] = [];
      if (nuevo) {
        await insertarBorrador(trx, borradorId, ahora, recibidosAhora);
      } else {
        previos = (
          await trx
            .selectFrom('documentos')
            .select(['id', 'clave', 'extension', 'bytes', 'sha256', 'archivo'])
            .where('borrador_id', '=', borradorId)
            .execute()
        ).map((f) => ({ ...documentoDe(f), archivo: f.archivo }));
      }
      const claves = new Set<string>(recibidos.map((r) => r.clave));
      const reemplazados = previos.filter((p) => claves.has(p.clave));
      if (reemplazados.length > 0)
        await trx
          .deleteFrom('documentos')
          .where(
            'id',
            'in',
            reemplazados.map((p) => p.id),
          )
          .execute();
      await trx.insertInto('documentos').values(filas).execute();
      if (!nuevo)
        await trx
          .updateTable('borradores')
          .set({ actualizado_en: ahora, bytes_recibidos: sql`bytes_recibidos + ${recibidosAhora}` })
          .where('id', '=', borradorId)
          .execute();
      const quedan = previos.filter((p) => !claves.has(p.clave)).map(({ archivo: _, ...d }) => d);
      return {
        anteriores: reemplazados.map((p) => p.archivo),
        documentos: enOrden([...quedan, ...filas.map(documentoDe)]),
      };
    });
  } catch (error) {
    for (const archivo of confirmados) await almacen.eliminar(archivo).catch(() => {});
    for (const r of recibidos) await almacen.descartar(r.preparado).catch(() => {});
    // Two uploads racing on one draft, or an upload racing the application that closes it.
    if (esViolacionDeUnicidad(error) || esViolacionDeClaveForanea(error)) {
      throw new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, MENSAJES_HTTP.archivosCambiaron);
    }
    throw error;
  }
  for (const archivo of resultado.anteriores) await almacen.eliminar(archivo).catch(() => {});
  return resultado.documentos;
}

export interface DocumentoDelBorrador {
  id: string;
  clave: DocumentoKey;
  extension: string;
  nombre: string;
  bytes: number;
  sha256: string;
}

interface FilaDeDocumento {
  id: string;
  clave: string;
  extension: string;
  bytes: number | string | bigint;
  sha256: string;
}

const documentoDe = (f: FilaDeDocumento): DocumentoDelBorrador => ({
  id: f.id,
  clave: f.clave as DocumentoKey,
  extension: f.extension,
  nombre: nombreDeDocumento(f),
  bytes: Number(f.bytes),
  sha256: f.sha256,
});

/** In the order of producto §4. */
const enOrden = (documentos: DocumentoDelBorrador[]) => {
  const orden = (clave: string) => DOCUMENTO_KEYS.indexOf(clave as DocumentoKey);
  return documentos.sort((a, b) => orden(a.clave) - orden(b.clave));
};

export async function documentosDelBorrador(db: Db, borradorId: string): Promise<DocumentoDelBorrador[]> {
  const filas = await db
    .selectFrom('documentos')
    .select(['id', 'clave', 'extension', 'bytes', 'sha256'])
    .where('borrador_id', '=', borradorId)
    .execute();
  return enOrden(filas.map(documentoDe));
}
