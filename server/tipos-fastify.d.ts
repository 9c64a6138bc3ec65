// What buildApp decorates the Fastify instance with.
import type { Config } from './config/index.js';
import type { Db } from './db/esquema.js';
import type { Motor } from './db/conexion.js';
import type { CacheCatalogos } from './catalogos/cache.js';
import type { DocumentStore } from './storage/almacen.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    motor: Motor;
    documentos: DocumentStore;
    catalogos: CacheCatalogos;
  }
}
