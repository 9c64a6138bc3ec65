// DOBLE_CONTROL (producto §15, four eyes): which decisions need a second administrador, read with
// how many are active. Apart from ./propuestas.ts so the configuration's schema
// (server/config/esquema.ts) reads it without loading the lifecycle chart.
import type { Estado } from './estados.js';

/** The decisions a proposal may carry: the chart's final moves. */
export const DECISIONES = ['APROBAR', 'RECHAZAR'] as const;
export type Decision = (typeof DECISIONES)[number];
export const esDecision = (evento: string): evento is Decision =>
  (DECISIONES as readonly string[]).includes(evento);

/** The status each decision leads to. */
export const DESTINO: Record<Decision, Estado> = { APROBAR: 'aprobada', RECHAZAR: 'rechazada' };

/** DOBLE_CONTROL (server/config/esquema.ts): which decisions need a second administrador. */
export const AJUSTES_DOBLE_CONTROL = ['rechazo', 'ambos', 'no'] as const;
export type AjusteDobleControl = (typeof AJUSTES_DOBLE_CONTROL)[number];
export const DECISIONES_DEL_AJUSTE: Record<AjusteDobleControl, readonly Decision[]> = {
  rechazo: ['RECHAZAR'],
  ambos: ['APROBAR', 'RECHAZAR'],
  no: [],
};

/** What four eyes asks now: the setting, read with how many administradores are active. */
export interface DobleControl {
  /** The decisions that need another administrador's confirmation (the chart's `dobleControl`). */
  decisiones: Decision[];
  /** Those the setting names but that are taken directly: only one administrador is active. */
  suspendidas: Decision[];
}

/** With only one active administrador nobody could confirm: the setting cannot apply. */
export function dobleControlCon(ajuste: AjusteDobleControl, administradoresActivos: number): DobleControl {
  const nombradas = [...DECISIONES_DEL_AJUSTE[ajuste]];
  return administradoresActivos >= 2
    ? { decisiones: nombradas, suspendidas: [] }
    : { decisiones: [], suspendidas: nombradas };
}
