// The verification page's data (producto §11): GET verificacion/<token>. An unknown token is an
// answer, not a failure: it resolves to null without the client's error log.
import type { Verificacion } from '../../domain/seguimiento.js';
import { http } from './cliente.js';
import { BASE_API } from './configuracion.js';

const ruta = (token: string) => `verificacion/${encodeURIComponent(token)}`;

/** The application of `token`, or null when no application has it. Other failures throw. */
export async function obtenerVerificacion(token: string): Promise<Verificacion | null> {
  const r = await http.get<Verificacion>(ruta(token), {
    validateStatus: (estado) => (estado >= 200 && estado < 300) || estado === 404,
  });
  return r.status === 404 ? null : r.data;
}

/** The receipt again, from the verification page (a download: Content-Disposition attachment). */
export const urlComprobanteDeVerificacion = (token: string): string => `${BASE_API}${ruta(token)}/comprobante`;
