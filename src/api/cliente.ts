// The one HTTP client of the SPA (producto §7): base address from configuration, the XSRF cookie
// (__Host-XSRF-TOKEN in production, XSRF-TOKEN elsewhere) echoed in a header, 401/403 send the
// applicant to '/' (the back-office's calls excepted: its pages handle them), every error logged
// (a cancelled request is none) and rethrown.
import axios, { AxiosError, isCancel } from 'axios';
import { navigate } from 'wouter/use-browser-location';
import { BASE_API, esOtroOrigen } from './configuracion.js';

/** The back-office's API (producto §9), always on this origin: its session cookie is SameSite=Strict. */
export const BASE_GESTION = '/api/gestion/';

export const http = axios.create({
  baseURL: BASE_API,
  xsrfHeaderName: 'X-XSRF-TOKEN',
  withCredentials: esOtroOrigen(),
  timeout: 120_000,
});

/** The anti-forgery cookies the server may set: __Host- in production, the plain one elsewhere. */
export const COOKIES_XSRF = ['__Host-XSRF-TOKEN', 'XSRF-TOKEN'] as const;

/** The first of COOKIES_XSRF this document has (the __Host- one wins), else the plain name. */
export function cookieXsrf(
  cookies: string = globalThis.document?.cookie ?? '',
): (typeof COOKIES_XSRF)[number] {
  const nombres = new Set(cookies.split(';').map((par) => par.split('=', 1)[0]!.trim()));
  return COOKIES_XSRF.find((nombre) => nombres.has(nombre)) ?? 'XSRF-TOKEN';
}

// Which cookie to echo is decided per request (the first GET sets it, and its name depends on the
// server); whether to echo it stays axios's decision: only to this origin unless `withXSRFToken`
// says otherwise, exactly as with a fixed xsrfCookieName.
http.interceptors.request.use((config) => {
  config.xsrfCookieName = cookieXsrf();
  return config;
});

/** No DNI (or other long number) in the browser's console: the path is logged without them. */
const rutaSinDatos = (url: string | undefined): string => (url ?? '').replace(/\d{5,}/g, '…');

http.interceptors.response.use(undefined, (error: unknown) => {
  // A request the applicant cancelled (the upload's Cancelar, producto §12) is no HTTP error.
  if (isCancel(error)) return Promise.reject(error);
  const axiosError = error instanceof AxiosError ? error : null;
  const estado = axiosError?.response?.status;
  const metodo = axiosError?.config?.method?.toUpperCase() ?? '';
  console.error(`Error HTTP ${estado ?? 'sin respuesta'} en ${metodo} ${rutaSinDatos(axiosError?.config?.url)}`, axiosError?.message ?? error);
  const deGestion = axiosError?.config?.baseURL === BASE_GESTION;
  if ((estado === 401 || estado === 403) && !deGestion) navigate('/');
  return Promise.reject(error);
});

/** The server's Spanish explanation of a refused request (`{message}`), when it gave one. */
export function mensajeDelServidor(error: unknown): string | undefined {
  if (!(error instanceof AxiosError)) return undefined;
  const data: unknown = error.response?.data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message.trim())
    return data.message;
  return undefined;
}
