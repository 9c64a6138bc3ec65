// What the migrations need to know about the engine they run on.
import { sql, type Kysely } from 'kysely';

/** A PostgreSQL-only function fails harmlessly on SQLite (the other way round would abort PostgreSQL's transaction). */
export async function motorEsPostgres(db: Kysely<unknown>): Promise<boolean> {
  return sql`select current_setting('server_version')`
    .execute(db)
    .then(() => true)
    .catch(() => false);
}
