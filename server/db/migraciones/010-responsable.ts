// Who has an application (producto §15, "Responsable"): at most one staff account, null for
// nobody. The inbox's filter "Responsable" walks its own index in the inbox's order — the same
// columns as solicitudes_bandeja after it — so "Mías" or "Sin asignar" reads the index alone.
import type { Kysely, Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('solicitudes')
      .addColumn('responsable_id', 'text', (c) => c.references('personal.id'))
      .execute();
    await db.schema
      .createIndex('solicitudes_bandeja_responsable')
      .on('solicitudes')
      .columns(['responsable_id', 'creada_en', 'numero', 'busqueda', 'estado'])
      .execute();
  },
};
