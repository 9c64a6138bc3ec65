// The application number, kept for /completado across the navigation (and a reload of that
// page) in this tab only. Light on purpose: the confirmation page imports it.
import type { SolicitudCreada } from '../../domain/tipos.js';

const CLAVE = 'alta-prestadores.solicitud';

export function recordarSolicitud(solicitud: SolicitudCreada): void {
  try {
    sessionStorage.setItem(CLAVE, JSON.stringify(solicitud));
  } catch {
    // Storage refused (private mode): the page then shows the cards without the number.
  }
}

export function leerSolicitud(): SolicitudCreada | null {
  try {
    const crudo = sessionStorage.getItem(CLAVE);
    const valor: unknown = crudo ? JSON.parse(crudo) : null;
    if (valor && typeof valor === 'object' && 'numeroSolicitud' in valor && typeof valor.numeroSolicitud === 'string')
      return valor as SolicitudCreada;
  } catch {
    // Unreadable: treated as absent.
  }
  return null;
}
