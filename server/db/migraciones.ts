// The schema, as code: the same migrations run on SQLite and PostgreSQL through Kysely's
// Migrator, automatically at start-up (and by the CLIs).
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
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
};

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
