// Receipts printed before versions existed keep verifying (producto §14): on both engines, a
// database at the migration before versions, holding an application with its verification token
// and documents, is migrated to the latest schema; the old token is now version 1 of that
// application, listing the documents it holds, and verifies as the current version.
import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificacionDe } from '../../server/comprobante/consultas.js';
import { versionesDe } from '../../server/comprobante/versiones.js';
import { abrirBase } from '../../server/db/conexion.js';
import type { Database } from '../../server/db/esquema.js';
import { proveedorDeMigraciones } from '../../server/db/migraciones.js';
import { tokenDeVerificacion } from '../../server/solicitud/tokens.js';
import { MOTORES, crearEntorno, type Entorno } from './ayuda/bases.js';

const ANTES_DE_VERSIONES = '008_auditoria_con_clave';

// PostgreSQL missing: skipped on a developer's machine; under CI=true ayuda/bases.ts fails the run.
for (const { motor } of MOTORES.filter((m) => m.disponible)) {
  describe(`la migración a versiones del comprobante [${motor}]`, () => {
    let entorno: Entorno;
    let db: Kysely<Database>;
    const token = tokenDeVerificacion();
    const solicitudId = randomUUID();
    const documentoId = randomUUID();

    beforeAll(async () => {
      entorno = await crearEntorno(motor);
      ({ db } = abrirBase({ dataDir: entorno.config.dataDir, databaseUrl: entorno.config.databaseUrl }));
      const migrador = new Migrator({ db: db as unknown as Kysely<unknown>, provider: proveedorDeMigraciones });
      const hasta = await migrador.migrateTo(ANTES_DE_VERSIONES);
      expect(hasta.error).toBeUndefined();
      const en = '2026-10-01T12:00:00.000Z';
      // The schema of that time, written as it was (the typed Database no longer has `verificacion`).
      await sql`insert into borradores (id, creado_en, actualizado_en) values (${solicitudId}, ${en}, ${en})`.execute(db);
      await sql`insert into documentos (id, borrador_id, clave, extension, mime, bytes, sha256, archivo, creado_en)
        values (${documentoId}, ${solicitudId}, 'PolizaMalaPraxis', 'pdf', 'application/pdf', 1234, ${'a'.repeat(64)}, 'x.pdf', ${en})`.execute(db);
      await sql`insert into solicitudes (id, numero, borrador_id, huella, creada_en, dni, matricula, apellidoynombre,
          email, datos_socio, terminos_version, terminos_aceptados_en, estado, busqueda, verificacion)
        values (${solicitudId}, 'AMR-0000AA', ${solicitudId}, 'x', ${en}, '30111222', '1', 'Pérez, Ana', 'a@example.com',
          '{}', 'x', ${en}, 'en_revision', 'x', ${token})`.execute(db);
      await sql`insert into solicitud_documentos (solicitud_id, documento_id, nombre)
        values (${solicitudId}, ${documentoId}, 'PolizaMalaPraxis.pdf')`.execute(db);
      const resto = await migrador.migrateToLatest();
      expect(resto.error).toBeUndefined();
    });

    afterAll(async () => {
      await db?.destroy();
      await entorno?.limpiar();
    });

    it('the old token is version 1, with the documents the application holds', async () => {
      const versiones = await versionesDe(db, solicitudId);
      expect(versiones).toEqual([
        {
          solicitudId,
          version: 1,
          token,
          emitidoEn: '2026-10-01T12:00:00.000Z',
          documentos: [{ clave: 'PolizaMalaPraxis', documentoId, bytes: 1234, sha256: 'a'.repeat(64) }],
          reemplazados: [],
        },
      ]);
    });

    it('and verifies as the current version', async () => {
      const v = await verificacionDe(db, token);
      expect(v).toMatchObject({
        numeroSolicitud: 'AMR-0000AA',
        estado: 'en_revision',
        version: 1,
        reemplazadoPor: null,
        documentos: [{ clave: 'PolizaMalaPraxis', sha256: 'a'.repeat(64), reemplazado: false }],
      });
    });
  });
}
