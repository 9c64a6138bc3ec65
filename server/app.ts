// The application as a function of its configuration: tests build it and call inject (no port);
// server.ts builds it and listens. Order matters: security headers first (so every answer,
// errors included, carries them), then the error handler, limits and anti-forgery, then storage,
// routes and the SPA.
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { DOCUMENTOS, TAMANIO_MAXIMO_ARCHIVO } from '../domain/index.js';
import type { Config } from './config/index.js';
import { abrirBase, type Conexion } from './db/conexion.js';
import { migrar } from './db/migraciones.js';
import { paresDeDemoEnPadron, sembrar } from './db/semillas.js';
import { sellarCadena } from './auditoria/cadena.js';
import { usarClavesDeAuditoria } from './auditoria/claves.js';
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
import { cabecerasDeSeguridad, opcionesDeSeguridad, seguridadEnCadaRespuesta } from './plugins/seguridad.js';
import { valoresImposibles } from './plugins/valores-imposibles.js';
import { spa } from './plugins/spa.js';
import { correo } from './plugins/correo.js';
import { lectura } from './plugins/lectura.js';
import { tareas } from './plugins/tareas.js';
import { asegurarDirectorioDeDatos } from './storage/directorio-de-datos.js';
import { serializadores } from './registro.js';
import { rutasGestion } from './gestion/rutas/index.js';
import { rutasApiV2 } from './rutas-api.js';
import { sesionPersonal } from './plugins/sesion-personal.js';
import { rutaSalud } from './salud/rutas/index.js';

export const MENSAJE_PARES_DE_DEMO =
  'El padrón contiene los pares de demostración publicados en el README (DNI 30111222 y otros), que en ' +
  'producción darían por socio a cualquiera. Quitalos con `npm run quitar-demo` o reemplazá el padrón por ' +
  'el de la Asociación con `npm run importar -- padron <archivo.csv>`, y volvé a iniciar.';

/**
 * The server's start: DATA_DIR owner-only, the database brought up to date (migrations, the audit
 * chain sealed with the configured key, then first-start seeds; the demo pairs only in demo mode)
 * and, in production, no demo pair left.
 */
export async function prepararBase(config: Config): Promise<Conexion> {
  asegurarDirectorioDeDatos(config.dataDir);
  usarClavesDeAuditoria(config.auditoria);
  const conexion = abrirBase(config);
  try {
    await migrar(conexion.db);
    await sellarCadena(conexion.db);
    await sembrar(conexion.db, conexion.motor, { demo: config.demo });
    if (config.production && (await paresDeDemoEnPadron(conexion.db)) > 0) {
      throw new Error(MENSAJE_PARES_DE_DEMO);
    }
  } catch (error) {
    await conexion.db.destroy();
    throw error;
  }
  return conexion;
}

export interface OpcionesApp {
  /** Where logs go (stdout by default); tests use it to check what is logged. */
  destinoLog?: { write(linea: string): void };
  /** How often the periodic tasks are looked at (tests shorten it). */
  tickTareasMs?: number;
}

export async function buildApp(config: Config, opciones: OpcionesApp = {}): Promise<FastifyInstance> {
  // One set of security headers, computed once: every answer's hook and the answers no hook sees
  // (errores-de-marco.ts).
  const cabeceras = cabecerasDeSeguridad(opcionesDeSeguridad(config.production));
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
    ...erroresDeMarco(cabeceras),
    ajv: {
      customOptions: { coerceTypes: true, removeAdditional: false, allErrors: true, allowUnionTypes: true },
    },
  });

  // Node's own defaults: 60 s for the headers, no cap on connections. Set both explicitly.
  app.server.headersTimeout = config.headersTimeoutMs;
  app.server.maxConnections = config.maxConnections;

  const conexion = await prepararBase(config);
  try {
    app.decorate('config', config);
    if (config.auditoria.desarrollo && config.nodeEnv === 'development') {
      app.log.warn(
        'la auditoría se firma con la clave de desarrollo, que está publicada: en producción configurá AUDITORIA_CLAVE',
      );
    }
    await app.register(baseDeDatos, { conexion });
    await app.register(documentos, { dataDir: config.dataDir });
    await app.register(catalogos);
    await app.register(correo);
    await app.register(lectura);
    await app.register(tareas, { tickMs: opciones.tickTareasMs });

    app.addSchema(esquemaError);
    await app.register(cookie);
    await app.register(seguridadEnCadaRespuesta, { cabeceras });
    await app.register(errores);
    await app.register(registroDePeticiones);
    await app.register(limites);
    await app.register(antifalsificacion, { production: config.production });
    await app.register(valoresImposibles);
    await app.register(multipart, {
      throwFileSizeLimit: false, // counted by hand while reading, to answer 413 at once and keep nothing
      preservePath: true, // see the client's raw file name, so a traversal attempt is refused, not trimmed
      limits: {
        // Above what a document may have: archivos/rutas/recepcion.ts counts each part itself and
        // stops reading at its first byte over 10 MiB. The parser's own limit must never come
        // first: it cuts the part silently and then reads the rest of it, however long, to skip it.
        fileSize: TAMANIO_MAXIMO_ARCHIVO + 1024 * 1024,
        files: DOCUMENTOS.length,
        parts: DOCUMENTOS.length + 4,
        fields: 4,
        // Room for a verification's note (producto §17): 500 characters of up to 4 bytes each.
        fieldSize: 4096,
        fieldNameSize: 100,
        headerPairs: 50,
      },
    });
    await app.register(openapi);
    await app.register(sesionPersonal);
    await app.register(rutasApiV2, { prefix: '/api/v2' });
    await app.register(rutasGestion, { prefix: '/api/gestion' });
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
