// After sending (producto §11): the verification token, the outbox, the correction links and
// the documents' end dates.
import { sql, type Migration } from 'kysely';
import { tokenDeVerificacion } from '../../solicitud/tokens.js';

export const migracion: Migration = {
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
};
