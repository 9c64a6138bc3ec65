// What every answer must satisfy, whatever was sent: no 5xx; an error answer is exactly
// {error, message, fields?} with strings, its message in Spanish and nothing of the server's
// insides (stack frames, SQL, driver errors); and none of the personal data of the request is
// echoed. Back-office answers (/api/gestion) get more checks, from what the request carried
// (juzgarGestion): never cached, no secret in them, 401 without a live session, 403 without
// anti-forgery, a CSV that no spreadsheet runs, documents that no browser sniffs.
import { parse } from 'csv-parse/sync';
import { TEXTOS_GESTION } from '../../../domain/index.js';
import { CODIGOS, MENSAJES_HTTP } from '../../../server/errores.js';
import { COLUMNAS_CSV } from '../../../server/gestion/filas-csv.js';
import { TEXTOS_PERSONAL } from '../../../server/personal/rutas/personal.js';
import type { Peticion } from './peticion.js';

export interface Respuesta {
  status: number;
  tipo: string | undefined;
  cuerpo: string;
  /** The answer's headers, lower-case names. */
  cabeceras?: Record<string, string | string[] | number | undefined>;
}

interface CuerpoDeError {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

function comoError(texto: string): CuerpoDeError | null {
  let cuerpo: unknown;
  try {
    cuerpo = JSON.parse(texto);
  } catch {
    return null;
  }
  if (!cuerpo || typeof cuerpo !== 'object' || Array.isArray(cuerpo)) return null;
  const c = cuerpo as Record<string, unknown>;
  if (Object.keys(c).some((k) => !['error', 'message', 'fields'].includes(k))) return null;
  if (typeof c.error !== 'string' || !c.error || typeof c.message !== 'string' || !c.message) return null;
  if (c.fields === undefined) return c as unknown as CuerpoDeError;
  const bien =
    !!c.fields &&
    typeof c.fields === 'object' &&
    !Array.isArray(c.fields) &&
    Object.values(c.fields as Record<string, unknown>).every((v) => typeof v === 'string');
  return bien ? (c as unknown as CuerpoDeError) : null;
}

// Fastify's and Ajv's own English ("must have required property", "Route GET:/x not found",
// "Unsupported Media Type"…): an answer in it was not turned into ours.
const INGLES =
  /\b(must|should|cannot|not found|unsupported|too large|bad request|internal server|unexpected token|is required)\b|\bFST_ERR|\bRoute [A-Z]+:/i;
const ESPANOL = /[áéíóúñ¿¡]|\b(de|la|el|los|las|no|que|en|un|una|con|por|para|es|tu|su|campo|valor|requerid[oa])\b/i;

// The server's insides: a stack frame, a source path, the database's words.
const INTERNOS: [RegExp, string][] = [
  [/\bat .*\(?\S+\.(ts|js|mjs|cjs):\d+:\d+\)?/, 'a stack frame'],
  [/node_modules|\/server\/\S+\.ts|file:\/\//, 'a source path'],
  [/\bSQLITE_[A-Z]+|\bsqlite3?\b|\bpostgres(ql)?\b|\bkysely\b|\bpg_\w+/i, 'the database driver'],
  [/syntax error|\bviolates\b|duplicate key|relation "|invalid byte sequence|no such (table|column)/i, 'a database error'],
  [/\b(select|insert into|update|delete from)\b[^.]*\b(from|where|values|set)\b/i, 'SQL'],
];

/**
 * What an error body says of its own: the message and the fields' messages. The fields' names are
 * the request's own keys (an unknown one is named back as "Campo no admitido."), not the server's.
 */
const dichoDe = (error: CuerpoDeError): string[] => [error.message, ...Object.values(error.fields ?? {})];

/** The problem with an error body's message and fields, or null. */
function problemaDeMensaje(error: CuerpoDeError): string | null {
  const textos = dichoDe(error);
  for (const t of textos) {
    if (INGLES.test(t) || !ESPANOL.test(t)) return `[idioma] message not in Spanish: ${JSON.stringify(t).slice(0, 160)}`;
  }
  const todo = textos.join('\n');
  for (const [patron, que] of INTERNOS) {
    if (patron.test(todo)) return `[internos] the error body shows ${que}: ${JSON.stringify(error).slice(0, 200)}`;
  }
  return null;
}

/** The first place `valores` (each ≥ 5 characters, raw or JSON-escaped) appear in `cuerpo`. */
function eco(cuerpo: string, valores: string[]): string | null {
  for (const valor of valores) {
    if (valor.length >= 5 && cuerpo.includes(valor)) return valor;
    const json = JSON.stringify(valor).slice(1, -1);
    if (json.length >= 5 && json !== valor && cuerpo.includes(json)) return json;
  }
  return null;
}

/**
 * Judges one answer. `personales` are the personal values the request carried (DNI, e-mail,
 * phone, name…); short ones are ignored (a "3" appears everywhere).
 */
export function juzgar(status: number, tipo: string | undefined, cuerpo: string, personales: string[], metodo = 'GET'): string | null {
  if (status >= 500) return `status ${status}: ${cuerpo.slice(0, 400)}`;
  // HEAD answers carry no body by definition.
  if (status >= 400 && metodo !== 'HEAD') {
    if (!tipo?.includes('application/json')) return `status ${status} without a JSON body (${tipo ?? 'no content-type'})`;
    const error = comoError(cuerpo);
    if (!error) return `status ${status}: body is not {error, message, fields?}: ${cuerpo.slice(0, 200)}`;
    const problema = problemaDeMensaje(error);
    if (problema) return `${problema} (status ${status})`;
  }
  const repetido = eco(cuerpo, personales);
  if (repetido !== null) return `status ${status}: echoes personal data "${repetido.slice(0, 40)}"`;
  return null;
}

// ---- the back-office -------------------------------------------------------------------------

/** The router's own refusals (server/errores-de-marco.ts): no route was matched, so none ran. */
const RECHAZOS_DEL_ROUTER = new Set(['La dirección no es válida.', 'La dirección es demasiado larga.']);
/** Node's HTTP parser refusing the request (raw HTTP only): there was no request, nor a URL. */
const RECHAZOS_DEL_PARSER = new Set(['La solicitud no es válida.']);
/** What only a route's handler says: it ran. */
const DE_UN_HANDLER = new Set<string>([
  TEXTOS_GESTION.solicitudInexistente,
  TEXTOS_GESTION.documentoInexistente,
  TEXTOS_GESTION.movimientoVencido,
  TEXTOS_PERSONAL.cuentaInexistente,
  TEXTOS_PERSONAL.bajaPropia,
]);

const cabecera = (r: Respuesta, nombre: string): string => {
  const v = r.cabeceras?.[nombre];
  return Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v);
};

const TIPOS_ACTIVOS = /text\/html|xhtml|svg|xml|javascript|ecmascript|text\/css/i;

function problemaDeCsv(r: Respuesta): string | null {
  if (!/^text\/csv\b/.test(r.tipo ?? '')) return `[csv] content-type ${r.tipo ?? 'none'}`;
  if (!/^attachment\b/.test(cabecera(r, 'content-disposition'))) return '[csv] not an attachment';
  if (cabecera(r, 'x-content-type-options') !== 'nosniff') return '[csv] without nosniff';
  if (!r.cuerpo.startsWith('\ufeff')) return '[csv] no UTF-8 BOM';
  let filas: string[][];
  try {
    filas = parse(r.cuerpo, { bom: true, delimiter: ';' }) as string[][];
  } catch (error) {
    return `[csv] unreadable: ${(error as Error).message.slice(0, 200)}`;
  }
  if (filas.length === 0 || filas[0]!.length !== COLUMNAS_CSV.length)
    return `[csv] the header row has ${filas[0]?.length ?? 0} cells`;
  for (const fila of filas) {
    // csv-parse already checked every row has as many cells as the header.
    const peligrosa = fila.find((c) => /^[=+\-@\t\r]/.test(c));
    if (peligrosa !== undefined) return `[csv] a cell a spreadsheet would run: ${JSON.stringify(peligrosa.slice(0, 60))}`;
  }
  return null;
}

function problemaDeDocumento(r: Respuesta, modo: 'ver' | 'descargar'): string | null {
  if (cabecera(r, 'x-content-type-options') !== 'nosniff') return `[documento] ${modo} without nosniff`;
  if (TIPOS_ACTIVOS.test(r.tipo ?? '')) return `[documento] served as ${r.tipo}`;
  const disposicion = cabecera(r, 'content-disposition');
  if (!disposicion.startsWith(modo === 'ver' ? 'inline' : 'attachment')) return `[documento] ${modo} with Content-Disposition ${disposicion}`;
  if (modo === 'ver' && !/(^|;)\s*sandbox\b/.test(cabecera(r, 'content-security-policy'))) return '[documento] ver without CSP sandbox';
  return null;
}

const SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the path, its dot segments resolved as a URL parser does (inject does), is still the back-office's. */
function bajoGestion(url: string): boolean {
  try {
    const ruta = new URL(url, 'http://servidor').pathname;
    return ruta === '/api/gestion' || ruta.startsWith('/api/gestion/');
  } catch {
    return true;
  }
}

/**
 * The back-office's own checks, from what the request carried (p.gestion). Without it: null.
 * Runs after juzgar, which already refused 5xx and malformed error bodies.
 */
export function juzgarGestion(p: Peticion, r: Respuesta): string | null {
  const e = p.gestion;
  if (!e) return null;
  for (const secreto of e.secretos) {
    if (secreto && r.cuerpo.includes(secreto)) return `[fuga] status ${r.status}: the answer carries a session token or a password`;
  }
  if (r.cuerpo.includes('$argon2')) return `[fuga] status ${r.status}: the answer carries a password hash`;
  // "/api/gestion/../v2/…" is another path once resolved: not a back-office answer.
  if (!bajoGestion(p.url)) return null;
  const error = r.status >= 400 ? comoError(r.cuerpo) : null;
  const delParser = (r.status === 400 && error !== null && RECHAZOS_DEL_PARSER.has(error.message)) || r.status === 408 || r.status === 431;
  if (!delParser && !/\bno-store\b/.test(cabecera(r, 'cache-control'))) {
    return `[no-store] status ${r.status} without Cache-Control: no-store (${cabecera(r, 'cache-control') || 'none'}): ${r.cuerpo.slice(0, 120)}`;
  }
  if (error) {
    const repetido = eco(dichoDe(error).join('\n'), e.ecoEnErrores);
    if (repetido !== null) return `[eco] status ${r.status}: the error echoes "${repetido.slice(0, 40)}"`;
  }

  // Authorisation. Without a body (HEAD) only the status can be judged.
  const seguro = SEGUROS.has(p.metodo);
  const sinCuerpo = p.metodo === 'HEAD' || error === null;
  const es = (status: number, codigo: string) => r.status === status && (sinCuerpo || error?.error === codigo);
  // No route matched (the router's refusals, the not-found handler, the static files' wildcard
  // route refusing a path with a NUL or too long a name): no route's code ran.
  const delRouter =
    delParser ||
    (r.status === 404 && (sinCuerpo || error?.message === MENSAJES_HTTP.noEncontrado)) ||
    ((r.status === 400 || r.status === 414) && (sinCuerpo || (error !== null && RECHAZOS_DEL_ROUTER.has(error.message)))) ||
    (r.status === 403 && seguro && (sinCuerpo || error?.error === CODIGOS.VALIDACION));
  // A method no route of that path has: a body sent there may be refused while read.
  const sinRuta = !e.ruta && r.status >= 400 && r.status < 500 && !error?.fields && !DE_UN_HANDLER.has(error?.message ?? '');
  const antifalsificacion = es(403, CODIGOS.ANTIFALSIFICACION) && !seguro;
  const limite = r.status === 429;
  if (!e.publica) {
    if (e.sesion === 'ninguna' && !(es(401, CODIGOS.SIN_SESION) || antifalsificacion || limite || delRouter || sinRuta)) {
      return `[sesion] without a live session: status ${r.status} ${r.cuerpo.slice(0, 160)}`;
    }
    if (e.sesion === 'sin-permiso' && !(es(403, CODIGOS.SIN_PERMISO) || antifalsificacion || limite || delRouter || sinRuta)) {
      return `[sesion] a role without the permission: status ${r.status} ${r.cuerpo.slice(0, 160)}`;
    }
    if (e.sesion === 'valida' && es(401, CODIGOS.SIN_SESION)) return `[sesion] the live session was refused: ${r.cuerpo.slice(0, 160)}`;
  }
  if (!seguro && e.xsrf === false && !(antifalsificacion || limite || delRouter)) {
    return `[xsrf] a ${p.metodo} without anti-forgery answered ${r.status} ${r.cuerpo.slice(0, 160)}`;
  }
  if ((seguro || e.xsrf === true) && r.status === 403 && error?.error === CODIGOS.ANTIFALSIFICACION) {
    return `[xsrf] refused although the anti-forgery check should pass`;
  }

  // What a 200 to a GET carries.
  if (r.status === 200 && p.metodo === 'GET') {
    if (e.cuerpo === 'csv') return problemaDeCsv(r);
    if (e.cuerpo === 'ver' || e.cuerpo === 'descargar') return problemaDeDocumento(r, e.cuerpo);
    if (e.cuerpo === 'json' && !/^application\/json\b/.test(r.tipo ?? '')) return `[json] a 200 with content-type ${r.tipo ?? 'none'}`;
  }
  return null;
}
