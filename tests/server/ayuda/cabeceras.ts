// The security headers every answer carries, as helmet writes them with our options (decisions
// 072 and 116), plus the Permissions-Policy helmet does not write: pinned here
// word for word, so a change of helmet, of its defaults or of our options shows as a failing test.
const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';" +
  "form-action 'self';script-src-attr 'none'";

const PERMISOS =
  'accelerometer=(), bluetooth=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), ' +
  'idle-detection=(), local-fonts=(), magnetometer=(), microphone=(), midi=(), payment=(), ' +
  'screen-wake-lock=(), serial=(), usb=(), window-management=(), xr-spatial-tracking=()';

export function cabecerasEsperadas(production: boolean): Record<string, string> {
  return {
    'content-security-policy': production ? `${CSP};upgrade-insecure-requests` : CSP,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'permissions-policy': PERMISOS,
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** An answer's headers without those that change per request or connection. */
export function sinVariables(headers: Record<string, unknown>): Record<string, string> {
  const variables = new Set(['date', 'connection', 'keep-alive', 'content-length', 'etag', 'set-cookie']);
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([nombre]) => !variables.has(nombre.toLowerCase()))
      .map(([nombre, valor]) => [nombre.toLowerCase(), String(valor)]),
  );
}
