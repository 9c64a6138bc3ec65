// The documents can live in the database (DOCUMENT_STORE=postgres, storage/postgres.ts):
// one row per object and its bytes in chunks, so neither a write nor a read holds a whole file.
// Created on both engines so the schema stays one; the store itself is offered on PostgreSQL only.
import { sql, type Kysely, type Migration } from 'kysely';
import { motorEsPostgres } from './motor.js';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    const binario = (await motorEsPostgres(db)) ? sql`bytea` : sql`blob`;
    await db.schema
      .createTable('almacen_objetos')
      .addColumn('nombre', 'text', (c) => c.primaryKey())
      .addColumn('bytes', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('trozos', 'integer', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('almacen_trozos')
      .addColumn('nombre', 'text', (c) => c.notNull().references('almacen_objetos.nombre').onDelete('cascade'))
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('datos', binario, (c) => c.notNull())
      .addPrimaryKeyConstraint('almacen_trozos_pk', ['nombre', 'n'])
      .execute();
  },
};
