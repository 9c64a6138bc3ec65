// The application as a function of its configuration: tests build it and call inject (no port);
// server.ts builds it and listens. Order matters: security headers first (so every answer,
// errors included, carries them), then the error handler, limits and anti-forgery, then storage,
// routes and the SPA.
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { DOCUMENTOS, TAMANIO_MAXIMO_ARCHIVO } from '../domain/index.js';
import type { Config } from './config.js';
import { abrirBase, type Conexion } from './db/conexion.js';
import { migrar } from './db/migraciones.js';
import { sembrar } from './db/semillas.js';
import { erroresDeMarco } from './errores-de-marco.js';
import { esquemaError } from './errores.js';
import { antifalsificacion } from './plugins/antifalsificacion.js';
import { baseDeDatos } from './plugins/base-de-datos.js';
import { catalogos } from './plugins/catalogos.js';
import { documentos } from './plugins/documentos.js';
import { errores } from './plugins/errores.js';
import { limites } from './plugins/limites.js';
import { openapi, openapiUi } from './plugins/openapi.js';
import { registroDePeticiones } from './plugins/registro-peticiones.js';
import { opcionesDeSeguridad } from './plugins/seguridad.js';
import { spa } from './plugins/spa.js';
import { serializadores } from './registro.js';
import { rutasApiV2 } from './routes/index.js';
import { rutaSalud } from './routes/salud.js';

/** Opens the database and brings it up to date: migrations, then first-start seeds. */
export async function prepararBase(config: Config): Promise<Conexion> {
  const conexion = abrirBase(config);
  try {
    await migrar(conexion.db);
    await sembrar(conexion.db, conexion.motor, { demo: !config.production });
  } catch (error) {
    await conexion.db.destroy();
    throw error;
  }
  return conexion;
}

export interface OpcionesApp {
  /** Where logs go (stdout by default); tests use it to check what is logged. */
  destinoLog?: { write(linea: string): void };
}

export async function buildApp(config: Config, opciones: OpcionesApp = {}): Promise<FastifyInstance> {
  // One options object: helmet's plugin and the answers no hook sees (errores-de-marco.ts).
  const seguridad = opcionesDeSeguridad(config.production);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: serializadores,
            ...(opciones.destinoLog ? { stream: opciones.destinoLog } : {}),
          },
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 256 * 1024,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    // One line per answer instead, from plugins/registro-peticiones.ts.
    logController: new LogController({ disableRequestLogging: true }),
    ...erroresDeMarco(seguridad),
    ajv: {
      customOptions: { coerceTypes: true, removeAdditional: false, allErrors: true, allowUnionTypes: true },
    },
  });

  const conexion = await prepararBase(config);
  try {
    app.decorate('config', config);
    await app.register(baseDeDatos, { conexion });
    await app.register(documentos, { dataDir: config.dataDir });
    await app.register(catalogos);

    app.addSchema(esquemaError);
    await app.register(cookie);
    await app.register(helmet, seguridad);
    await app.register(errores);
    await app.register(registroDePeticiones);
    await app.register(limites);
    await app.register(antifalsificacion, { production: config.production });
    await app.register(multipart, {
      throwFileSizeLimit: false, // checked by hand (part.file.truncated) to answer 413 and keep nothing
      preservePath: true, // see the client's raw file name, so a traversal attempt is refused, not trimmed
      limits: {
        fileSize: TAMANIO_MAXIMO_ARCHIVO,
        files: DOCUMENTOS.length,
        parts: DOCUMENTOS.length + 4,
        fields: 4,
        fieldSize: 1024,
        fieldNameSize: 100,
        headerPairs: 50,
      },
    });
    await app.register(openapi);
    await app.register(rutasApiV2, { prefix: '/api/v2' });
    await app.register(rutaSalud);
    await app.register(openapiUi);
    await app.register(spa, { clientDir: config.clientDir });
  } catch (error) {
    // A plugin failed to load: release the database before reporting it.
    await app.close().catch(() => {});
    await conexion.db.destroy().catch(() => {});
    throw error;
  }
  return app;
}
