// The kinds of setting the schema (esquema.ts) is made of, as yup schemas over one environment
// variable each. Every kind reads the variable the same way: blanks around it are dropped and an
// empty value is unset, so the default applies. A wrong value fails with a Spanish sentence that
// follows the variable's name in "Configuración inválida: <VARIABLE> …" (ConfigError).
import { isIP } from 'node:net';
import { mixed, type TestContext } from 'yup';

/** The variable's text without surrounding blanks; empty is unset. */
function limpio(crudo: unknown): string | undefined {
  if (typeof crudo !== 'string') return undefined;
  const texto = crudo.trim();
  return texto === '' ? undefined : texto;
}

/** What is wrong with a value, in the words of the message, or null when nothing is. */
type Revision<T> = (valor: T, crudo: string | undefined) => string | null;

/**
 * A yup test from a revision. Unset values pass unless `ausente` says otherwise (a required
 * setting). The message is given as a function so yup does not read `${…}` in the value.
 */
export function regla<T>(revision: Revision<T>, { ausente = false } = {}) {
  return {
    name: 'configuracion',
    test(this: TestContext, valor: T | null | undefined) {
      if (!ausente && (valor === undefined || valor === null)) return true;
      const detalle = revision(valor as T, limpio(this.originalValue));
      return detalle === null || this.createError({ message: () => detalle });
    },
  };
}

/** Text; unset stays undefined unless a default is given. */
export const texto = () => mixed<string>().transform((_, crudo) => limpio(crudo));

/** Text that is null when unset. */
export const textoOpcional = () => texto().nullable().default(null);

/** A whole number within [min, max]. */
export function entero(porDefecto: number, min: number, max: number) {
  return mixed<number>()
    .transform((_, crudo) => {
      const t = limpio(crudo);
      if (t === undefined) return undefined;
      return /^\d+$/.test(t) ? Number(t) : Number.NaN;
    })
    .default(porDefecto)
    .meta({ min, max })
    .test(
      regla<number>((n, crudo) => {
        if (Number.isNaN(n)) return `debe ser un número entero (recibido "${crudo}").`;
        return n < min || n > max ? `debe estar entre ${min} y ${max} (recibido ${n}).` : null;
      }),
    );
}

/** 1/true or 0/false, in any case. */
export function booleano(porDefecto: boolean) {
  return mixed<boolean>()
    .transform((_, crudo) => {
      const t = limpio(crudo)?.toLowerCase();
      if (t === undefined) return undefined;
      if (t === '1' || t === 'true') return true;
      if (t === '0' || t === 'false') return false;
      return Number.NaN; // not a boolean: the test below names what was received
    })
    .default(porDefecto)
    .test({
      name: 'configuracion',
      test(this: TestContext, valor: unknown) {
        if (valor === undefined || typeof valor === 'boolean') return true;
        const recibido = String(this.originalValue);
        return this.createError({ message: () => `debe ser 1 o 0 (recibido "${recibido}").` });
      },
    });
}

/** One of a fixed list of words. */
export function unoDe<T extends string>(opciones: readonly T[]) {
  return mixed<T>()
    .transform((_, crudo) => limpio(crudo))
    .meta({ opciones })
    .test(
      regla<T>((v) =>
        (opciones as readonly string[]).includes(v)
          ? null
          : `debe ser uno de: ${opciones.join(', ')} (recibido "${v}").`,
      ),
    );
}

/** DATABASE_URL: postgres://usuario@host:puerto/base. */
export function revisarUrlDeBase(crudo: string): string | null {
  let url: URL;
  try {
    url = new URL(crudo);
  } catch {
    return 'no es una URL válida (se espera postgres://usuario@host:puerto/base).';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return `debe empezar con postgres:// (recibido ${url.protocol}//).`;
  }
  if (!url.hostname || url.pathname.length <= 1) {
    return 'debe indicar host y base de datos (postgres://usuario@host:puerto/base).';
  }
  return null;
}

const urlPublicaValida = (url: URL) =>
  (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;

/** PUBLIC_URL without its trailing slashes; a wrong value is left for the test to name. */
export function normalizarUrlPublica(valor: string | undefined): string | undefined {
  if (valor === undefined) return valor;
  try {
    const url = new URL(valor);
    return urlPublicaValida(url) ? url.toString().replace(/\/+$/, '') : valor;
  } catch {
    return valor;
  }
}

export function revisarUrlPublica(crudo: string): string | null {
  let url: URL;
  try {
    url = new URL(crudo);
  } catch {
    return `no es una URL válida (recibido "${crudo}").`;
  }
  return urlPublicaValida(url) ? null : `debe ser http(s)://host[:puerto][/ruta] (recibido "${crudo}").`;
}

/** SMTP_URL: smtp:// or smtps:// with a host. */
export function revisarUrlSmtp(crudo: string): string | null {
  let url: URL;
  try {
    url = new URL(crudo);
  } catch {
    return 'no es una URL válida (se espera smtp://usuario:clave@host:puerto).';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return `debe empezar con smtp:// o smtps:// (recibido ${url.protocol}//).`;
  }
  return url.hostname ? null : 'debe indicar el host (smtp://host:puerto).';
}

/** An e-mail address, bare or as `Nombre <dirección>`, on one line. */
export function revisarDireccion(crudo: string): string | null {
  const caja = /<([^<>]+)>$/.exec(crudo)?.[1] ?? crudo;
  return /^[^\s@<>",;]+@[^\s@<>",;]+$/.test(caja) && !/[\r\n]/.test(crudo)
    ? null
    : `no es una dirección de correo válida (recibido "${crudo}").`;
}

export function revisarHost(host: string): string | null {
  return isIP(host) || /^[A-Za-z0-9.-]+$/.test(host)
    ? null
    : `no es una dirección válida (recibido "${host}").`;
}

/** TRUST_PROXY: the comma-separated list, blanks and empty items dropped. */
export function listaDeProxies(crudo: unknown): string[] | undefined {
  return limpio(crudo)
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Every item must be an IP address or a CIDR range. */
export function revisarProxies(lista: string[]): string | null {
  for (const item of lista) {
    const [direccion, prefijo, ...resto] = item.split('/');
    const version = isIP(direccion ?? '');
    const prefijoValido =
      prefijo === undefined || (/^\d+$/.test(prefijo) && Number(prefijo) <= (version === 6 ? 128 : 32));
    if (!version || !prefijoValido || resto.length > 0) {
      return `debe ser una lista de direcciones IP o rangos CIDR separados por comas (recibido "${item}").`;
    }
  }
  return null;
}

/** CONTACTO_*: one line (no control characters, which would break the page and any header). */
export function revisarTextoDeContacto(crudo: string, max: number): string | null {
  const control = [...crudo].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
  return crudo.length > max || control
    ? `debe ser un texto de una línea de hasta ${max} caracteres (recibido "${crudo}").`
    : null;
}

export function revisarTelefono(telefono: string): string | null {
  const linea = revisarTextoDeContacto(telefono, 40);
  if (linea) return linea;
  const digitos = telefono.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(telefono) && digitos >= 6 && digitos <= 15
    ? null
    : `debe ser un número de teléfono: de 6 a 15 dígitos, con espacios, guiones, puntos o paréntesis y un + inicial opcional (recibido "${telefono}").`;
}

/** CONTACTO_EMAIL: a bare address (it becomes a mailto: link). */
export function revisarCorreoDeContacto(email: string): string | null {
  return (
    revisarTextoDeContacto(email, 254) ??
    (/^[^\s@<>",;:()]+@[^\s@<>",;:()]+\.[^\s@<>",;:()]+$/.test(email)
      ? null
      : `no es una dirección de correo válida (recibido "${email}").`)
  );
}

/** S3_URL, path-style: http(s)://host[:puerto]/bucket. */
export function partesDeS3(crudo: string): { endpoint: string; bucket: string } {
  const url = new URL(crudo);
  return { endpoint: url.origin, bucket: url.pathname.split('/').filter(Boolean)[0] ?? '' };
}

export function revisarUrlS3(crudo: string | undefined): string | null {
  if (crudo === undefined) {
    return 'es obligatoria con DOCUMENT_STORE=s3 (por ejemplo http://127.0.0.1:9000/documentos).';
  }
  let url: URL;
  try {
    url = new URL(crudo);
  } catch {
    return `no es una URL válida (recibido "${crudo}").`;
  }
  // A key in the URL is refused without echoing it (the message reaches the logs).
  if (url.username || url.password) {
    return 'no debe llevar credenciales: usá S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY.';
  }
  const partes = url.pathname.split('/').filter(Boolean);
  // Bucket names: 3 to 63 lowercase letters, digits, dots and hyphens.
  const bucket = partes[0] ?? '';
  const valida =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !url.search &&
    !url.hash &&
    partes.length === 1 &&
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket);
  return valida ? null : `debe ser http(s)://host[:puerto]/bucket (recibido "${crudo}").`;
}

export function revisarRegion(region: string): string | null {
  return /^[a-z0-9-]{1,50}$/.test(region) ? null : `no es una región válida (recibido "${region}").`;
}

/**
 * VERIFICACION_REQUERIDA: document keys separated by commas (each once), or `no` for none
 * (producto §17).
 */
export function listaDeDocumentos(crudo: unknown, ninguno: string): string[] | undefined {
  const texto = limpio(crudo);
  if (texto === undefined) return undefined;
  if (texto.toLowerCase() === ninguno) return [];
  return [...new Set(texto.split(',').map((s) => s.trim()))];
}

/** Every item must be a document key of `claves`. */
export function revisarDocumentos(
  lista: string[],
  claves: readonly string[],
  ninguno: string,
): string | null {
  const ajeno = lista.find((c) => !claves.includes(c));
  if (ajeno === undefined) return null;
  return (
    `debe ser una lista de documentos separados por comas, de ${claves.join(', ')}, o ${ninguno} ` +
    `(recibido "${ajeno}").`
  );
}
