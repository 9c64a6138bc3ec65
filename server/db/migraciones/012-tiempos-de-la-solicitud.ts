// How long each application has waited (producto §15), kept on its row: when it entered its
// status, its last change, and, once closed, when and in how many working days it was resolved
// (server/ciclo-de-vida/tiempos.ts says what each means and keeps them). Existing rows get them
// from their history. The indexes serve "Demorada" (status, then since when) and the Tablero's
// "Tiempo de resolución" (the month of the resolution, with its days alongside).
import type { Kysely, Migration } from 'kysely';
import type { Db } from '../esquema.js';
import { recalcularTiempos } from '../../ciclo-de-vida/tiempos.js';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    for (const columna of ['estado_desde', 'ultimo_cambio_en', 'resuelta_en'] as const)
      await db.schema.alterTable('solicitudes').addColumn(columna, 'text').execute();
    await db.schema.alterTable('solicitudes').addColumn('dias_resolucion', 'integer').execute();
    await recalcularTiempos(db as unknown as Db);
    await db.schema
      .createIndex('solicitudes_por_estado_desde')
      .on('solicitudes')
      .columns(['estado', 'estado_desde'])
      .execute();
    await db.schema
      .createIndex('solicitudes_resolucion')
      .on('solicitudes')
      .columns(['resuelta_en', 'dias_resolucion'])
      .execute();
  },
};
