// The application number, and the e-mail its copy went to, kept for /completado across the
// navigation (and a reload of that page) in this tab only. Light on purpose: the confirmation
// page imports it. Kept in memory too, so a browser that refuses sessionStorage still confirms.
import type { SolicitudCreada } from '../../domain/tipos.js';

const CLAVE = 'alta-prestadores.solicitud';

export interface SolicitudEnviada extends SolicitudCreada {
  /** Where the copy of producto §11 was sent ('' when unknown). */
  email: string;
}

let enMemoria: SolicitudEnviada | null = null;

export function recordarSolicitud(solicitud: SolicitudCreada, email = ''): void {
  enMemoria = { numeroSolicitud: solicitud.numeroSolicitud, creadaEn: solicitud.creadaEn, email };
  try {
    sessionStorage.setItem(CLAVE, JSON.stringify(enMemoria));
  } catch {
    // Storage refused (private mode): the copy in memory serves until the tab reloads.
  }
}

export function leerSolicitud(): SolicitudEnviada | null {
  try {
    const crudo = sessionStorage.getItem(CLAVE);
    const valor: unknown = crudo ? JSON.parse(crudo) : null;
    if (valor && typeof valor === 'object' && 'numeroSolicitud' in valor && typeof valor.numeroSolicitud === 'string') {
      const email = 'email' in valor && typeof valor.email === 'string' ? valor.email : '';
      const creadaEn = 'creadaEn' in valor && typeof valor.creadaEn === 'string' ? valor.creadaEn : '';
      return { numeroSolicitud: valor.numeroSolicitud, creadaEn, email };
    }
  } catch {
    // Unreadable: the copy in memory, if any.
  }
  return enMemoria;
}

/** Forgets the sent application (this tab's copy and the one in memory). */
export function olvidarSolicitud(): void {
  enMemoria = null;
  try {
    sessionStorage.removeItem(CLAVE);
  } catch {
    // Nothing stored to forget.
  }
}
