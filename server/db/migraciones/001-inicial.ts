// The first schema: the catalogues, the padrón, the drafts and their documents, and the
// applications with their equipment and the documents they were sent with.
import type { Kysely, Migration } from 'kysely';

export const migracion: Migration = {
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
};
