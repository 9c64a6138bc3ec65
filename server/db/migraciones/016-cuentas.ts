// Accounts and notifications (producto §16):
// - personal: the account's e-mail ("Correo electrónico", null until someone gives it one), its
//   last sign-in, the "Resumen diario" opt-in, and when this person last opened the inbox (the
//   "Novedades" count starts there; null: from the account's creation);
// - enlaces_personal: single-use links to choose a password — a new account's (24 h) and a
//   forgotten password's (1 h) — kept as the sha256 of their token, used once (`usado_en`) or
//   withdrawn by a newer link of the same account (`retirado_en`);
// - codigos_recuperacion: an account's 10 single-use recovery codes, as sha256 of the code (each
//   carries 80 random bits: a hash that is fast to compute is still not worth reversing);
// - the corrections' history rows by time, for "Novedades" (the arrivals have the inbox's index on
//   creada_en).
import { sql, type Kysely, type Migration } from 'kysely';

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('personal').addColumn('correo', 'text').execute();
    await db.schema.alterTable('personal').addColumn('ultimo_ingreso_en', 'text').execute();
    await db.schema
      .alterTable('personal')
      .addColumn('resumen_diario', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('personal').addColumn('novedades_desde', 'text').execute();

    await db.schema
      .createTable('enlaces_personal')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('personal_id', 'text', (c) => c.notNull().references('personal.id'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('vence_ms', 'bigint', (c) => c.notNull())
      .addColumn('usado_en', 'text')
      .addColumn('retirado_en', 'text')
      .execute();
    await db.schema
      .createIndex('enlaces_personal_por_cuenta')
      .on('enlaces_personal')
      .column('personal_id')
      .execute();

    await db.schema
      .createTable('codigos_recuperacion')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('personal_id', 'text', (c) => c.notNull().references('personal.id'))
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('usado_en', 'text')
      .execute();
    await db.schema
      .createIndex('codigos_recuperacion_por_cuenta')
      .on('codigos_recuperacion')
      .column('personal_id')
      .execute();

    await db.schema
      .createIndex('historial_corregidas')
      .on('historial')
      .columns(['en', 'solicitud_id'])
      .where(sql.ref('hacia'), '=', 'corregida')
      .execute();
  },
};
