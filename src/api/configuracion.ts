// The API's base address, read once: VITE_API_BASE_URL at build time, else this origin's
// /api/v2/ (producto §7: the SPA can be pointed at another deployment of the same API).
const crudo: unknown = import.meta.env.VITE_API_BASE_URL;

export const BASE_API = typeof crudo === 'string' && crudo.trim() !== '' ? crudo.trim().replace(/\/?$/, '/') : '/api/v2/';

/** Cookies (the draft id, the XSRF token) must travel when the API is on another origin. */
export function esOtroOrigen(base: string = BASE_API, origen: string = globalThis.location?.origin ?? ''): boolean {
  try {
    return new URL(base, origen || 'http://localhost').origin !== (origen || 'http://localhost');
  } catch {
    return false;
  }
}
