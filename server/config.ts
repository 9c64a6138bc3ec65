// The environment, read and validated in one place. A wrong value stops start-up with a message
// that names the variable (configOSalir: the server and the commands exit with code 1).
import { isIP } from 'node:net';
import path from 'node:path';
import { RETENCION_MESES_PREDETERMINADA } from '../domain/datos-personales.js';
import { configAuditoria } from './config-auditoria.js';
import type { AnilloDeClaves } from './servicios/auditoria-claves.js';

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
  /** The audit chain's keys (AUDITORIA_CLAVE…, config-auditoria.ts): the current one and the retired. */
  auditoria: AnilloDeClaves;
  /** Where the audit chain's head is sent once a day (CORREO_AUDITORIA); null: not sent. */
  correoAuditoria: string | null;
}

export type TipoDeAlmacen = 'disco' | 'postgres' | 's3';

export interface ConfigS3 {
  /** The server's origin, e.g. http://127.0.0.1:4569 (from S3_URL without its path). */
  endpoint: string;
  /** The bucket: S3_URL's path, e.g. documentos. */
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface ConfigAlmacen {
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

function entero(env: Env, nombre: string, porDefecto: number, min: number, max: number): number {
  const crudo = env[nombre]?.trim();
  if (crudo === undefined || crudo === '') return porDefecto;
  if (!/^\d+$/.test(crudo)) throw new ConfigError(nombre, `debe ser un número entero (recibido "${crudo}").`);
  const valor = Number(crudo);
  if (valor < min || valor > max)
    throw new ConfigError(nombre, `debe estar entre ${min} y ${max} (recibido ${valor}).`);
  return valor;
}

function unoDe<T extends string>(env: Env, nombre: string, opciones: readonly T[], porDefecto: T): T {
  const crudo = env[nombre]?.trim();
  if (crudo === undefined || crudo === '') return porDefecto;
  if (!(opciones as readonly string[]).includes(crudo)) {
    throw new ConfigError(nombre, `debe ser uno de: ${opciones.join(', ')} (recibido "${crudo}").`);
  }
  return crudo as T;
}

function booleano(env: Env, nombre: string, porDefecto: boolean): boolean {
  const crudo = env[nombre]?.trim().toLowerCase();
  if (crudo === undefined || crudo === '') return porDefecto;
  if (crudo === '1' || crudo === 'true') return true;
  if (crudo === '0' || crudo === 'false') return false;
  throw new ConfigError(nombre, `debe ser 1 o 0 (recibido "${env[nombre]}").`);
}

const MIB = 1024 * 1024;

function urlDeBase(env: Env): string | null {
  const crudo = env.DATABASE_URL?.trim();
  if (!crudo) return null;
  let url: URL;
  try {
    url = new URL(crudo);
  } catch {
    throw new ConfigError(
      'DATABASE_URL',
      'no es una URL válida (se espera postgres://usuario@host:puerto/base).',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError('DATABASE_URL', `debe empezar con postgres:// (recibido ${url.protocol}//).`);
  }
  if (!url.hostname || url.pathname.length <= 1) {
    throw new ConfigError(
      'DATABASE_URL',
      'debe indicar host y base de datos (postgres://usuario@host:puerto/base).',
    );
  }
  return crudo;
}

function urlPublica(env: Env, port: number): string {
  const crudo = env.PUBLIC_URL?.trim();
  if (!crudo) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(crudo);
  } catch {
    throw new ConfigError('PUBLIC_URL', `no es una URL válida (recibido "${crudo}").`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError('PUBLIC_URL', `debe ser http(s)://host[:puerto][/ruta] (recibido "${crudo}").`);
  }
  return url.toString().replace(/\/+$/, '');
}

function urlSmtp(env: Env): string | null {
  const crudo = env.SMTP_URL?.trim();
  if (!crudo) return null;
  let url: URL;
  try {
    url = new URL(crudo);
  } catch {
    throw new ConfigError('SMTP_URL', 'no es una URL válida (se espera smtp://usuario:clave@host:puerto).');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError('SMTP_URL', `debe empezar con smtp:// o smtps:// (recibido ${url.protocol}//).`);
  }
  if (!url.hostname) throw new ConfigError('SMTP_URL', 'debe indicar el host (smtp://host:puerto).');
  return crudo;
}

/** An e-mail address, bare or as `Nombre <dirección>`. */
function direccion(env: Env, nombre: string, porDefecto: string | null): string | null {
  const crudo = env[nombre]?.trim();
  if (!crudo) return porDefecto;
  const caja = /<([^<>]+)>$/.exec(crudo)?.[1] ?? crudo;
  if (!/^[^\s@<>",;]+@[^\s@<>",;]+$/.test(caja) || /[\r\n]/.test(crudo)) {
    throw new ConfigError(nombre, `no es una dirección de correo válida (recibido "${crudo}").`);
  }
  return crudo;
}

function textoDeContacto(env: Env, nombre: string, max: number): string | null {
  const crudo = env[nombre]?.trim();
  if (!crudo) return null;
  // Control characters would break the page's text and any header it reaches.
  const control = [...crudo].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
  if (crudo.length > max || control) {
    throw new ConfigError(
      nombre,
      `debe ser un texto de una línea de hasta ${max} caracteres (recibido "${crudo}").`,
    );
  }
  return crudo;
}

/** CONTACTO_*: the association's phone, e-mail and address (producto §12), validated at start. */
function contacto(env: Env): Contacto | null {
  const telefono = textoDeContacto(env, 'CONTACTO_TELEFONO', 40);
  if (telefono !== null) {
    const digitos = telefono.replace(/\D/g, '').length;
    if (!/^\+?[\d\s().-]+$/.test(telefono) || digitos < 6 || digitos > 15) {
      throw new ConfigError(
        'CONTACTO_TELEFONO',
        `debe ser un número de teléfono: de 6 a 15 dígitos, con espacios, guiones, puntos o paréntesis y un + inicial opcional (recibido "${telefono}").`,
      );
    }
  }
  const email = textoDeContacto(env, 'CONTACTO_EMAIL', 254);
  if (email !== null && !/^[^\s@<>",;:()]+@[^\s@<>",;:()]+\.[^\s@<>",;:()]+$/.test(email)) {
    throw new ConfigError('CONTACTO_EMAIL', `no es una dirección de correo válida (recibido "${email}").`);
  }
  const direccion = textoDeContacto(env, 'CONTACTO_DIRECCION', 200);
  if (telefono === null && email === null && direccion === null) return null;
  return { telefono, email, direccion };
}

/** S3_URL: http(s)://host[:puerto]/bucket (path-style), with the credentials it needs. */
function configS3(env: Env): ConfigS3 {
  const crudo = env.S3_URL?.trim();
  if (!crudo) {
    throw new ConfigError(
      'S3_URL',
      'es obligatoria con DOCUMENT_STORE=s3 (por ejemplo http://127.0.0.1:9000/documentos).',
    );
  }
  let url: URL;
  try {
    url = new URL(crudo);
  } catch {
    throw new ConfigError('S3_URL', `no es una URL válida (recibido "${crudo}").`);
  }
  const partes = url.pathname.split('/').filter(Boolean);
  // Bucket names: 3 to 63 lowercase letters, digits, dots and hyphens.
  const bucket = partes[0] ?? '';
  // A key in the URL is refused without echoing it (the message reaches the logs).
  if (url.username || url.password) {
    throw new ConfigError(
      'S3_URL',
      'no debe llevar credenciales: usá S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY.',
    );
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    partes.length !== 1 ||
    !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)
  ) {
    throw new ConfigError('S3_URL', `debe ser http(s)://host[:puerto]/bucket (recibido "${crudo}").`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  if (!accessKeyId) throw new ConfigError('S3_ACCESS_KEY_ID', 'es obligatoria con DOCUMENT_STORE=s3.');
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!secretAccessKey)
    throw new ConfigError('S3_SECRET_ACCESS_KEY', 'es obligatoria con DOCUMENT_STORE=s3.');
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{1,50}$/.test(region)) {
    throw new ConfigError('S3_REGION', `no es una región válida (recibido "${region}").`);
  }
  return { endpoint: url.origin, bucket, region, accessKeyId, secretAccessKey };
}

/** DOCUMENT_STORE: disco by default, postgres when DATABASE_URL is set (every process sees them). */
function configAlmacen(env: Env, databaseUrl: string | null): ConfigAlmacen {
  const tipo = unoDe(
    env,
    'DOCUMENT_STORE',
    ['disco', 'postgres', 's3'] as const,
    databaseUrl ? 'postgres' : 'disco',
  );
  if (tipo === 'postgres' && !databaseUrl) {
    throw new ConfigError(
      'DOCUMENT_STORE',
      'postgres guarda los documentos en la base PostgreSQL: necesita DATABASE_URL. Sin ella usá disco o s3.',
    );
  }
  const porDefecto = !env.DOCUMENT_STORE?.trim();
  return tipo === 's3' ? { tipo, porDefecto, s3: configS3(env) } : { tipo, porDefecto };
}

function proxies(env: Env): string[] {
  const crudo = env.TRUST_PROXY?.trim();
  if (!crudo) return [];
  const lista = crudo
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of lista) {
    const [direccion, prefijo, ...resto] = item.split('/');
    const version = isIP(direccion ?? '');
    const prefijoValido =
      prefijo === undefined || (/^\d+$/.test(prefijo) && Number(prefijo) <= (version === 6 ? 128 : 32));
    if (!version || !prefijoValido || resto.length > 0) {
      throw new ConfigError(
        'TRUST_PROXY',
        `debe ser una lista de direcciones IP o rangos CIDR separados por comas (recibido "${item}").`,
      );
    }
  }
  return lista;
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const nodeEnv = unoDe(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'production');
  const production = nodeEnv === 'production';
  const demo = booleano(env, 'DEMO', false);
  if (demo && production) {
    throw new ConfigError(
      'DEMO',
      'no se admite en producción (NODE_ENV sin definir o production): el padrón de demostración es público. ' +
        'Para probar el producto usá `npm start`, que define NODE_ENV=development y DEMO=1.',
    );
  }
  const requestTimeoutMs = entero(env, 'REQUEST_TIMEOUT_MS', 120_000, 1_000, 3_600_000);
  const host = env.HOST?.trim() || '0.0.0.0';
  if (!isIP(host) && !/^[A-Za-z0-9.-]+$/.test(host))
    throw new ConfigError('HOST', `no es una dirección válida (recibido "${host}").`);
  const dataDir = env.DATA_DIR?.trim() || './data';
  if (dataDir.includes('\0')) throw new ConfigError('DATA_DIR', 'no es una ruta válida.');
  const port = entero(env, 'PORT', 8080, 1, 65535);
  const databaseUrl = urlDeBase(env);
  const dataDirAbsoluto = path.resolve(cwd, dataDir);
  return {
    port,
    host,
    dataDir: dataDirAbsoluto,
    databaseUrl,
    nodeEnv,
    production,
    demo,
    apiDocs: booleano(env, 'API_DOCS', !production),
    trustProxy: proxies(env),
    logLevel: unoDe(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    dniCheckMax: entero(env, 'DNI_CHECK_MAX', 30, 1, 100_000),
    dniCheckWindowMinutes: entero(env, 'DNI_CHECK_WINDOW_MINUTES', 10, 1, 24 * 60),
    writeMaxPerHour: entero(env, 'WRITE_MAX_PER_HOUR', 120, 1, 1_000_000),
    requestTimeoutMs,
    headersTimeoutMs: entero(
      env,
      'HEADERS_TIMEOUT_MS',
      Math.min(30_000, requestTimeoutMs),
      1_000,
      requestTimeoutMs,
    ),
    maxConnections: entero(env, 'MAX_CONNECTIONS', 1_000, 1, 1_000_000),
    draftMaxAgeHours: entero(env, 'DRAFT_MAX_AGE_HOURS', 72, 1, 24 * 365),
    draftMaxBytes: entero(env, 'DRAFT_MAX_MB', 200, 1, 100_000) * MIB,
    uploadMaxBytesPerHour: entero(env, 'UPLOAD_MAX_MB_PER_HOUR', 300, 1, 1_000_000) * MIB,
    draftsMaxPerHour: entero(env, 'DRAFTS_MAX_PER_HOUR', 30, 1, 1_000_000),
    diskFreeMinBytes: entero(env, 'DISK_FREE_MIN_MB', 1_024, 0, 10_000_000) * MIB,
    sweepIntervalMinutes: entero(env, 'SWEEP_INTERVAL_MINUTES', 60, 0, 24 * 60),
    drenajeMs: entero(env, 'SHUTDOWN_DRAIN_MS', 2_000, 0, 60_000),
    retentionMonths: entero(env, 'RETENTION_MONTHS', RETENCION_MESES_PREDETERMINADA, 1, 1_200),
    clientDir: path.resolve(cwd, 'dist/client'),
    publicUrl: urlPublica(env, port),
    smtpUrl: urlSmtp(env),
    mailFrom: direccion(env, 'MAIL_FROM', 'Asociación Médica de Rosario <no-responder@localhost>')!,
    staffMail: direccion(env, 'CORREO_PERSONAL', null),
    mailLeaseSeconds: entero(env, 'MAIL_LEASE_SECONDS', 120, 2, 3_600),
    mailPollSeconds: entero(env, 'MAIL_POLL_SECONDS', 5, 0, 3_600),
    contacto: contacto(env),
    almacen: configAlmacen(env, databaseUrl),
    auditoria: configAuditoria(
      env,
      { production, dataDir: dataDirAbsoluto, cwd },
      (variable, detalle) => new ConfigError(variable, detalle),
    ),
    correoAuditoria: direccion(env, 'CORREO_AUDITORIA', null),
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
