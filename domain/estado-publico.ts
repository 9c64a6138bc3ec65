// What the status lookup (/estado, producto §14) says beyond "Estado: <label>". A number and a DNI
// are semi-public, so the page shows no free text written by staff (no reason, no notes): for
// Observada the observed documents' labels and the deadline, for Rechazada and Aprobada the fixed
// texts below. The pages, the server and the tests read them from here.
import type { RespuestaEstado } from './seguimiento.js';
import { formatoAlUsarlo } from './fecha-hora.js';

export const TEXTOS_ESTADO = {
  tituloObservada: 'Qué tenés que hacer',
  tituloQueSigue: 'Qué sigue',
  documentosObservados: 'Documentos observados:',
  /** With fechaDelPlazo's date: "Tenés tiempo hasta el lunes 7 de diciembre de 2026 para corregirlos." */
  plazo: (fecha: string) => `Tenés tiempo hasta el ${fecha} para corregirlos.`,
  plazoVencido: (fecha: string) =>
    `El plazo para corregirlos venció el ${fecha}. Comunicate con la Asociación para saber cómo seguir.`,
  motivoPorCorreo: 'Te enviamos el motivo y el enlace por correo.',
  reenviarEnlace: 'Reenviar el enlace de corrección',
  reenviando: 'Enviando el enlace…',
  enlaceReenviado: 'Te enviamos un enlace nuevo al correo que registraste. El anterior ya no funciona.',
  /** The link stopped being usable between the lookup and the resend (used, expired, moved on). */
  enlaceNoDisponible:
    'No pudimos enviar un enlace nuevo: la solicitud ya no tiene una corrección pendiente. Consultá el estado otra vez.',
  noSePudoReenviar: 'No pudimos enviar el enlace. Revisá tu conexión e intentá nuevamente.',
  rechazada: [
    'Te enviamos el motivo por correo electrónico.',
    'Si querés volver a intentarlo, podés enviar una solicitud nueva desde la página de inicio, con la documentación corregida.',
  ],
  nuevaSolicitud: 'Empezar una solicitud nueva',
  aprobada: [
    'Tu inscripción como prestador fue aprobada. La Asociación se va a comunicar con vos para los pasos que siguen.',
    'Guardá el comprobante y el correo que te enviamos. Mantené vigente tu documentación (por ejemplo, la póliza de mala praxis): te avisamos por correo antes de que venza.',
  ],
  contacto: 'Si tenés dudas, comunicate con la Asociación:',
} as const;

// A calendar day, formatted as such (at UTC) whatever the zone of the browser or the server; the
// same long form as the correction page's deadline.
const FORMATO_PLAZO = formatoAlUsarlo({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-12-07" → "lunes 7 de diciembre de 2026"; what it cannot read, as given. */
export function fechaDelPlazo(plazo: string): string {
  const dia = new Date(`${plazo}T00:00:00Z`);
  return Number.isNaN(dia.getTime()) ? plazo : FORMATO_PLAZO().format(dia).replace(',', '');
}

/** What /estado adds for an application in Observada (producto §14). */
export interface DetalleObservada {
  /** The observed documents' labels, in the order of producto §4. */
  documentos: string[];
  /** YYYY-MM-DD, the last day the correction link works. */
  plazo: string;
  /** An unused link whose deadline has not passed: "Reenviar el enlace de corrección" can work. */
  puedeReenviar: boolean;
}

/** POST /api/v2/estado: the status, and for Observada with a correction link, its details. */
export interface RespuestaEstadoPublica extends RespuestaEstado {
  observada?: DetalleObservada;
}

/** POST /api/v2/estado/reenviar-enlace */
export interface RespuestaReenvio {
  enviado: true;
}
