// Personal data (producto §13): `suprimida_en` marks an application whose personal
// fields were replaced by the marker (on request or by retention); a historial row with `campo`
// is a rectification (old and new value), not a status move.
import type { Kysely, Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('solicitudes').addColumn('suprimida_en', 'text').execute();
    await db.schema.alterTable('historial').addColumn('campo', 'text').execute();
    await db.schema.alterTable('historial').addColumn('anterior', 'text').execute();
    await db.schema.alterTable('historial').addColumn('nuevo', 'text').execute();
  },
};
