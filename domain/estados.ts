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

export const esEstado = (valor: unknown): valor is Estado =>
  typeof valor === 'string' && Object.hasOwn(ESTADOS, valor);

/** Who makes a move: a staff role, or the applicant (producto §11). */
export type Actor = Rol | 'solicitante';
