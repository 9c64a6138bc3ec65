// Four eyes (producto §15): an application's open proposal is kept on its row — its id (named by
// the requests that confirm or discard it), the decision, who proposed it, when and its motivo —
// so the record's writer (server/ciclo-de-vida/asentar.ts) changes it in the same conditional
// update as the status: of two proposals at once one wins, and a move clears it. A decision's
// history row says how four eyes went (`control`: it confirmed a proposal, or only one
// administrador was active). The inbox filter "Con propuesta" walks a partial index in the
// inbox's order: few applications wait on a proposal, so it holds only those.
import { sql, type Kysely, type Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    for (const columna of ['propuesta_id', 'propuesta', 'propuesta_en', 'propuesta_motivo'] as const)
      await db.schema.alterTable('solicitudes').addColumn(columna, 'text').execute();
    await db.schema
      .alterTable('solicitudes')
      .addColumn('propuesta_por', 'text', (c) => c.references('personal.id'))
      .execute();
    await db.schema.alterTable('historial').addColumn('control', 'text').execute();
    await db.schema
      .createIndex('solicitudes_con_propuesta')
      .on('solicitudes')
      .columns(['creada_en', 'numero'])
      .where(sql.ref('propuesta_id'), 'is not', null)
      .execute();
  },
};
