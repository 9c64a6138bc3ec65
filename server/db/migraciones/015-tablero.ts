// The Tablero (producto §15, server/gestion/tablero.ts) and the inbox's "Para hoy"
// (server/gestion/para-hoy.ts), read from narrow indexes alone instead of the wide rows:
// - the applications per status and, of the open ones, per Responsable: one grouped count over
//   (estado, responsable_id) — not the inbox's indexes, which carry the search key. With the id
//   after them it also lists the rejected applications' ids ("Vencidas" leaves them out) and the
//   observed ones' ("Plazo vencido" asks each for its link) without reading a row;
// - "Plazo vencido": the unused correction links (at most one per application) by application and
//   deadline, a small partial index of correcciones;
// - "Vence en 30 días" walking the inbox: each application's end dates, asked without its rows;
// - "Vencidas": `vigencia_minima`, the earliest "Vigencia hasta" of an application's documents,
//   kept on its row by the writers of the end dates (server/gestion/vigencias.ts
//   recalcularVigenciaMinima): the applications with a lapsed document are a range of its index,
//   which holds what the inbox orders and filters them by. Existing rows get it from their links.
import { sql, type Kysely, type Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('solicitudes').addColumn('vigencia_minima', 'text').execute();
    await sql`update solicitudes set vigencia_minima = (
      select min(sd.vigente_hasta) from solicitud_documentos sd where sd.solicitud_id = solicitudes.id)`.execute(
      db,
    );
    await db.schema
      .createIndex('solicitudes_por_estado_responsable')
      .on('solicitudes')
      .columns(['estado', 'responsable_id', 'id'])
      .execute();
    await db.schema
      .createIndex('solicitudes_vencidas')
      .on('solicitudes')
      .columns(['vigencia_minima', 'estado', 'creada_en', 'numero'])
      .execute();
    await db.schema
      .createIndex('correcciones_sin_usar')
      .on('correcciones')
      .columns(['solicitud_id', 'vence_ms'])
      .where(sql.ref('usada_en'), 'is', null)
      .execute();
    await db.schema
      .createIndex('solicitud_documentos_por_solicitud')
      .on('solicitud_documentos')
      .columns(['solicitud_id', 'vigente_hasta'])
      .execute();
  },
};
