// The status lookup (producto §11, producto §14): POST estado {numeroSolicitud, dni}, and POST
// estado/reenviar-enlace with the same pair for a new correction link. A pair that does not match
// (or, for the resend, an application with no link to send) is an answer, not a failure: it
// resolves to null without the client's error log. A refusal (429 after too many requests) or a
// lost connection throws.
import type { RespuestaEstadoPublica, RespuestaReenvio } from '../../domain/estado-publico.js';
import type { ConsultaEstado } from '../../domain/seguimiento.js';
import { http } from './cliente.js';

const tambien404 = { validateStatus: (estado: number) => (estado >= 200 && estado < 300) || estado === 404 };

/** The status of the application with that number and DNI, or null when there is none. */
export async function consultarEstado(consulta: ConsultaEstado): Promise<RespuestaEstadoPublica | null> {
  const r = await http.post<RespuestaEstadoPublica>('estado', consulta, tambien404);
  return r.status === 404 ? null : r.data;
}

/** Sends a new correction link to the e-mail on file; null when the server had none to send. */
export async function reenviarEnlace(consulta: ConsultaEstado): Promise<RespuestaReenvio | null> {
  const r = await http.post<RespuestaReenvio>('estado/reenviar-enlace', consulta, tambien404);
  return r.status === 404 ? null : r.data;
}
