// Every setting of the server, declared once: its variable, its type with its default and its
// allowed values (a yup schema from validadores.ts), whether it is secret, and the line the
// README's configuration table gives it. loadConfig (server/config/index.ts) validates the environment
// with this schema; tests/unit/configuracion-tabla.test.ts checks the README's table and the one
// in docs/operations.md against it. Declaration order is the table's order and the order in which
// a wrong value is reported when there are several.
import { mixed, object, type AnySchema, type InferType } from 'yup';
import { RETENCION_MESES_PREDETERMINADA } from '../../domain/datos-personales.js';
import { AJUSTES_DOBLE_CONTROL } from '../../domain/doble-control.js';
import { DOCUMENTO_KEYS } from '../../domain/documentos.js';
import {
  NINGUNA_REQUERIDA,
  VERIFICACION_REQUERIDA_PREDETERMINADA,
} from '../../domain/verificacion-fuente.js';
import { PLAZO_REVISION_DIAS_PREDETERMINADO } from '../../domain/orden-bandeja.js';
import {
  RECREDENCIALIZACION_ANOS_MAXIMO,
  RECREDENCIALIZACION_ANOS_MINIMO,
  RECREDENCIALIZACION_ANOS_PREDETERMINADO,
} from '../../domain/recredencializacion.js';
import {
  booleano,
  entero,
  listaDeDocumentos,
  listaDeProxies,
  normalizarUrlPublica,
  regla,
  revisarCorreoDeContacto,
  revisarDireccion,
  revisarDocumentos,
  revisarHost,
  revisarProxies,
  revisarRegion,
  revisarTelefono,
  revisarTextoDeContacto,
  revisarUrlDeBase,
  revisarUrlPublica,
  revisarUrlS3,
  revisarUrlSmtp,
  texto,
  textoOpcional,
  unoDe,
} from './validadores.js';

export interface Ajuste {
  esquema: AnySchema;
  /** The README's "Meaning" for it: one line, Markdown. */
  descripcion: string;
  /** How the table states a default that depends on other settings (else it is shown as is). */
  predeterminado?: string;
  /** Never echoed in a message or a log (a key, or a URL that may carry a password). */
  secreto?: true;
}

const MENSAJE_DEMO_EN_PRODUCCION =
  'no se admite en producción (NODE_ENV sin definir o production): el padrón de demostración es público. ' +
  'Para probar el producto usá `npm start`, que define NODE_ENV=development y DEMO=1.';

const conS3 = (tipo: unknown) => tipo === 's3';
const obligatoriaConS3 = regla<string | undefined>(
  (v) => (v === undefined ? 'es obligatoria con DOCUMENT_STORE=s3.' : null),
  { ausente: true },
);

export const AJUSTES = {
  PORT: {
    esquema: entero(8080, 1, 65535),
    descripcion: 'Port of the one process (SPA + API).',
  },
  HOST: {
    esquema: texto().default('0.0.0.0').test(regla(revisarHost)),
    descripcion: 'Address to listen on.',
  },
  DATA_DIR: {
    esquema: texto()
      .default('./data')
      .test(regla<string>((d) => (d.includes('\0') ? 'no es una ruta válida.' : null))),
    descripcion:
      'SQLite file and documents (never served by URL). Created 0700, files 0600; the server refuses a directory others can read.',
  },
  DATABASE_URL: {
    esquema: textoOpcional().test(regla(revisarUrlDeBase)),
    descripcion:
      '`postgres://…` switches the database to PostgreSQL (and, unless `DOCUMENT_STORE` says otherwise, the documents too).',
    secreto: true,
  },
  DOCUMENT_STORE: {
    esquema: unoDe(['disco', 'postgres', 's3'] as const)
      .default('disco') // gives the type its default; the `when` below chooses it
      .when('DATABASE_URL', ([base], s) =>
        s
          .default(base ? 'postgres' : 'disco')
          .test(
            regla<string>((tipo) =>
              tipo === 'postgres' && !base
                ? 'postgres guarda los documentos en la base PostgreSQL: necesita DATABASE_URL. Sin ella usá disco o s3.'
                : null,
            ),
          ),
      ),
    predeterminado: '`postgres` with `DATABASE_URL`, else `disco`',
    descripcion:
      'Where documents live: `disco` (`DATA_DIR/documentos`), `postgres` (the PostgreSQL database, in 256 KiB chunks; needs `DATABASE_URL`) or `s3` (an S3-compatible bucket). Uploads are always staged first under `DATA_DIR/documentos/.tmp` of the receiving process.',
  },
  S3_URL: {
    esquema: texto().when('DOCUMENT_STORE', ([tipo], s) =>
      conS3(tipo) ? s.test(regla<string | undefined>(revisarUrlS3, { ausente: true })) : s,
    ),
    descripcion:
      'With `DOCUMENT_STORE=s3`: the server and bucket, path-style, `http(s)://host[:port]/bucket` (e.g. `http://127.0.0.1:9000/documentos`).',
  },
  S3_ACCESS_KEY_ID: {
    esquema: texto().when('DOCUMENT_STORE', ([tipo], s) => (conS3(tipo) ? s.test(obligatoriaConS3) : s)),
    descripcion: 'With `DOCUMENT_STORE=s3`: the access key (required).',
    secreto: true,
  },
  S3_SECRET_ACCESS_KEY: {
    esquema: texto().when('DOCUMENT_STORE', ([tipo], s) => (conS3(tipo) ? s.test(obligatoriaConS3) : s)),
    descripcion: 'With `DOCUMENT_STORE=s3`: the secret key (required).',
    secreto: true,
  },
  S3_REGION: {
    esquema: texto()
      .default('us-east-1')
      .when('DOCUMENT_STORE', ([tipo], s) => (conS3(tipo) ? s.test(regla(revisarRegion)) : s)),
    descripcion:
      'With `DOCUMENT_STORE=s3`: the region the signature names (most self-hosted servers accept any).',
  },
  NODE_ENV: {
    esquema: unoDe(['development', 'production', 'test'] as const).default('production'),
    descripcion:
      '`production`, `development` or `test`. Unset is production: `Secure` cookies with the `__Host-` prefix, `upgrade-insecure-requests`, no demo, no `/api/docs`. `npm start` sets `development`.',
  },
  DEMO: {
    esquema: booleano(false).when('NODE_ENV', ([entorno], s) =>
      entorno === 'production'
        ? s.test(regla<boolean>((demo) => (demo === true ? MENSAJE_DEMO_EN_PRODUCCION : null)))
        : s,
    ),
    descripcion:
      "`1`: demo mode, an empty padrón gets the README's pairs. Refused in production. `npm start` sets it.",
  },
  API_DOCS: {
    esquema: booleano(false).when('NODE_ENV', ([entorno], s) => s.default(entorno !== 'production')),
    predeterminado: '`1` outside production, `0` in it',
    descripcion: 'Serve the OpenAPI document and Swagger UI at `/api/docs`.',
  },
  TRUST_PROXY: {
    esquema: mixed<string[]>()
      .transform((_, crudo) => listaDeProxies(crudo))
      .default(() => [])
      .test(regla(revisarProxies)),
    descripcion:
      'Addresses (or CIDR ranges, comma-separated) of your reverse proxies (only their `X-Forwarded-For` is believed).',
  },
  LOG_LEVEL: {
    esquema: unoDe(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const).default('info'),
    descripcion: 'pino level; logs never carry DNI, e-mail, phone or file contents.',
  },
  DNI_CHECK_MAX: {
    esquema: entero(30, 1, 100_000),
    descripcion:
      'Padrón look-ups per client per `DNI_CHECK_WINDOW_MINUTES`: the DNI + matrícula check and `solicitud/crear` spend one budget, counted in the database.',
  },
  DNI_CHECK_WINDOW_MINUTES: {
    esquema: entero(10, 1, 24 * 60),
    descripcion: 'The window, in minutes, of `DNI_CHECK_MAX`.',
  },
  WRITE_MAX_PER_HOUR: {
    esquema: entero(120, 1, 1_000_000),
    descripcion: 'Uploads, and separately submissions, per client per hour.',
  },
  DRAFT_MAX_MB: {
    esquema: entero(200, 1, 100_000),
    descripcion: 'Bytes one draft may receive in all, replacements included (413 beyond).',
  },
  UPLOAD_MAX_MB_PER_HOUR: {
    esquema: entero(300, 1, 1_000_000),
    descripcion: 'Bytes of uploads per client address per hour (429 beyond).',
  },
  DRAFTS_MAX_PER_HOUR: {
    esquema: entero(30, 1, 1_000_000),
    descripcion: 'New drafts per client address per hour (429 beyond).',
  },
  DISK_FREE_MIN_MB: {
    esquema: entero(1_024, 0, 10_000_000),
    descripcion: 'Free space the data disk keeps: below it uploads are refused (507).',
  },
  SWEEP_INTERVAL_MINUTES: {
    esquema: entero(60, 0, 24 * 60),
    descripcion:
      'How often the server deletes abandoned drafts itself (once across processes); `0` leaves it to `npm run barrer`.',
  },
  SHUTDOWN_DRAIN_MS: {
    esquema: entero(2_000, 0, 60_000),
    descripcion:
      'After SIGTERM, how long the process keeps serving with `/healthz/listo` at 503 so a proxy stops choosing it, before it finishes in-flight requests and exits (0–60000).',
  },
  REQUEST_TIMEOUT_MS: {
    esquema: entero(120_000, 1_000, 3_600_000),
    descripcion: 'Request and connection timeout.',
  },
  HEADERS_TIMEOUT_MS: {
    // At most REQUEST_TIMEOUT_MS, and never more by default.
    esquema: entero(30_000, 1_000, 3_600_000).when('REQUEST_TIMEOUT_MS', ([tope]) => {
      const maximo = typeof tope === 'number' && tope >= 1_000 ? tope : 3_600_000;
      return entero(Math.min(30_000, maximo), 1_000, maximo);
    }),
    descripcion: "Time to receive a request's headers (at most `REQUEST_TIMEOUT_MS`).",
  },
  MAX_CONNECTIONS: {
    esquema: entero(1_000, 1, 1_000_000),
    descripcion: 'Connections served at once; more are closed at once.',
  },
  DRAFT_MAX_AGE_HOURS: {
    esquema: entero(72, 1, 24 * 365),
    descripcion: 'Life of a draft; the age the sweep and `npm run barrer` delete at.',
  },
  RETENTION_MONTHS: {
    esquema: entero(RETENCION_MESES_PREDETERMINADA, 1, 1_200),
    descripcion:
      'Months a rechazada, or an observada whose correction deadline passed unused, keeps its personal data and documents; then the daily task `retencion` deletes them as a deletion on request would (producto §13). Aprobadas are kept. Stated on the terms page.',
  },
  RECREDENCIALIZACION_ANOS: {
    esquema: entero(
      RECREDENCIALIZACION_ANOS_PREDETERMINADO,
      RECREDENCIALIZACION_ANOS_MINIMO,
      RECREDENCIALIZACION_ANOS_MAXIMO,
    ),
    descripcion:
      'Years from an approval to its re-credentialing (producto §17): the provider gets an e-mail link `/recredencializar/<token>`, valid 60 days, to send a new application pre-filled from the approved one; every as many years after that (1–10).',
  },
  PLAZO_REVISION_DIAS: {
    esquema: entero(PLAZO_REVISION_DIAS_PREDETERMINADO, 1, 365),
    descripcion:
      'Working days an application may wait on staff (Recibida, En revisión, Corregida) before the back-office marks it "Demorada" (producto §15).',
  },
  DOBLE_CONTROL: {
    esquema: unoDe(AJUSTES_DOBLE_CONTROL).default('rechazo'),
    descripcion:
      'Four eyes (producto §15): `rechazo` — an administrador\'s "Rechazar" is a proposal another administrador confirms —, `ambos` (also "Aprobar") or `no`. A revisor may always propose approval; with one active administrador decisions are taken directly.',
  },
  VERIFICACION_REQUERIDA: {
    esquema: mixed<string[]>()
      .transform((_, crudo) => listaDeDocumentos(crudo, NINGUNA_REQUERIDA))
      .default(() => [...VERIFICACION_REQUERIDA_PREDETERMINADA])
      .test(regla<string[]>((lista) => revisarDocumentos(lista, DOCUMENTO_KEYS, NINGUNA_REQUERIDA))),
    descripcion:
      'The documents that must be "Verificado en la fuente" before "Aprobar" is offered, proposed or confirmed (producto §17): document keys, comma-separated (`DniAnverso`, `TituloMedico`, …, as in producto §4), or `no` for none.',
  },
  PUBLIC_URL: {
    esquema: texto()
      .transform(normalizarUrlPublica)
      .default('http://localhost:8080') // gives the type its default; the `when` below follows PORT
      .when('PORT', ([port], s) => s.default(`http://localhost:${port}`))
      .test(regla(revisarUrlPublica)),
    predeterminado: '`http://localhost:<PORT>`',
    descripcion:
      "The address applicants reach: the links in e-mails and the receipt's QR code use it. Set it in any real deployment.",
  },
  SMTP_URL: {
    esquema: textoOpcional().test(regla(revisarUrlSmtp)),
    descripcion:
      '`smtp://user:password@host:587` or `smtps://…:465`. Unset: each message is written as an `.eml` file under `DATA_DIR/correo/` (the log says where) instead of being sent.',
    secreto: true,
  },
  MAIL_FROM: {
    esquema: texto()
      .default('Asociación Médica de Rosario <no-responder@localhost>')
      .test(regla(revisarDireccion)),
    descripcion: 'The sender of every message.',
  },
  CORREO_PERSONAL: {
    esquema: textoOpcional().test(regla(revisarDireccion)),
    descripcion:
      "The staff's address: a notice of each new application and each correction received. Unset: no staff notices.",
  },
  MAIL_POLL_SECONDS: {
    esquema: entero(5, 0, 3_600),
    descripcion:
      'How often the outbox is looked at (once across processes); `0` keeps this process from sending.',
  },
  MAIL_LEASE_SECONDS: {
    esquema: entero(120, 2, 3_600),
    descripcion:
      'How long a process holds a message it is sending; after that another process may take it (the first one died).',
  },
  // The three audit settings are checked together, with the key file, by auditoria.ts.
  AUDITORIA_CLAVE: {
    esquema: texto(),
    predeterminado: '— (required in production)',
    descripcion:
      'The key that signs the audit chain (HMAC-SHA-256), `openssl rand -hex 32`; kept outside `DATA_DIR` and the database. Outside production, unset means the development key written in the code (it protects nothing).',
    secreto: true,
  },
  AUDITORIA_CLAVES_ANTERIORES: {
    esquema: texto(),
    descripcion: 'Retired keys, comma-separated, kept to verify the rows they signed (rotation).',
    secreto: true,
  },
  AUDITORIA_CLAVE_ARCHIVO: {
    esquema: texto(),
    descripcion:
      'Instead of the two above: a file outside `DATA_DIR`, not readable by others, with the current key on its first line and the retired ones under it.',
  },
  CORREO_AUDITORIA: {
    esquema: textoOpcional().test(regla(revisarDireccion)),
    descripcion:
      "Where the audit chain's head (`n:hash`) is e-mailed once a day, a witness kept outside the server. Unset: not sent.",
  },
  CONTACTO_TELEFONO: {
    esquema: textoOpcional().test(regla(revisarTelefono)),
    descripcion:
      'The association\'s phone shown to applicants (landing, "DNI o matrícula inválido.", `/completado`), as it should read: 6–15 digits with spaces, dashes, dots, parentheses and an optional leading `+` (e.g. `0341 421-0000`). Unset: no phone is shown — none is invented.',
  },
  CONTACTO_EMAIL: {
    esquema: textoOpcional().test(regla(revisarCorreoDeContacto)),
    descripcion:
      "The association's e-mail address for applicants (a bare address, shown as a `mailto:` link). Unset: none shown.",
  },
  CONTACTO_DIRECCION: {
    esquema: textoOpcional().test(regla<string>((d) => revisarTextoDeContacto(d, 200))),
    descripcion:
      "The association's address for applicants, one line of up to 200 characters. Unset: none shown. With none of the three `CONTACTO_*` set the contact block does not appear at all.",
  },
} satisfies Record<string, Ajuste>;

export type NombreDeAjuste = keyof typeof AJUSTES;
export const NOMBRES = Object.keys(AJUSTES) as NombreDeAjuste[];

const esquemas = <T extends Record<string, Ajuste>>(ajustes: T) =>
  Object.fromEntries(Object.entries(ajustes).map(([nombre, a]) => [nombre, a.esquema])) as {
    [K in keyof T]: T[K]['esquema'];
  };

/** The whole environment: yup casts each variable to its type and checks it. */
export const esquemaDelEntorno = object(esquemas(AJUSTES));
export type Entorno = InferType<typeof esquemaDelEntorno>;

/** A default as the table writes it: `value`, or — when there is none. */
function comoCelda(valor: unknown): string {
  if (valor === undefined || valor === null || (Array.isArray(valor) && valor.length === 0)) return '—';
  if (typeof valor === 'boolean') return valor ? '`1`' : '`0`';
  return `\`${String(valor)}\``;
}

/** Each setting's default as the configuration tables state it (with nothing else set). */
export function predeterminados(): Record<NombreDeAjuste, string> {
  const vacio = esquemaDelEntorno.cast({}, { assert: false }) as Record<string, unknown>;
  return Object.fromEntries(
    NOMBRES.map((nombre) => {
      const ajuste: Ajuste = AJUSTES[nombre];
      return [nombre, ajuste.predeterminado ?? comoCelda(vacio[nombre])];
    }),
  ) as Record<NombreDeAjuste, string>;
}

/** The README's configuration table, row by row, as the schema says it. */
export function filasDeLaTabla(): string[] {
  const celdas = predeterminados();
  return NOMBRES.map((nombre) => `| \`${nombre}\` | ${celdas[nombre]} | ${AJUSTES[nombre].descripcion} |`);
}
