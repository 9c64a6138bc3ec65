// Re-attestation (producto §17, server/confirmacion/): once a year after an application's first
// approval the provider gets a link to confirm or change their data. One row per application and
// anniversary (1 = the first year): the unique pair is what keeps two processes, or two runs of
// the yearly task, from ever opening two links for the same year. Only the token's SHA-256 is
// kept; the link's own draft holds the documents uploaded for "Necesito cambiar algo" until they
// are sent. The partial index holds the links not answered yet, by deadline: the reminders, the
// inbox's "Sin confirmar" and its "Para hoy" option walk it alone.
import { sql, type Kysely, type Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('confirmaciones')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('solicitud_id', 'text', (c) => c.notNull().references('solicitudes.id').onDelete('cascade'))
      .addColumn('aniversario', 'integer', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('borrador_id', 'text', (c) => c.notNull().unique().references('borradores.id'))
      .addColumn('creada_en', 'text', (c) => c.notNull())
      .addColumn('vence_ms', 'bigint', (c) => c.notNull())
      .addColumn('respondida_en', 'text')
      .addColumn('respuesta', 'text')
      .addUniqueConstraint('confirmaciones_una_por_anio', ['solicitud_id', 'aniversario'])
      .execute();
    await db.schema
      .createIndex('confirmaciones_sin_responder')
      .on('confirmaciones')
      .columns(['vence_ms', 'solicitud_id'])
      .where(sql.ref('respondida_en'), 'is', null)
      .execute();
  },
};
