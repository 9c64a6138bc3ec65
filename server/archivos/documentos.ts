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

export interface Recibido {
  clave: DocumentoKey;
  extension: ExtensionAceptada;
  preparado: DocumentoPreparado;
}

export const nombreDeDocumento = (d: { clave: string; extension: string }) => `${d.clave}.${d.extension}`;

/** Makes every received file durable and records it; replaced documents' files are removed. */
export async function guardarDocumentos(
  db: Db,
  almacen: DocumentStore,
  borradorId: string,
  recibidos: Recibido[],
) {
  const confirmados: string[] = [];
  let anteriores: string[];
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
    anteriores = await db.transaction().execute(async (trx) => {
      const previos = await trx
        .selectFrom('documentos')
        .select(['id', 'archivo'])
        .where('borrador_id', '=', borradorId)
        .where(
          'clave',
          'in',
          recibidos.map((r) => r.clave),
        )
        .execute();
      if (previos.length > 0)
        await trx
          .deleteFrom('documentos')
          .where(
            'id',
            'in',
            previos.map((p) => p.id),
          )
          .execute();
      await trx.insertInto('documentos').values(filas).execute();
      const recibidosAhora = recibidos.reduce((total, r) => total + r.preparado.bytes, 0);
      await trx
        .updateTable('borradores')
        .set({ actualizado_en: ahora, bytes_recibidos: sql`bytes_recibidos + ${recibidosAhora}` })
        .where('id', '=', borradorId)
        .execute();
      return previos.map((p) => p.archivo);
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
  for (const archivo of anteriores) await almacen.eliminar(archivo).catch(() => {});
}

export interface DocumentoDelBorrador {
  id: string;
  clave: DocumentoKey;
  extension: string;
  nombre: string;
}

export async function documentosDelBorrador(db: Db, borradorId: string): Promise<DocumentoDelBorrador[]> {
  const filas = await db
    .selectFrom('documentos')
    .select(['id', 'clave', 'extension'])
    .where('borrador_id', '=', borradorId)
    .execute();
  const orden = (clave: string) => DOCUMENTO_KEYS.indexOf(clave as DocumentoKey);
  return filas
    .map((f) => ({
      id: f.id,
      clave: f.clave as DocumentoKey,
      extension: f.extension,
      nombre: nombreDeDocumento(f),
    }))
    .sort((a, b) => orden(a.clave) - orden(b.clave));
}
