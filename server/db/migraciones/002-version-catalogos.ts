// Catalogue answers are cached in memory by every API process; `npm run importar` (another
// process) bumps this number in the same transaction, and the processes compare it at most
// once a second to drop their cache (catalogos/cache.ts).
import { sql, type Kysely, type Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('version_catalogos')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into version_catalogos (id, version) values (1, 1)`.execute(db);
  },
};
