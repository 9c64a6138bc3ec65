// The record stays true after every change (producto §14): each receipt is a version of its own,
// with its own verification token and the documents (and replaced documents) it listed, so a
// verification page never contradicts the receipt whose QR code led to it. The token that
// applications held until now (`solicitudes.verificacion`) becomes their version 1, so receipts
// already printed keep verifying; their document list is what the application holds now (nothing
// older was kept). A correction link replaced by "Reenviar el enlace de corrección" is kept as a
// retired hash, so the old address answers "used" (410) rather than "unknown" (404).
import { sql, type Kysely, type Migration } from 'kysely';

interface Vieja {
  id: string;
  verificacion: string;
  creada_en: string;
  suprimida_en: string | null;
}

export const migracion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('comprobantes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('solicitud_id', 'text', (c) => c.notNull().references('solicitudes.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('emitido_en', 'text', (c) => c.notNull())
      // JSON: [{clave, documentoId, bytes, sha256}] — the documents this version lists.
      .addColumn('documentos', 'text', (c) => c.notNull())
      // JSON: [{clave, documentoId, bytes, sha256, en, version, porDocumentoId}] — replaced so far.
      .addColumn('reemplazados', 'text', (c) => c.notNull())
      .addUniqueConstraint('comprobantes_solicitud_version', ['solicitud_id', 'version'])
      .execute();

    const viejas = await sql<Vieja>`select id, verificacion, creada_en, suprimida_en from solicitudes`.execute(db);
    for (const s of viejas.rows) {
      const docs =
        s.suprimida_en !== null
          ? []
          : (
              await sql<{ clave: string; id: string; bytes: number | string; sha256: string }>`
                select d.clave, d.id, d.bytes, d.sha256 from solicitud_documentos sd
                join documentos d on d.id = sd.documento_id where sd.solicitud_id = ${s.id}`.execute(db)
            ).rows.map((d) => ({ clave: d.clave, documentoId: d.id, bytes: Number(d.bytes), sha256: d.sha256 }));
      await sql`insert into comprobantes (id, solicitud_id, version, token, emitido_en, documentos, reemplazados)
        values (${`${s.id}-1`}, ${s.id}, 1, ${s.verificacion}, ${s.creada_en}, ${JSON.stringify(docs)}, '[]')`.execute(db);
    }
    await db.schema.dropIndex('solicitudes_verificacion').execute();
    await db.schema.alterTable('solicitudes').dropColumn('verificacion').execute();

    await db.schema
      .createTable('enlaces_retirados')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('correccion_id', 'text', (c) => c.notNull().references('correcciones.id').onDelete('cascade'))
      .addColumn('retirado_en', 'text', (c) => c.notNull())
      .execute();
  },
};
