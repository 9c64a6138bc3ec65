// The events of the review lifecycle (./ciclo-de-vida.ts) and the buttons that send them: the
// moves between statuses and who has the application (producto §9, producto §15, producto §17).
// Names only — the chart decides which of them may happen.
import type { Actor } from './estados.js';
import type { DatosDelMovimiento } from './datos-del-movimiento.js';
import { TEXTOS_CONFIRMACION } from './confirmacion.js';

/** The moves, named as events. */
export const TIPOS_MOVIMIENTO = [
  'PONER_EN_REVISION',
  'OBSERVAR',
  'ENVIAR_CORRECCION',
  'APROBAR',
  'RECHAZAR',
  'ACTUALIZAR_DATOS',
] as const;
export type TipoMovimiento = (typeof TIPOS_MOVIMIENTO)[number];

/** The button (or, for the applicant, the page's button) that makes each move. */
export const BOTONES: Record<TipoMovimiento, string> = {
  PONER_EN_REVISION: 'En revisión',
  OBSERVAR: 'Observar',
  ENVIAR_CORRECCION: 'Enviar corrección',
  APROBAR: 'Aprobar',
  RECHAZAR: 'Rechazar',
  ACTUALIZAR_DATOS: TEXTOS_CONFIRMACION.enviarCambios,
};

export type EventoMovimiento = { type: TipoMovimiento; actor: Actor } & DatosDelMovimiento;

/**
 * Who has the application (producto §15, "Responsable"): at most one account. Taking it, giving it
 * to someone and letting it go are events of the chart too, which change no status.
 */
export const TIPOS_ASIGNACION = ['TOMAR', 'ASIGNAR', 'LIBERAR'] as const;
export type TipoAsignacion = (typeof TIPOS_ASIGNACION)[number];

export const BOTONES_ASIGNACION: Record<TipoAsignacion, string> = {
  TOMAR: 'Tomar',
  ASIGNAR: 'Asignar a…',
  LIBERAR: 'Liberar',
};

export interface EventoAsignacion {
  type: TipoAsignacion;
  actor: Actor;
  /** The account making it (its id). */
  quien: string;
  /** ASIGNAR: the account it goes to (its id). */
  a?: string;
}
