// `respaldo restaurar <dir>`: into an empty database and an empty store only. The whole backup is
// checked against its manifest before anything is touched; then the database is loaded, every
// document written through the configured store (any type: documents go through the interface),
// and every row's document read back and compared with the row and the manifest.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../server/config/index.js';
import { abrirBase } from '../../server/db/conexion.js';
import type { Db } from '../../server/db/esquema.js';
import { migrar } from '../../server/db/migraciones.js';
import type { DocumentStore } from '../../server/storage/almacen.js';
import { crearAlmacen } from '../../server/storage/eleccion.js';
import { huellaDeArchivo, huellaDeFlujo } from './archivos.js';
import {
  leerManifiesto,
  SUBDIRECTORIO_DOCUMENTOS,
  type ArchivoDelRespaldo,
  type Manifiesto,
} from './manifiesto.js';
import { restaurarPostgres, tablasEnPostgres } from './postgres.js';
import { restaurarSqlite, tablasEnSqlite } from './sqlite.js';

const NOMBRE_MOTOR = { sqlite: 'SQLite (DATA_DIR)', postgres: 'PostgreSQL (DATABASE_URL)' } as const;

/** Every file of the backup against the manifest: a damaged backup is refused before the target is touched. */
async function problemasDelRespaldo(directorio: string, m: Manifiesto): Promise<string[]> {
  const problemas: string[] = [];
  const comparar = async (ruta: string, esperado: ArchivoDelRespaldo) => {
    try {
      const h = await huellaDeArchivo(ruta);
      if (h.bytes !== esperado.bytes || h.sha256 !== esperado.sha256) {
        problemas.push(
          `${ruta}: ${h.bytes} bytes, SHA-256 ${h.sha256}; el manifiesto dice ${esperado.bytes} bytes, ${esperado.sha256}`,
        );
      }
    } catch (error) {
      problemas.push(`${ruta}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  await comparar(path.join(directorio, m.base.nombre), m.base);
  for (const d of m.documentos) await comparar(path.join(directorio, SUBDIRECTORIO_DOCUMENTOS, d.nombre), d);
  return problemas;
}

/** The configured store, with a database handle, released afterwards. */
async function conAlmacen<T>(
  config: Config,
  tarea: (db: Db, almacen: DocumentStore) => Promise<T>,
): Promise<T> {
  const { db } = abrirBase(config);
  try {
    const almacen = crearAlmacen(config, db);
    try {
      return await tarea(db, almacen);
    } finally {
      await almacen.cerrar?.();
    }
  } finally {
    await db.destroy();
  }
}

export async function restaurarRespaldo(config: Config, directorio: string): Promise<number> {
  const m = await leerManifiesto(directorio);
  const motor = config.databaseUrl ? 'postgres' : 'sqlite';
  if (m.motor !== motor) {
    console.error(
      `El respaldo es de ${NOMBRE_MOTOR[m.motor]} y la configuración apunta a ${NOMBRE_MOTOR[motor]}: ` +
        'restauralo con el mismo motor de base de datos.',
    );
    return 1;
  }
  const danios = await problemasDelRespaldo(directorio, m);
  if (danios.length > 0) {
    for (const p of danios) console.error(`  ${p}`);
    console.error(
      `El respaldo está dañado (${danios.length} archivo(s), arriba): no se tocó la base ni el almacén.`,
    );
    return 1;
  }

  const tablas = config.databaseUrl
    ? await tablasEnPostgres(config.databaseUrl)
    : tablasEnSqlite(config.dataDir);
  if (tablas > 0) {
    console.error(
      `La base de destino no está vacía (tiene ${tablas} tablas): restaurá solo en una base nueva ` +
        (config.databaseUrl ? '(createdb) ' : '(un DATA_DIR sin alta.sqlite) ') +
        'y con los servidores detenidos. No se modificó nada.',
    );
    return 1;
  }
  // A PostgreSQL store lives in the (empty) database itself; disk and S3 are checked apart.
  if (config.almacen.tipo !== 'postgres') {
    const guardados = await conAlmacen(config, (_db, almacen) => almacen.listar());
    if (guardados.length > 0) {
      console.error(
        `El almacén de documentos (${config.almacen.tipo}) no está vacío: tiene ${guardados.length} documentos. ` +
          'Restaurá solo en un almacén vacío. No se modificó nada.',
      );
      return 1;
    }
  }

  if (config.databaseUrl) await restaurarPostgres(config.databaseUrl, path.join(directorio, m.base.nombre));
  else await restaurarSqlite(path.join(directorio, m.base.nombre), config.dataDir);

  return conAlmacen(config, async (db, almacen) => {
    // A backup of an older version is brought up to this one, as the server would at start.
    await migrar(db);
    for (const d of m.documentos) {
      await almacen.escribir(
        d.nombre,
        createReadStream(path.join(directorio, SUBDIRECTORIO_DOCUMENTOS, d.nombre)),
      );
    }
    if (m.retirados.length > 0) {
      // Drafts' documents deleted while the backup was copying: the draft simply lacks them.
      await db.deleteFrom('documentos').where('archivo', 'in', m.retirados).execute();
    }

    const enManifiesto = new Map(m.documentos.map((d) => [d.nombre, d]));
    const filas = await db
      .selectFrom('documentos')
      .select(['archivo', 'bytes', 'sha256'])
      .orderBy('archivo')
      .execute();
    const problemas: string[] = [];
    let bytes = 0;
    for (const fila of filas) {
      const esperado = enManifiesto.get(fila.archivo);
      if (!esperado) {
        problemas.push(`${fila.archivo}: la base lo nombra y el respaldo no lo trae`);
        continue;
      }
      try {
        const leido = await huellaDeFlujo(almacen.abrir(fila.archivo));
        const coincide =
          leido.sha256 === fila.sha256 &&
          leido.sha256 === esperado.sha256 &&
          leido.bytes === Number(fila.bytes) &&
          leido.bytes === esperado.bytes;
        if (coincide) bytes += leido.bytes;
        else {
          problemas.push(
            `${fila.archivo}: el almacén devolvió ${leido.bytes} bytes, SHA-256 ${leido.sha256}; ` +
              `la base dice ${fila.sha256} y el manifiesto ${esperado.sha256}`,
          );
        }
      } catch (error) {
        problemas.push(`${fila.archivo}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (problemas.length > 0) {
      for (const p of problemas) console.error(`  ${p}`);
      console.error(
        `Restauración con diferencias: ${problemas.length} de ${filas.length} documentos no coinciden (arriba).`,
      );
      return 1;
    }
    console.log(
      `Restaurado desde ${directorio} (respaldo del ${m.creadoEn}): base ${NOMBRE_MOTOR[motor]}, ` +
        `${filas.length} documentos en el almacén ${config.almacen.tipo} (${bytes} bytes), ` +
        'cada uno leído de vuelta con el SHA-256 de la base y del manifiesto.',
    );
    return 0;
  });
}
