// The verification page's data (producto §11, producto §14): GET verificacion/<token>. An unknown token is an
// answer, not a failure: it resolves to null without the client's error log.
import type { Verificacion } from '../../domain/versiones.js';
import { http } from './cliente.js';

const ruta = (token: string) => `verificacion/${encodeURIComponent(token)}`;

/** The application of `token`, or null when no application has it. Other failures throw. */
export async function obtenerVerificacion(token: string): Promise<Verificacion | null> {
  const r = await http.get<Verificacion>(ruta(token), {
    validateStatus: (estado) => (estado >= 200 && estado < 300) || estado === 404,
  });
  return r.status === 404 ? null : r.data;
}

