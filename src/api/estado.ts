// The status lookup (producto §11): POST estado {numeroSolicitud, dni}. A pair that does not match
// is an answer, not a failure: it resolves to null without the client's error log. A refusal
// (429 after too many lookups) or a lost connection throws.
import type { ConsultaEstado, RespuestaEstado } from '../../domain/seguimiento.js';
import { http } from './cliente.js';

/** The status of the application with that number and DNI, or null when there is none. */
export async function consultarEstado(consulta: ConsultaEstado): Promise<RespuestaEstado | null> {
  const r = await http.post<RespuestaEstado>('estado', consulta, {
    validateStatus: (estado) => (estado >= 200 && estado < 300) || estado === 404,
  });
  return r.status === 404 ? null : r.data;
}
