// Who has an application (producto §15, "Responsable"): the texts, the request and the inbox
// filter's values, shared by the server and the back-office. The moves themselves — Tomar,
// Asignar a…, Liberar, and who may make each — are the lifecycle chart's (./ciclo-de-vida.ts).
import type { TipoAsignacion } from './ciclo-de-vida.js';

/** An account as the back-office names it. */
export interface CuentaNombrada {
  usuario: string;
  nombre: string;
}

/** The request of the detail page's buttons. */
export interface PedidoResponsable {
  accion: TipoAsignacion;
  /** The usuario the page showed as Responsable (null: nobody): someone else's change answers 409. */
  visto: string | null;
  /** Asignar a…: the usuario it goes to. */
  a?: string;
}

/** The inbox filter "Responsable": mine, nobody's, or one account's usuario. */
export const RESPONSABLE_MIAS = 'mias';
export const RESPONSABLE_NINGUNO = 'ninguno';
/** The filter's own words: no account may be called so, or it could not be filtered by name. */
export const USUARIOS_RESERVADOS: readonly string[] = [RESPONSABLE_MIAS, RESPONSABLE_NINGUNO];

/** The history row's `campo` of a change of Responsable (its `anterior` and `nuevo` are names). */
export const CAMPO_RESPONSABLE = 'responsable';

export const TEXTOS_RESPONSABLE = {
  columna: 'Responsable',
  filtro: 'Responsable',
  mias: 'Mías',
  ninguno: 'Sin asignar',
  todos: 'Todos',
  sinAsignar: 'Sin asignar',
  asignarA: 'Asignar a',
  /** Someone else took it, gave it or let it go since the page was loaded. */
  yaLaTiene: (nombre: string) => `${nombre} ya tiene esta solicitud.`,
  cambioMientras: 'Alguien cambió el Responsable mientras tanto. Revisá quién la tiene ahora.',
  cuentaInexistente: 'No hay una cuenta activa con ese usuario.',
  elegirCuenta: 'Elegí a quién asignarla.',
  yaEsResponsable: 'Esa cuenta ya es la Responsable.',
  noPuede: 'Tu cuenta no puede hacer ese cambio de Responsable.',
  cerrada: 'La solicitud ya está cerrada: no se asigna.',
} as const;

/** The history's sentence for a change of Responsable, from the names it keeps. */
export function fraseDeResponsable(quien: string, anterior: string | null, nuevo: string | null): string {
  if (nuevo === null)
    return `${quien} liberó la solicitud${anterior && anterior !== quien ? ` (la tenía ${anterior})` : ''}.`;
  if (nuevo === quien) return `${quien} tomó la solicitud.`;
  return `${quien} la asignó a ${nuevo}${anterior ? ` (la tenía ${anterior})` : ''}.`;
}
