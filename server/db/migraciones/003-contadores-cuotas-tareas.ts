// Per-client counters kept in the database (a restart or a second process neither
// resets nor multiplies them), the bytes each draft has received, and the leases of the
// server's own periodic tasks (run once across several processes).
import type { Kysely, Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('contadores')
      .addColumn('clave', 'text', (c) => c.primaryKey())
      .addColumn('valor', 'bigint', (c) => c.notNull())
      .addColumn('vence_ms', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('contadores_vence').on('contadores').column('vence_ms').execute();
    await db.schema
      .alterTable('borradores')
      .addColumn('bytes_recibidos', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('tareas')
      .addColumn('nombre', 'text', (c) => c.primaryKey())
      .addColumn('proxima_ms', 'bigint', (c) => c.notNull())
      .addColumn('duenio', 'text')
      .addColumn('ejecuciones', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ultima_ms', 'bigint')
      .execute();
  },
};
