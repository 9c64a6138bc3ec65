// Shapes of the registration API v2 (producto §7), as they travel on the wire.
export interface Localidad {
  codigoLocalidad: number;
  nombreLocalidad: string;
}
export interface Calle {
  nombreCalle: string;
}
export interface CondicionIva {
  codigoCondicionIVA: number;
  nombreCondicionIVA: string;
}
export interface TipoAparato {
  codigotipoaparato: number;
  nombretipoaparato: string;
}
export interface Adjunto {
  nombre: string;
}
export interface SolicitudCreada {
  numeroSolicitud: string;
  creadaEn: string;
}
export interface ErrorApi {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

/** The stored version of the terms the applicant accepts (Ley 25.326 art. 5). */
export const VERSION_TERMINOS = '2026-11';
