// `respaldo crear <dir>`: the database first (one consistent snapshot), then every document that
// snapshot points to, streamed out of the configured store and checked against its row's SHA-256,
// then the manifest. Why this order keeps every sent application whole: decision 093.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../server/config/index.js';
import type { Db } from '../../server/db/esquema.js';
import type { DocumentStore } from '../../server/storage/almacen.js';
import { crearAlmacen } from '../../server/storage/eleccion.js';
import { copiarAArchivo, huellaDeArchivo, prepararDirectorioNuevo } from './archivos.js';
import { fsyncRuta } from '../../server/storage/preparacion.js';
import type { FilaDeDocumento } from './filas.js';
import { escribirManifiesto, SUBDIRECTORIO_DOCUMENTOS, type ArchivoDelRespaldo } from './manifiesto.js';
import { instantaneaPostgres } from './postgres.js';
import { instantaneaSqlite } from './sqlite.js';

const MIB = 1024 * 1024;

/** Whether the live database still has the row (a draft's document may be replaced or swept meanwhile). */
async function sigueEnLaBase(db: Db, archivo: string): Promise<boolean> {
  const fila = await db
    .selectFrom('documentos')
    .select('id')
    .where('archivo', '=', archivo)
    .executeTakeFirst();
  return fila !== undefined;
}

/** `almacen`: the configured store unless given (the tests wrap it to time a sweep mid-copy). */
export async function crearRespaldo(
  db: Db,
  config: Config,
  directorio: string,
  almacen: DocumentStore = crearAlmacen(config, db),
): Promise<number> {
  await prepararDirectorioNuevo(directorio);
  const motor = config.databaseUrl ? 'postgres' : 'sqlite';
  const nombreBase = motor === 'postgres' ? 'base.dump' : 'base.sqlite';
  const rutaBase = path.join(directorio, nombreBase);
  const filas: FilaDeDocumento[] = config.databaseUrl
    ? await instantaneaPostgres(config.databaseUrl, rutaBase)
    : await instantaneaSqlite(config.dataDir, rutaBase);
  const base: ArchivoDelRespaldo = { nombre: nombreBase, ...(await huellaDeArchivo(rutaBase)) };

  const carpeta = path.join(directorio, SUBDIRECTORIO_DOCUMENTOS);
  await mkdir(carpeta, { mode: 0o700 });
  const documentos: ArchivoDelRespaldo[] = [];
  const retirados: string[] = [];
  const problemas: string[] = [];
  try {
    for (const fila of filas) {
      const destino = path.join(carpeta, fila.archivo);
      let motivo: string;
      try {
        const copia = await copiarAArchivo(almacen.abrir(fila.archivo), destino);
        if (copia.sha256 === fila.sha256 && copia.bytes === fila.bytes) {
          documentos.push({ nombre: fila.archivo, ...copia });
          continue;
        }
        motivo = `el almacén devolvió ${copia.bytes} bytes con SHA-256 ${copia.sha256}; la base dice ${fila.bytes} bytes, ${fila.sha256}`;
      } catch (error) {
        motivo = error instanceof Error ? error.message : String(error);
      }
      await rm(destino, { force: true });
      // A draft's document replaced or swept after the snapshot: its row is gone too, and the
      // restore drops it from the copy. An application's document is never deleted, so missing
      // it is a real loss.
      if (!fila.enviado && !(await sigueEnLaBase(db, fila.archivo))) {
        retirados.push(fila.archivo);
        continue;
      }
      problemas.push(`${fila.archivo}: ${motivo}`);
    }
  } finally {
    await almacen.cerrar?.();
  }
  if (problemas.length > 0) {
    for (const p of problemas) console.error(`  ${p}`);
    console.error(
      `Respaldo incompleto: ${problemas.length} documento(s) no se pudieron copiar íntegros (arriba). ` +
        `No se escribió el manifiesto, así que ${directorio} no se puede restaurar.`,
    );
    return 1;
  }
  await fsyncRuta(carpeta);
  await escribirManifiesto(directorio, {
    version: 1,
    creadoEn: new Date().toISOString(),
    motor,
    almacen: config.almacen.tipo,
    base,
    documentos,
    retirados,
  });
  await fsyncRuta(directorio);
  const bytes = documentos.reduce((total, d) => total + d.bytes, 0);
  console.log(
    `Respaldo creado en ${directorio}: base ${motor} (${(base.bytes / MIB).toFixed(1)} MiB) y ` +
      `${documentos.length} documentos (${(bytes / MIB).toFixed(1)} MiB) del almacén ${config.almacen.tipo}.` +
      (retirados.length > 0
        ? ` ${retirados.length} documento(s) de borradores se reemplazaron o barrieron durante la copia y no se incluyen.`
        : ''),
  );
  return 0;
}
