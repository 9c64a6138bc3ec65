// The statuses of an application (producto §9) and their labels, defined once. The moves between
// them are the statechart of ./ciclo-de-vida.ts: the server decides every move with it and the
// back-office offers only the buttons it allows. "corregida" is reached by the applicant
// (producto §11), never by staff.
import type { Rol } from './personal.js';

export const ESTADOS = {
  recibida: 'Recibida',
  en_revision: 'En revisión',
  observada: 'Observada',
  corregida: 'Corregida',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
} as const;

export type Estado = keyof typeof ESTADOS;
export const CLAVES_ESTADO = Object.keys(ESTADOS) as Estado[];
export const ESTADO_INICIAL: Estado = 'recibida';

/**
 * The statuses in which the application waits on staff (producto §15): "Demorada" past the review
 * deadline, and the inbox's default order oldest-waiting first. In Observada it waits on the
 * applicant; Aprobada and Rechazada are closed.
 */
export const ESPERAN_AL_PERSONAL: readonly Estado[] = ['recibida', 'en_revision', 'corregida'];

export const esEstado = (valor: unknown): valor is Estado =>
  typeof valor === 'string' && Object.hasOwn(ESTADOS, valor);

/** Who makes a move: a staff role, or the applicant (producto §11). */
export type Actor = Rol | 'solicitante';
