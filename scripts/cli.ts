// What every command shares: the server's configuration (DATA_DIR / DATABASE_URL) and database
// code, a readable message instead of a stack for expected failures, and a closed database.
// Commands never seed anything (the demo padrón included: that is the server's, in demo mode);
// a command that writes brings the schema up to date first, one that only reads never migrates:
// it opens SQLite read-only and refuses a database whose schema is behind.
import { Migrator, type Kysely } from 'kysely';
import { configOSalir, type Config } from '../server/config/index.js';
import { abrirBase } from '../server/db/conexion.js';
import type { Db } from '../server/db/esquema.js';
import { migrar, proveedorDeMigraciones } from '../server/db/migraciones.js';
import { sellarCadena } from '../server/auditoria/cadena.js';
import { usarClavesDeAuditoria } from '../server/auditoria/claves.js';
import { asegurarDirectorioDeDatos } from '../server/storage/directorio-de-datos.js';

export type Acceso = 'lectura' | 'escritura';

async function migracionesPendientes(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, provider: proveedorDeMigraciones });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}

export async function ejecutar(
  acceso: Acceso,
  tarea: (db: Db, config: Config) => Promise<number>,
): Promise<void> {
  const config = configOSalir();
  usarClavesDeAuditoria(config.auditoria);
  let db: Db;
  try {
    asegurarDirectorioDeDatos(config.dataDir);
    db = abrirBase(config, { soloLectura: acceso === 'lectura' }).db;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
    return;
  }
  let codigo = 1;
  try {
    if (acceso === 'escritura') {
      await migrar(db);
      await sellarCadena(db);
    } else {
      const pendientes = await migracionesPendientes(db);
      if (pendientes.length > 0) {
        throw new Error(
          `La base de datos no está al día (faltan ${pendientes.join(', ')}). Iniciá el servidor de esta ` +
            'versión una vez para migrarla; este comando solo lee.',
        );
      }
    }
    codigo = await tarea(db, config);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  } finally {
    await db.destroy();
  }
  process.exitCode = codigo;
}
