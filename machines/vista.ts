// What views ask of a snapshot: which step is shown, and what each step header may do.
// Derived from the state value, never stored twice.
import type { SnapshotFrom } from 'xstate';
import type { enrolmentMachine } from './enrolment.js';
import { padronVigente } from './datos-personales.js';
import { documentosCompletos } from './documentos.js';
import { equipoValido } from './solicitud.js';

export type EnrolmentSnapshot = SnapshotFrom<typeof enrolmentMachine>;

export const PASOS = [
  { estado: 'datosPersonales', titulo: 'Datos personales', subtitulo: 'Completar datos personales', irA: 'IR_A.DATOS' },
  { estado: 'documentos', titulo: 'Archivos adjuntos', subtitulo: 'Adjuntar documentación', irA: 'IR_A.DOCUMENTOS' },
  { estado: 'equipos', titulo: 'Aparatos y equipos', subtitulo: 'Declaración de equipos o aparatos', irA: 'IR_A.EQUIPOS' },
  { estado: 'terminos', titulo: 'Términos y Condiciones', subtitulo: '', irA: null },
] as const;

/** Index (0–3) of the step shown; the confirmation counts as past the last. */
export function pasoActual(snapshot: EnrolmentSnapshot): number {
  if (snapshot.matches('enviada')) return PASOS.length;
  return PASOS.findIndex((p) => snapshot.matches(p.estado));
}

/** A step's header shows "completed" when the applicant has moved past it with it valid. */
export function pasoCompletado(snapshot: EnrolmentSnapshot, indice: number): boolean {
  const actual = pasoActual(snapshot);
  const { context } = snapshot;
  switch (indice) {
    case 0:
      return actual > 0 || (context.datosValidos && padronVigente(context) === 'valido');
    case 1:
      return actual > 1 && documentosCompletos(context.documentos);
    case 2:
      return actual > 2 && context.equipos.every(equipoValido);
    default:
      return snapshot.matches('enviada');
  }
}
