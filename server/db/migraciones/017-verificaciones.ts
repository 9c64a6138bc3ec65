// "Verificado en la fuente" (producto §17; server/verificacion-fuente/): one row per verification staff
// recorded for a document of an application — the document's key and the very file verified
// (`documento_id`: a correction that replaces the file leaves the new one unverified), the source
// (domain/verificacion-fuente.ts), the day, who, an optional note, and an optional evidence file kept in
// the document store like a document (its store name, extension and type judged by content, size
// and SHA-256). Rows are never updated: a newer verification of the same file supersedes the
// older one, which stays as history until the person's data are deleted (producto §13).
import type { Kysely, Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('verificaciones')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('solicitud_id', 'text', (c) => c.notNull().references('solicitudes.id'))
      .addColumn('documento', 'text', (c) => c.notNull())
      .addColumn('documento_id', 'text', (c) => c.notNull())
      .addColumn('fuente', 'text', (c) => c.notNull())
      .addColumn('fecha', 'text', (c) => c.notNull())
      .addColumn('personal_id', 'text', (c) => c.notNull().references('personal.id'))
      .addColumn('nota', 'text')
      .addColumn('evidencia_archivo', 'text', (c) => c.unique())
      .addColumn('evidencia_extension', 'text')
      .addColumn('evidencia_mime', 'text')
      .addColumn('evidencia_bytes', 'integer')
      .addColumn('evidencia_sha256', 'text')
      .addColumn('creada_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('verificaciones_por_solicitud')
      .on('verificaciones')
      .columns(['solicitud_id', 'documento_id', 'creada_en'])
      .execute();
  },
};
