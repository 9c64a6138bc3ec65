// What every command shares: the server's configuration (DATA_DIR / DATABASE_URL) and database
// code, a readable message instead of a stack for expected failures, and a closed database.
import { prepararBase } from '../server/app.js';
import { configOSalir, type Config } from '../server/config.js';
import type { Db } from '../server/db/esquema.js';

export async function ejecutar(tarea: (db: Db, config: Config) => Promise<number>): Promise<void> {
  const config = configOSalir();
  const { db } = await prepararBase(config);
  let codigo = 1;
  try {
    codigo = await tarea(db, config);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  } finally {
    await db.destroy();
  }
  process.exitCode = codigo;
}
