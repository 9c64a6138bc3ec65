// The environment, read and validated in one place: every variable is declared once in
// config/esquema.ts (type, default, allowed values, whether secret, the README's line) and
// validated with yup; this file turns the validated values into the Config the server uses. A
// wrong value stops start-up with a message that names the variable (configOSalir: the server
// and the commands exit with code 1).
import path from 'node:path';
import { ValidationError } from 'yup';
import { configAuditoria } from './auditoria.js';
import { esquemaDelEntorno, NOMBRES, type Entorno } from './esquema.js';
import { partesDeS3 } from './validadores.js';
import type { AjusteDobleControl } from '../../domain/doble-control.js';
import type { AnilloDeClaves } from '../auditoria/claves.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Unset means production: the secure choices need no variable (decision 075). */
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
  /** Demo mode (DEMO=1): an empty padrón gets the published demo pairs. Refused in production. */
  demo: boolean;
  /** Serve the OpenAPI document and Swagger UI at /api/docs (default: outside production only). */
  apiDocs: boolean;
  /** Addresses (or CIDR ranges) of the reverse proxies whose X-Forwarded-For is believed. */
  trustProxy: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  dniCheckMax: number;
  dniCheckWindowMinutes: number;
  /** Uploads and submissions allowed per client address and hour (each route counted apart). */
  writeMaxPerHour: number;
  requestTimeoutMs: number;
  /** Time to receive a request's headers (slowloris); at most requestTimeoutMs. */
  headersTimeoutMs: number;
  /** Open connections the server accepts at once; more are closed at once. */
  maxConnections: number;
  draftMaxAgeHours: number;
  /** Bytes one draft may receive in all, replacements included (413 beyond). */
  draftMaxBytes: number;
  /** Bytes of uploads one client address may send per hour (429 beyond). */
  uploadMaxBytesPerHour: number;
  /** New drafts one client address may open per hour (429 beyond). */
  draftsMaxPerHour: number;
  /** Free space the data disk must keep: uploads are refused (507) below it. */
  diskFreeMinBytes: number;
  /** How often the server sweeps abandoned drafts (0: never; then run `npm run barrer` from cron). */
  sweepIntervalMinutes: number;
  /**
   * Months a rechazada, or an observada left past its correction deadline, keeps its personal data
   * and documents before the retention task deletes them (RETENTION_MONTHS, producto §13).
   */
  retentionMonths: number;
  /** Years from an approval to its re-credentialing link (RECREDENCIALIZACION_ANOS, producto §17). */
  recredencializacionAnos: number;
  /** Working days an application may wait on staff before it is "Demorada" (producto §15). */
  plazoRevisionDias: number;
  /** Which decisions need another administrador's confirmation (DOBLE_CONTROL, producto §15). */
  dobleControl: AjusteDobleControl;
  /**
   * The documents that must be "Verificado en la fuente" before approval (VERIFICACION_REQUERIDA,
   * producto §17): document keys; empty, none.
   */
  verificacionRequerida: readonly string[];
  /** How long a process keeps serving after SIGTERM with its ready check at 503 (decision 092). */
  drenajeMs: number;
  /** Where the built SPA lives; served when it has an index.html. */
  clientDir: string;
  /** The address applicants reach, for the links in e-mails and the receipt's QR code. */
  publicUrl: string;
  /** smtp:// or smtps:// server; null: each message is written as an .eml under DATA_DIR/correo/. */
  smtpUrl: string | null;
  /** The From of every message. */
  mailFrom: string;
  /** Where staff notices go (producto §11); null: none are queued. */
  staffMail: string | null;
  /** How long a sender holds a leased message before another process may take it. */
  mailLeaseSeconds: number;
  /** How often each process looks for due messages (0: this process sends none). */
  mailPollSeconds: number;
  /** The association's contact shown to applicants (producto §12); null: none configured. */
  contacto: Contacto | null;
  /** Where documents live (DOCUMENT_STORE): storage/eleccion.ts builds the store from it. */
  almacen: ConfigAlmacen;
  /** The audit chain's keys (AUDITORIA_CLAVE…, config/auditoria.ts): the current one and the retired. */
  auditoria: AnilloDeClaves;
  /** Where the audit chain's head is sent once a day (CORREO_AUDITORIA); null: not sent. */
  correoAuditoria: string | null;
}

type TipoDeAlmacen = 'disco' | 'postgres' | 's3';

export interface ConfigS3 {
  /** The server's origin, e.g. http://127.0.0.1:4569 (from S3_URL without its path). */
  endpoint: string;
  /** The bucket: S3_URL's path, e.g. documentos. */
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

interface ConfigAlmacen {
  tipo: TipoDeAlmacen;
  /** DOCUMENT_STORE unset: the store follows DATABASE_URL (an upgrade must not lose sight of old files). */
  porDefecto: boolean;
  /** Only with tipo s3. */
  s3?: ConfigS3;
}

/** Each part may be missing; nothing is invented when it is (no default numbers). */
export interface Contacto {
  telefono: string | null;
  email: string | null;
  direccion: string | null;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Configuración inválida: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const MIB = 1024 * 1024;

/**
 * The schema's variables, cast and checked. Of several wrong values the first in the schema's
 * order is reported, with the wording of its check.
 */
function entornoValidado(env: Env): Entorno {
  const propias = Object.fromEntries(NOMBRES.map((nombre) => [nombre, env[nombre]]));
  try {
    return esquemaDelEntorno.validateSync(propias, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fallos = error.inner.length > 0 ? error.inner : [error];
    const orden = (e: ValidationError) => {
      const i = NOMBRES.indexOf(e.path as (typeof NOMBRES)[number]);
      return i === -1 ? NOMBRES.length : i;
    };
    const primero = [...fallos].sort((a, b) => orden(a) - orden(b))[0]!;
    const variable = primero.path ?? 'configuración';
    throw new ConfigError(variable, primero.message);
  }
}

function contacto(e: Entorno): Contacto | null {
  const telefono = e.CONTACTO_TELEFONO;
  const email = e.CONTACTO_EMAIL;
  const direccion = e.CONTACTO_DIRECCION;
  if (telefono === null && email === null && direccion === null) return null;
  return { telefono, email, direccion };
}

function almacen(e: Entorno, env: Env): ConfigAlmacen {
  const tipo = e.DOCUMENT_STORE;
  // Unset: the store follows DATABASE_URL (an upgrade must not lose sight of old files).
  const porDefecto = !env.DOCUMENT_STORE?.trim();
  if (tipo !== 's3') return { tipo, porDefecto };
  const s3: ConfigS3 = {
    ...partesDeS3(e.S3_URL!),
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
  };
  return { tipo, porDefecto, s3 };
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const e = entornoValidado(env);
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    nodeEnv: e.NODE_ENV,
    production,
    demo: e.DEMO,
    apiDocs: e.API_DOCS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    dniCheckMax: e.DNI_CHECK_MAX,
    dniCheckWindowMinutes: e.DNI_CHECK_WINDOW_MINUTES,
    writeMaxPerHour: e.WRITE_MAX_PER_HOUR,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    maxConnections: e.MAX_CONNECTIONS,
    draftMaxAgeHours: e.DRAFT_MAX_AGE_HOURS,
    draftMaxBytes: e.DRAFT_MAX_MB * MIB,
    uploadMaxBytesPerHour: e.UPLOAD_MAX_MB_PER_HOUR * MIB,
    draftsMaxPerHour: e.DRAFTS_MAX_PER_HOUR,
    diskFreeMinBytes: e.DISK_FREE_MIN_MB * MIB,
    sweepIntervalMinutes: e.SWEEP_INTERVAL_MINUTES,
    drenajeMs: e.SHUTDOWN_DRAIN_MS,
    retentionMonths: e.RETENTION_MONTHS,
    recredencializacionAnos: e.RECREDENCIALIZACION_ANOS,
    plazoRevisionDias: e.PLAZO_REVISION_DIAS,
    dobleControl: e.DOBLE_CONTROL,
    verificacionRequerida: e.VERIFICACION_REQUERIDA,
    clientDir: path.resolve(cwd, 'dist/client'),
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    staffMail: e.CORREO_PERSONAL,
    mailLeaseSeconds: e.MAIL_LEASE_SECONDS,
    mailPollSeconds: e.MAIL_POLL_SECONDS,
    contacto: contacto(e),
    almacen: almacen(e, env),
    auditoria: configAuditoria(
      e,
      { production, dataDir, cwd },
      (variable, detalle) => new ConfigError(variable, detalle),
    ),
    correoAuditoria: e.CORREO_AUDITORIA,
  };
}

/** The configuration for a process that is starting: a wrong variable prints its message and exits 1. */
export function configOSalir(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
