// Which DocumentStore a process uses, from its configuration (DOCUMENT_STORE, validated at
// start-up by config/index.ts). Uploads are always staged under DATA_DIR of the receiving process.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/index.js';
import type { Db } from '../db/esquema.js';
import type { DocumentStore } from './almacen.js';
import { almacenEnDisco } from './disco.js';
import { almacenEnPostgres } from './postgres.js';
import { NOMBRE_VALIDO } from './preparacion.js';
import { almacenEnS3 } from './s3.js';

function documentosEnDisco(dataDir: string): number {
  try {
    return readdirSync(path.join(dataDir, 'documentos')).filter((n) => NOMBRE_VALIDO.test(n)).length;
  } catch {
    return 0;
  }
}

export function crearAlmacen(config: Config, db: Db): DocumentStore {
  const { almacen } = config;
  switch (almacen.tipo) {
    case 'disco':
      return almacenEnDisco(config.dataDir);
    case 'postgres': {
      // Earlier versions kept documents on disk even with DATABASE_URL. Upgrading such a
      // deployment without choosing would hide every stored document: refuse and say what to do.
      const enDisco = almacen.porDefecto ? documentosEnDisco(config.dataDir) : 0;
      if (enDisco > 0) {
        throw new Error(
          `Hay ${enDisco} documentos en ${path.join(config.dataDir, 'documentos')} y DOCUMENT_STORE no está ` +
            'definida: con DATABASE_URL los documentos se guardan por defecto en PostgreSQL, donde esos no están. ' +
            'Definí DOCUMENT_STORE=disco para seguir usándolos, o pasalos a PostgreSQL con un respaldo y una ' +
            'restauración (npm run respaldo) y definí DOCUMENT_STORE=postgres.',
        );
      }
      return almacenEnPostgres(config.dataDir, db);
    }
    case 's3':
      if (!almacen.s3) throw new Error('DOCUMENT_STORE=s3 sin su configuración');
      return almacenEnS3(config.dataDir, almacen.s3);
  }
}
