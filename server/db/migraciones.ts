// The schema, as code: the same migrations (one file each, listed in order by
// server/db/migraciones/index.ts) run on SQLite and PostgreSQL through Kysely's Migrator,
// automatically at start-up (and by the CLIs).
import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import type { Database } from './esquema.js';
import { migraciones } from './migraciones/index.js';

export const proveedorDeMigraciones: MigrationProvider = { getMigrations: async () => migraciones };

export async function migrar(db: Kysely<Database>): Promise<void> {
  // Migrations describe the schema as it was at their time, so they work on an untyped instance.
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, provider: proveedorDeMigraciones });
  // PostgreSQL serialises migrators with a lock; SQLite's lock is per process, so a second
  // process starting at the same moment can lose the race. Each migration is transactional, so
  // trying again simply finds it done.
  for (let intento = 1; ; intento++) {
    const { error, results } = await migrator.migrateToLatest();
    const fallida = results?.find((r) => r.status === 'Error');
    if (!error && !fallida) return;
    if (intento >= 5) {
      throw new Error(`No se pudo migrar la base de datos${fallida ? ` (${fallida.migrationName})` : ''}`, {
        cause: error,
      });
    }
    await new Promise((listo) => setTimeout(listo, 100 * intento));
  }
}
