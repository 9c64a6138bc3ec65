// The automatic reading of a document's end date (producto §17), kept on the application's link to
// the document (solicitud_documentos), next to the "Vigencia hasta" staff record there:
// - lectura_estado: 'pendiente' (queued), 'propuesta', 'sin_fecha' or 'no_disponible'; null for
//   a document that takes no end date, or one that arrived before this migration (not queued:
//   the reading is of documents as they arrive);
// - vigencia_propuesta (YYYY-MM-DD) and vigencia_frase: the proposal and the sentence it came
//   from (personal data, producto §13: exported and deleted with the link);
// - lectura_intentos, lectura_duenio, lectura_arriendo_hasta_ms: the queue's lease (the process
//   reading it and until when); leida_en: when the answer was written.
// The queue is read through a small partial index of the pending rows alone.
import { sql, type Kysely, type Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    const columnas = [
      ['lectura_estado', 'text'],
      ['vigencia_propuesta', 'text'],
      ['vigencia_frase', 'text'],
      ['lectura_duenio', 'text'],
      ['leida_en', 'text'],
    ] as const;
    for (const [nombre, tipo] of columnas) {
      await db.schema.alterTable('solicitud_documentos').addColumn(nombre, tipo).execute();
    }
    await db.schema
      .alterTable('solicitud_documentos')
      .addColumn('lectura_intentos', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('solicitud_documentos')
      .addColumn('lectura_arriendo_hasta_ms', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('solicitud_documentos_lecturas_pendientes')
      .on('solicitud_documentos')
      .column('lectura_arriendo_hasta_ms')
      .where(sql.ref('lectura_estado'), '=', 'pendiente')
      .execute();
  },
};
