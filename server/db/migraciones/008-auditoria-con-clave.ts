// The audit chain keyed (decision 098): each new row names the key whose HMAC sealed it. Rows
// written before keep `clave` null and their SHA-256 links; the server's start seals them under
// the key with a row of its own (auditoria/cabeza.ts, sellarCadena).
import type { Kysely, Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('auditoria').addColumn('clave', 'text').execute();
  },
};
