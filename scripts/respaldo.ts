// `npm run respaldo -- crear <dir>` / `npm run respaldo -- restaurar <dir>` — the database and the
// documents together (decision 093): crear copies a consistent snapshot and every document it
// points to, with a manifest of sizes and SHA-256; restaurar loads it into an empty database and
// an empty store of any type and reads every document back. Exit 0 when whole, 1 otherwise, 2 on
// wrong usage.
import path from 'node:path';
import { configOSalir } from '../server/config/index.js';
import { asegurarDirectorioDeDatos } from '../server/storage/directorio-de-datos.js';
import { ejecutar } from './cli.js';
import { crearRespaldo } from './respaldo/crear.js';
import { restaurarRespaldo } from './respaldo/restaurar.js';

const [orden, directorio, ...resto] = process.argv.slice(2);
// Everything this command creates holds personal data: owner-only, pg_dump's file included.
process.umask(0o077);

if (orden === 'crear' && directorio && resto.length === 0) {
  // Reads only: SQLite is opened read-only and a database behind this version is refused.
  await ejecutar('lectura', (db, config) => crearRespaldo(db, config, path.resolve(directorio)));
} else if (orden === 'restaurar' && directorio && resto.length === 0) {
  const config = configOSalir();
  try {
    asegurarDirectorioDeDatos(config.dataDir);
    process.exitCode = await restaurarRespaldo(config, path.resolve(directorio));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
} else {
  console.error(
    'Uso: npm run respaldo -- crear <directorio>   |   npm run respaldo -- restaurar <directorio>',
  );
  process.exitCode = 2;
}
