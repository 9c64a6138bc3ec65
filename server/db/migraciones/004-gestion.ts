// The staff side (producto §9): accounts, their sessions and sign-in failures, each
// application's status with its history and internal notes, a search key without accents,
// and the chained audit log with its head (one row, locked by every audited write).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import { motorEsPostgres } from './motor.js';
import { claveDeBusqueda } from '../../gestion/busqueda.js';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('personal')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('usuario', 'text', (c) => c.notNull().unique())
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('rol', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('totp_secreto', 'text')
      .addColumn('totp_pendiente', 'text')
      .addColumn('totp_ultimo_paso', 'bigint')
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('baja_en', 'text')
      .execute();
    await db.schema
      .createTable('sesiones_personal')
      // sha256 of the cookie value, like the draft's: a copy of the database opens no session.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('personal_id', 'text', (c) => c.notNull().references('personal.id').onDelete('cascade'))
      .addColumn('creada_ms', 'bigint', (c) => c.notNull())
      .addColumn('vista_ms', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sesiones_personal_cuenta').on('sesiones_personal').column('personal_id').execute();
    // Failures and lockouts per typed user name, existing or not (the same answer either way).
    await db.schema
      .createTable('bloqueos_ingreso')
      .addColumn('usuario', 'text', (c) => c.primaryKey())
      .addColumn('fallos', 'integer', (c) => c.notNull())
      .addColumn('desde_ms', 'bigint', (c) => c.notNull())
      .addColumn('bloqueado_hasta_ms', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('solicitudes')
      .addColumn('estado', 'text', (c) => c.notNull().defaultTo('recibida'))
      .execute();
    // Number, DNI, matrícula and name in lower case without accents (domain/texto.ts
    // normalizar): the inbox's search is the same on both engines.
    await db.schema
      .alterTable('solicitudes')
      .addColumn('busqueda', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // The inbox (gestion/bandeja.ts) reads newest first, with or without a status, and
    // filters on the search key: indexes that hold all of it let SQLite walk them without
    // touching the wide rows (datos_socio), 100,000 of which take a whole scan otherwise.
    await db.schema.dropIndex('solicitudes_creada').execute();
    await db.schema
      .createIndex('solicitudes_bandeja')
      .on('solicitudes')
      .columns(['creada_en', 'numero', 'busqueda', 'estado'])
      .execute();
    await db.schema
      .createIndex('solicitudes_bandeja_estado')
      .on('solicitudes')
      .columns(['estado', 'creada_en', 'numero', 'busqueda'])
      .execute();
    await trigramasSiSePuede(db);
    // One person's applications by DNI (their rights of access and deletion, producto §13).
    await db.schema.createIndex('solicitudes_dni').on('solicitudes').column('dni').execute();
    await db.schema
      .createTable('historial')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('solicitud_id', 'text', (c) => c.notNull().references('solicitudes.id').onDelete('cascade'))
      .addColumn('desde', 'text')
      .addColumn('hacia', 'text', (c) => c.notNull())
      .addColumn('personal_id', 'text', (c) => c.references('personal.id'))
      .addColumn('en', 'text', (c) => c.notNull())
      .addColumn('motivo', 'text')
      .addColumn('documentos', 'text')
      .execute();
    await db.schema.createIndex('historial_solicitud').on('historial').columns(['solicitud_id', 'en']).execute();
    await db.schema
      .createTable('notas')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('solicitud_id', 'text', (c) => c.notNull().references('solicitudes.id').onDelete('cascade'))
      .addColumn('personal_id', 'text', (c) => c.notNull().references('personal.id'))
      .addColumn('texto', 'text', (c) => c.notNull())
      .addColumn('en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notas_solicitud').on('notas').columns(['solicitud_id', 'en']).execute();
    await db.schema
      .createTable('auditoria')
      .addColumn('n', 'bigint', (c) => c.primaryKey())
      .addColumn('en', 'text', (c) => c.notNull())
      .addColumn('usuario', 'text')
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('accion', 'text', (c) => c.notNull())
      .addColumn('objeto', 'text')
      .addColumn('detalle', 'text')
      .addColumn('hash', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('auditoria_cabeza')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('n', 'bigint', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into auditoria_cabeza (id, n, hash) values (1, 0, ${'0'.repeat(64)})`.execute(db);
    // Applications sent before this version: their search key and their first history entry.
    const viejas = await sql<{ id: string; numero: string; dni: string; matricula: string; apellidoynombre: string; creada_en: string }>`
      select id, numero, dni, matricula, apellidoynombre, creada_en from solicitudes`.execute(db);
    for (const s of viejas.rows) {
      await sql`update solicitudes set busqueda = ${claveDeBusqueda(s)} where id = ${s.id}`.execute(db);
      await sql`insert into historial (id, solicitud_id, desde, hacia, personal_id, en, motivo, documentos)
        values (${randomUUID()}, ${s.id}, null, 'recibida', null, ${s.creada_en}, null, null)`.execute(db);
    }
  },
};

/**
 * PostgreSQL: a trigram index answers `busqueda LIKE '%term%'` without a scan. pg_trgm ships with
 * PostgreSQL and is a trusted extension (any role that may create in the database may add it);
 * where it is missing or not allowed the inbox still works, scanning.
 */
async function trigramasSiSePuede(db: Kysely<unknown>): Promise<void> {
  if (!(await motorEsPostgres(db))) return;
  const { rows } = await sql<{ disponible: boolean; permitido: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm') as disponible,
           has_database_privilege(current_database(), 'CREATE') as permitido`.execute(db);
  if (!rows[0]?.disponible || !rows[0].permitido) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index solicitudes_busqueda_trgm on solicitudes using gin (busqueda gin_trgm_ops)`.execute(db);
}
