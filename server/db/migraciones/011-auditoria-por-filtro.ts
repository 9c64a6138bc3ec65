// The audit page's filters (producto §15): one index per filter, each ending in `n`, so the
// newest rows of an account, an application or an action are read in order from the index.
// Dates ride along (`en` grows with `n`); a range of days alone uses its own index.
import type { Kysely, Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    for (const columna of ['usuario', 'objeto', 'accion'] as const) {
      await db.schema
        .createIndex(`auditoria_por_${columna}`)
        .on('auditoria')
        .columns([columna, 'n'])
        .execute();
    }
    await db.schema.createIndex('auditoria_por_en').on('auditoria').column('en').execute();
  },
};
