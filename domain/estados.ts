// The statuses of an application and the moves between them (producto §9), defined once: the
// server checks every move against this table and the back-office offers only the buttons it
// allows. "corregida" is reached by the applicant (producto §11), never by staff.
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

export interface Movimiento {
  hacia: Estado;
  desde: readonly Estado[];
  /** The least role that may make it; administrador may do all a revisor does. */
  quien: Actor;
  /** The button's name on the detail page. */
  boton: string;
  necesitaMotivo: boolean;
  necesitaDocumentos: boolean;
}

export const MOVIMIENTOS: readonly Movimiento[] = [
  {
    hacia: 'en_revision',
    desde: ['recibida', 'corregida'],
    quien: 'revisor',
    boton: 'En revisión',
    necesitaMotivo: false,
    necesitaDocumentos: false,
  },
  {
    hacia: 'observada',
    desde: ['en_revision'],
    quien: 'revisor',
    boton: 'Observar',
    necesitaMotivo: true,
    necesitaDocumentos: true,
  },
  {
    hacia: 'corregida',
    desde: ['observada'],
    quien: 'solicitante',
    boton: 'Enviar corrección',
    necesitaMotivo: false,
    necesitaDocumentos: false,
  },
  {
    hacia: 'aprobada',
    desde: ['en_revision', 'corregida'],
    quien: 'administrador',
    boton: 'Aprobar',
    necesitaMotivo: false,
    necesitaDocumentos: false,
  },
  {
    hacia: 'rechazada',
    desde: ['en_revision', 'observada', 'corregida'],
    quien: 'administrador',
    boton: 'Rechazar',
    necesitaMotivo: true,
    necesitaDocumentos: false,
  },
];

const RANGO: Record<Actor, number> = { solicitante: 0, revisor: 1, administrador: 2 };

/** Whether `actor` may make the move at all (its rank reaches the move's; the applicant only its own). */
export function puedeHacer(actor: Actor, movimiento: Movimiento): boolean {
  if (movimiento.quien === 'solicitante' || actor === 'solicitante') return movimiento.quien === actor;
  return RANGO[actor] >= RANGO[movimiento.quien];
}

/** A status no move leaves (aprobada, rechazada): reaching it cannot be undone. */
export const esFinal = (estado: Estado): boolean => !MOVIMIENTOS.some((m) => m.desde.includes(estado));

/** Whether the page asks before making the move: it needs data, or it cannot be undone. */
export const pideConfirmacion = (m: Movimiento): boolean =>
  m.necesitaMotivo || m.necesitaDocumentos || esFinal(m.hacia);

export const movimientoHacia = (hacia: Estado): Movimiento | undefined =>
  MOVIMIENTOS.find((m) => m.hacia === hacia);

/** The moves `actor` may make from `estado`, in the table's order (the detail page's buttons). */
export const movimientosPosibles = (estado: Estado, actor: Actor): Movimiento[] =>
  MOVIMIENTOS.filter((m) => m.desde.includes(estado) && puedeHacer(actor, m));

export type Rechazo = 'rol' | 'estado';

/** Why a move cannot be made, or null when it can: the role first (403), then the status (409). */
export function rechazoDeMovimiento(desde: Estado, hacia: Estado, actor: Actor): Rechazo | null {
  const movimiento = movimientoHacia(hacia);
  if (!movimiento || !puedeHacer(actor, movimiento)) return 'rol';
  return movimiento.desde.includes(desde) ? null : 'estado';
}
