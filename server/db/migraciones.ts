// The schema, as code: the same migrations run on SQLite and PostgreSQL through Kysely's
// Migrator, automatically at start-up (and by the CLIs).
import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { claveDeBusqueda } from '../servicios/busqueda.js';
import { tokenDeVerificacion } from '../servicios/tokens.js';
import type { Database } from './esquema.js';

const migraciones: Record<string, Migration> = {
  '001_inicial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('localidades')
        .addColumn('codigo', 'integer', (c) => c.primaryKey())
        .addColumn('nombre', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('calles')
        .addColumn('codigo_localidad', 'integer', (c) => c.notNull())
        .addColumn('nombre', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('calles_pk', ['codigo_localidad', 'nombre'])
        .execute();
      await db.schema
        .createTable('condiciones_iva')
        .addColumn('codigo', 'integer', (c) => c.primaryKey())
        .addColumn('nombre', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tipos_aparato')
        .addColumn('codigo', 'integer', (c) => c.primaryKey())
        .addColumn('nombre', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('padron')
        .addColumn('dni', 'text', (c) => c.notNull())
        .addColumn('matricula', 'text', (c) => c.notNull())
        .addColumn('circunscripcion', 'integer', (c) => c.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('padron_pk', ['dni', 'matricula', 'circunscripcion'])
        .execute();
      await db.schema
        .createTable('borradores')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('creado_en', 'text', (c) => c.notNull())
        .addColumn('actualizado_en', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('borradores_actualizado')
        .on('borradores')
        .column('actualizado_en')
        .execute();
      await db.schema
        .createTable('documentos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('borrador_id', 'text', (c) => c.notNull().references('borradores.id').onDelete('cascade'))
        .addColumn('clave', 'text', (c) => c.notNull())
        .addColumn('extension', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('archivo', 'text', (c) => c.notNull().unique())
        .addColumn('creado_en', 'text', (c) => c.notNull())
        .addUniqueConstraint('documentos_borrador_clave', ['borrador_id', 'clave'])
        .execute();
      await db.schema
        .createTable('solicitudes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('numero', 'text', (c) => c.notNull().unique())
        // One application per draft: what makes a concurrent duplicate impossible.
        .addColumn('borrador_id', 'text', (c) => c.notNull().unique().references('borradores.id'))
        .addColumn('huella', 'text', (c) => c.notNull())
        .addColumn('creada_en', 'text', (c) => c.notNull())
        .addColumn('dni', 'text', (c) => c.notNull())
        .addColumn('matricula', 'text', (c) => c.notNull())
        .addColumn('apellidoynombre', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('datos_socio', 'text', (c) => c.notNull())
        .addColumn('terminos_version', 'text', (c) => c.notNull())
        .addColumn('terminos_aceptados_en', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('solicitudes_creada').on('solicitudes').column('creada_en').execute();
      await db.schema
        .createTable('equipos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('solicitud_id', 'text', (c) =>
          c.notNull().references('solicitudes.id').onDelete('cascade'),
        )
        .addColumn('orden', 'integer', (c) => c.notNull())
        .addColumn('codigo_tipo_aparato', 'integer', (c) => c.notNull())
        .addColumn('nombre_tipo_aparato', 'text', (c) => c.notNull())
        .addColumn('marca', 'text', (c) => c.notNull())
        .addColumn('modelo', 'text', (c) => c.notNull())
        .addColumn('anio_fabricacion', 'integer', (c) => c.notNull())
        .addColumn('origen', 'text', (c) => c.notNull())
        .addColumn('observaciones', 'text')
        .execute();
      await db.schema
        .createTable('solicitud_documentos')
        .addColumn('solicitud_id', 'text', (c) =>
          c.notNull().references('solicitudes.id').onDelete('cascade'),
        )
        .addColumn('documento_id', 'text', (c) => c.notNull().references('documentos.id'))
        .addColumn('nombre', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('solicitud_documentos_pk', ['solicitud_id', 'documento_id'])
        .execute();
    },
  },
  // Catalogue answers are cached in memory by every API process; `npm run importar` (another
  // process) bumps this number in the same transaction, and the processes compare it at most
  // once a second to drop their cache (servicios/cache-catalogos.ts).
  '002_version_catalogos': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('version_catalogos')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into version_catalogos (id, version) values (1, 1)`.execute(db);
    },
  },
  // Issue 11: per-client counters kept in the database (a restart or a second process neither
  // resets nor multiplies them), the bytes each draft has received, and the leases of the
  // server's own periodic tasks (run once across several processes).
  '003_contadores_cuotas_tareas': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contadores')
        .addColumn('clave', 'text', (c) => c.primaryKey())
        .addColumn('valor', 'bigint', (c) => c.notNull())
        .addColumn('vence_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contadores_vence').on('contadores').column('vence_ms').execute();
      await db.schema
        .alterTable('borradores')
        .addColumn('bytes_recibidos', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('tareas')
        .addColumn('nombre', 'text', (c) => c.primaryKey())
        .addColumn('proxima_ms', 'bigint', (c) => c.notNull())
        .addColumn('duenio', 'text')
        .addColumn('ejecuciones', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ultima_ms', 'bigint')
        .execute();
    },
  },
  // Issue 12, the staff side (producto §9): accounts, their sessions and sign-in failures, each
  // application's status with its history and internal notes, a search key without accents,
  // and the chained audit log with its head (one row, locked by every audited write).
  '004_gestion': {
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
      // The inbox (servicios/bandeja.ts) reads newest first, with or without a status, and
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
  },
  // After sending (producto §11): the verification token, the outbox, the correction links and
  // the documents' end dates.
  '005_seguimiento': {
    async up(db) {
      await db.schema.alterTable('solicitudes').addColumn('verificacion', 'text').execute();
      const viejas = await sql<{ id: string }>`select id from solicitudes`.execute(db);
      for (const s of viejas.rows) {
        await sql`update solicitudes set verificacion = ${tokenDeVerificacion()} where id = ${s.id}`.execute(db);
      }
      await db.schema.createIndex('solicitudes_verificacion').on('solicitudes').column('verificacion').unique().execute();
      // The date (YYYY-MM-DD) a document stops being valid, recorded by staff.
      await db.schema.alterTable('solicitud_documentos').addColumn('vigente_hasta', 'text').execute();
      await db.schema
        .createIndex('solicitud_documentos_vigencia')
        .on('solicitud_documentos')
        .columns(['vigente_hasta', 'solicitud_id'])
        .execute();
      // The outbox: one row per message and event (`clave` unique), leased by one sender at a time.
      await db.schema
        .createTable('correos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('clave', 'text', (c) => c.notNull().unique())
        .addColumn('tipo', 'text', (c) => c.notNull())
        .addColumn('solicitud_id', 'text', (c) => c.references('solicitudes.id').onDelete('cascade'))
        .addColumn('para', 'text', (c) => c.notNull())
        .addColumn('datos', 'text', (c) => c.notNull())
        .addColumn('estado', 'text', (c) => c.notNull().defaultTo('pendiente'))
        .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('creado_ms', 'bigint', (c) => c.notNull())
        .addColumn('proximo_ms', 'bigint', (c) => c.notNull())
        .addColumn('arriendo_hasta_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('duenio', 'text')
        .addColumn('enviado_ms', 'bigint')
        .addColumn('error', 'text')
        .execute();
      await db.schema.createIndex('correos_pendientes').on('correos').columns(['estado', 'proximo_ms']).execute();
      await db.schema.createIndex('correos_solicitud').on('correos').column('solicitud_id').execute();
      // A correction link (producto §11): the token only as its SHA-256; the replacements go to a
      // draft of their own, so the application's documents stay as they are until it is sent.
      await db.schema
        .createTable('correcciones')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('solicitud_id', 'text', (c) => c.notNull().references('solicitudes.id').onDelete('cascade'))
        .addColumn('historial_id', 'text', (c) => c.notNull().unique().references('historial.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('borrador_id', 'text', (c) => c.notNull().unique().references('borradores.id'))
        .addColumn('motivo', 'text', (c) => c.notNull())
        .addColumn('documentos', 'text', (c) => c.notNull())
        .addColumn('plazo', 'text', (c) => c.notNull())
        .addColumn('vence_ms', 'bigint', (c) => c.notNull())
        .addColumn('creada_en', 'text', (c) => c.notNull())
        .addColumn('usada_en', 'text')
        .execute();
      await db.schema.createIndex('correcciones_solicitud').on('correcciones').columns(['solicitud_id', 'creada_en']).execute();
    },
  },
  // Issue 15: the documents can live in the database (DOCUMENT_STORE=postgres, storage/postgres.ts):
  // one row per object and its bytes in chunks, so neither a write nor a read holds a whole file.
  // Created on both engines so the schema stays one; the store itself is offered on PostgreSQL only.
  '006_almacen_documentos': {
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
  },
  // Issue 16 (producto §13): personal data. `suprimida_en` marks an application whose personal
  // fields were replaced by the marker (on request or by retention); a historial row with `campo`
  // is a rectification (old and new value), not a status move.
  '007_datos_personales': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('solicitudes').addColumn('suprimida_en', 'text').execute();
      await db.schema.alterTable('historial').addColumn('campo', 'text').execute();
      await db.schema.alterTable('historial').addColumn('anterior', 'text').execute();
      await db.schema.alterTable('historial').addColumn('nuevo', 'text').execute();
    },
  },
  // The audit chain keyed (decision 098): each new row names the key whose HMAC sealed it. Rows
  // written before keep `clave` null and their SHA-256 links; the server's start seals them under
  // the key with a row of its own (servicios/auditoria-cabeza.ts, sellarCadena).
  '008_auditoria_con_clave': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('auditoria').addColumn('clave', 'text').execute();
    },
  },
};

/** A PostgreSQL-only function fails harmlessly on SQLite (the other way round would abort PostgreSQL's transaction). */
async function motorEsPostgres(db: Kysely<unknown>): Promise<boolean> {
  return sql`select current_setting('server_version')`
    .execute(db)
    .then(() => true)
    .catch(() => false);
}

/**
 * PostgreSQL: a trigram index answers `busqueda LIKE '%term%'` without a scan. pg_trgm ships with
 * PostgreSQL and is a trusted extension (any role that may create in the database may add it);
 * where it is missing or not allowed the inbox still works, scanning.
 */
async function trigramasSiSePuede(db: Kysely<unknown>): Promise<void> {
  // A PostgreSQL-only function: on SQLite it fails harmlessly (on PostgreSQL a failed statement
  // would abort the migration's transaction, so the probe must be the other way round).
  const esPostgres = await sql`select current_setting('server_version')`
    .execute(db)
    .then(() => true)
    .catch(() => false);
  if (!esPostgres) return;
  const { rows } = await sql<{ disponible: boolean; permitido: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm') as disponible,
           has_database_privilege(current_database(), 'CREATE') as permitido`.execute(db);
  if (!rows[0]?.disponible || !rows[0].permitido) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index solicitudes_busqueda_trgm on solicitudes using gin (busqueda gin_trgm_ops)`.execute(db);
}

export const proveedorDeMigraciones: MigrationProvider = { getMigrations: async () => migraciones };

export async function migrar(db: Kysely<Database>): Promise<void> {
  // Migrations describe the schema as it was at their time, so they work on an untyped instance.
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, provider: proveedorDeMigraciones });
  // PostgreSQL serialises migrators with a lock; SQLite's lock is per process, so a second
  // process starting at the same moment can lose the race. Each migration is transactional, so
  // trying again simply finds it done.
  for (let intento = 1; ; intento++) {
    const { error, results } = await migrator.migrateToLatest();
    const fallida = results?.find((r) => r.status === 'Error');
    if (!error && !fallida) return;
    if (intento >= 5) {
      throw new Error(`No se pudo migrar la base de datos${fallida ? ` (${fallida.migrationName})` : ''}`, {
        cause: error,
      });
    }
    await new Promise((listo) => setTimeout(listo, 100 * intento));
  }
}
