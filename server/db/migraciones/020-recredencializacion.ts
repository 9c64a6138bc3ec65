// Re-credentialing (producto §17, server/recredencializacion/):
// - recredencializaciones: one link per approved application and cycle (the cycle-th period of
//   RECREDENCIALIZACION_ANOS years since its approval), unique on (solicitud_id, ciclo) so that
//   two processes or two runs of the task never open two; the token only as its SHA-256; until the
//   end of `vence` in Argentina (vence_ms); used once (`usada_en`) by the new application it made
//   (`nueva_solicitud_id`), whose inbox row reads "Recredencialización";
// - borradores.recredencializacion_id: the link a draft was opened by (its documents are copies of
//   the approved application's): sending that draft uses the link. A draft of the link is an
//   ordinary draft otherwise — swept when abandoned, like any other.
import { sql, type Kysely, type Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('recredencializaciones')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('solicitud_id', 'text', (c) => c.notNull().references('solicitudes.id').onDelete('cascade'))
      .addColumn('ciclo', 'integer', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('creada_en', 'text', (c) => c.notNull())
      .addColumn('vence', 'text', (c) => c.notNull())
      .addColumn('vence_ms', 'bigint', (c) => c.notNull())
      .addColumn('usada_en', 'text')
      .addColumn('nueva_solicitud_id', 'text', (c) => c.references('solicitudes.id').onDelete('set null'))
      .addUniqueConstraint('recredencializaciones_ciclo', ['solicitud_id', 'ciclo'])
      .execute();
    // "Recredencialización" (the new applications) and "Recredencialización vencida" (the unused
    // links by deadline): small sets, read by themselves.
    await db.schema
      .createIndex('recredencializaciones_nuevas')
      .on('recredencializaciones')
      .column('nueva_solicitud_id')
      .where(sql.ref('nueva_solicitud_id'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('recredencializaciones_sin_usar')
      .on('recredencializaciones')
      .columns(['vence_ms', 'solicitud_id'])
      .where(sql.ref('usada_en'), 'is', null)
      .execute();
    await db.schema.alterTable('borradores').addColumn('recredencializacion_id', 'text').execute();
  },
};
