// The inbox's order (producto §15, "Ageing and order"; server/gestion/orden-bandeja.ts says how
// each sort reads them; decision 122 says why these). Every index holds the number, the search key,
// the status and the holder, so a sorted page with a search, the Estado filter or the Responsable
// filter reads the index alone:
// - one per column that sorts as itself: Número; Apellido y nombres (the search key, which now
//   starts with the name); DNI and Matrícula (their length first: as numbers when they are digits);
//   Último cambio; En este estado. PostgreSQL compares the texts byte by byte (COLLATE "C"), as SQLite does;
// - after the status, for the columns whose values follow it: Fecha (the inbox's index, rebuilt
//   with the holder), Último cambio, and En este estado — which also serves "Demorada" (status,
//   then since when), so migration 012's index for it goes.
// Existing applications get the search key in its new layout.
import { sql, type Kysely, type Migration } from 'kysely';
import { claveDeBusqueda } from '../../gestion/busqueda.js';
import { motorEsPostgres } from './motor.js';

/** Rows whose search key is rewritten per statement. */
const LOTE = 500;

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = await motorEsPostgres(db);
    // Columns as SQL: a text compared byte by byte is `<columna> collate "C"` on PostgreSQL.
    const crear = (nombre: string, columnas: string[]) =>
      sql`create index ${sql.id(nombre)} on solicitudes (${sql.raw(columnas.join(', '))})`.execute(db);
    const enBytes = (columna: string) => (postgres ? `${columna} collate "C"` : columna);

    const filas = await sql<{
      id: string;
      numero: string;
      dni: string;
      matricula: string;
      apellidoynombre: string;
    }>`
      select id, numero, dni, matricula, apellidoynombre from solicitudes`.execute(db);
    for (let i = 0; i < filas.rows.length; i += LOTE) {
      const lote = filas.rows.slice(i, i + LOTE);
      await sql`update solicitudes set busqueda = case id ${sql.join(
        lote.map((f) => sql`when ${f.id} then ${claveDeBusqueda(f)}`),
        sql` `,
      )} end where id in (${sql.join(lote.map((f) => f.id))})`.execute(db);
    }

    await sql`drop index solicitudes_bandeja_estado`.execute(db);
    await sql`drop index solicitudes_por_estado_desde`.execute(db);
    const resto = ['numero', 'busqueda', 'estado', 'responsable_id'];
    await crear('solicitudes_bandeja_estado', [
      'estado',
      'creada_en',
      'numero',
      'busqueda',
      'responsable_id',
    ]);
    await crear('solicitudes_estado_ultimo_cambio', [
      'estado',
      'ultimo_cambio_en',
      'numero',
      'busqueda',
      'responsable_id',
    ]);
    await crear('solicitudes_estado_en_estado', [
      'estado',
      'estado_desde',
      'numero',
      'busqueda',
      'responsable_id',
    ]);
    await crear('solicitudes_orden_numero', resto);
    await crear('solicitudes_orden_nombre', [enBytes('busqueda'), 'numero', 'estado', 'responsable_id']);
    await crear('solicitudes_orden_dni', ['length(dni)', 'dni', ...resto]);
    await crear('solicitudes_orden_matricula', ['length(matricula)', enBytes('matricula'), ...resto]);
    await crear('solicitudes_orden_ultimo_cambio', ['ultimo_cambio_en', ...resto]);
    await crear('solicitudes_orden_en_estado', ['estado_desde', ...resto]);
  },
};
