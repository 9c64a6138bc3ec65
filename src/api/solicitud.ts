// Sends the application (producto §7). The server answers a repeated draft with the same number,
// so a resend after a reload is harmless.
import type { Solicitud, SolicitudCreada } from '../../domain/index.js';
import { http } from './cliente.js';

export async function crearSolicitud(solicitud: Solicitud): Promise<SolicitudCreada> {
  return (await http.post<SolicitudCreada>('solicitud/crear', solicitud)).data;
}
