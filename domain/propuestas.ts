// Four eyes (producto §15, DOBLE_CONTROL): where the setting applies, an administrador's "Aprobar"
// or "Rechazar" records a proposal that another administrador confirms or discards; a revisor may
// propose approval whatever the setting. The moves themselves — Proponer, Confirmar, Descartar, who
// may make each and from which status — are the lifecycle chart's (./ciclo-de-vida.ts, context
// `propuesta` and `dobleControl`); here are their names, the setting, the texts, the request and
// answer shared by the server and the back-office, and how Historial reads its rows.
import type { Actor, Estado } from './estados.js';
import { ESTADOS } from './estados.js';
import { BOTONES, type SnapshotCiclo, type TipoMovimiento } from './ciclo-de-vida.js';
import { DECISIONES, DESTINO, esDecision, type Decision } from './doble-control.js';

export {
  AJUSTES_DOBLE_CONTROL,
  DECISIONES,
  DECISIONES_DEL_AJUSTE,
  DESTINO,
  dobleControlCon,
  esDecision,
  type AjusteDobleControl,
  type Decision,
  type DobleControl,
} from './doble-control.js';

/** The open proposal as the chart holds it: `quien` is an account id on the server, a usuario on the page. */
export interface Propuesta {
  decision: Decision;
  quien: string;
  motivo?: string;
}

/** Proposing, confirming and discarding are events of the chart. */
export const TIPOS_PROPUESTA = ['PROPONER', 'CONFIRMAR', 'DESCARTAR'] as const;
export type TipoPropuesta = (typeof TIPOS_PROPUESTA)[number];

export interface EventoPropuesta {
  type: TipoPropuesta;
  actor: Actor;
  /** The account making it (its id on the server, its usuario on the page). */
  quien: string;
  /** PROPONER: what is proposed. */
  decision?: Decision;
  /** PROPONER: the reason of the decision (needed to reject); DESCARTAR: why it is discarded. */
  motivo?: string;
}

/** The open proposal as the detail page shows it. */
export interface PropuestaDetalle {
  /** Named by the requests that confirm or discard it: another proposal meanwhile answers 409. */
  id: string;
  decision: Decision;
  usuario: string;
  nombre: string;
  en: string;
  motivo: string | null;
}

/** POST /api/gestion/solicitudes/:numero/propuesta. */
export interface PedidoPropuesta {
  accion: TipoPropuesta;
  /** The status the page showed: another one answers 409. */
  desde: Estado;
  /** The id of the proposal the page showed (null: none): another one answers 409. */
  propuesta: string | null;
  decision?: Decision;
  motivo?: string;
}

/** The inbox filter "Con propuesta": `?propuesta=1`. */
export const CON_PROPUESTA = '1';

/**
 * How a decision's history row says four eyes went (historial.control): it confirmed a proposal,
 * or it was taken directly because only one administrador was active.
 */
export const CONTROLES = ['confirmacion', 'un_administrador'] as const;
export type ControlDeDecision = (typeof CONTROLES)[number];

/**
 * The history rows of a proposal and of its discard change no status; their `campo` says which,
 * with the decision, so Historial reads them whatever the row's free texts became (producto §13).
 */
export const CAMPOS_PROPUESTA = {
  propuesta: { APROBAR: 'propuesta_aprobar', RECHAZAR: 'propuesta_rechazar' },
  descarte: { APROBAR: 'descarte_aprobar', RECHAZAR: 'descarte_rechazar' },
} as const satisfies Record<string, Record<Decision, string>>;

/** A history row's proposal step, or null when the row is something else. */
export function pasoDePropuesta(
  campo: string | null | undefined,
): { paso: 'propuesta' | 'descarte'; decision: Decision } | null {
  for (const paso of ['propuesta', 'descarte'] as const)
    for (const decision of DECISIONES)
      if (CAMPOS_PROPUESTA[paso][decision] === campo) return { paso, decision };
  return null;
}

export const TEXTOS_PROPUESTA = {
  titulo: 'Propuesta',
  ninguna: 'Propuesta: ninguna.',
  /** "Propuesta: Rechazar — Ana Pérez, 12/11/2026 10:30". */
  resumen: (decision: Decision, nombre: string, fecha: string) =>
    `Propuesta: ${BOTONES[decision]} — ${nombre}, ${fecha}`,
  confirmar: 'Confirmar',
  descartar: 'Descartar propuesta',
  proponerAprobacion: 'Proponer aprobación',
  tituloConfirmar: 'Confirmar la propuesta',
  tituloDescartar: 'Descartar la propuesta',
  /** The decision dialog of an administrador where four eyes apply. */
  quedaPropuesta: 'Con doble control: queda como propuesta hasta que otro administrador la confirme.',
  registrada: (decision: Decision) =>
    `Propuesta registrada: ${BOTONES[decision]}. Otro administrador tiene que confirmarla.`,
  descartada: 'La propuesta quedó descartada.',
  propia: 'No podés confirmar tu propia propuesta: la confirma otro administrador.',
  yaHayUna: (decision: Decision, nombre: string) =>
    `Ya hay una propuesta abierta (${BOTONES[decision]} — ${nombre}): confirmala o descartala primero.`,
  sinPropuesta:
    'La solicitud ya no tiene esa propuesta: alguien la confirmó, la descartó o movió la solicitud.',
  noPuede: 'Tu cuenta no puede hacer eso con la propuesta.',
  decisionDirecta: 'Esa decisión no necesita doble control: tomala directamente.',
  necesitaPropuesta: 'Esa decisión necesita doble control: queda como propuesta para otro administrador.',
  decisionNoPosible: 'Esa decisión no se puede tomar desde el estado de la solicitud.',
  elegirDecision: 'Elegí qué proponer: aprobar o rechazar.',
  cerrada: 'La solicitud ya está cerrada: no admite propuestas.',
  sinDobleControl: 'sin doble control (un solo administrador activo)',
  filtro: 'Con propuesta',
  filtroAyuda: 'Solicitudes con una propuesta de aprobar o rechazar que espera confirmación.',
} as const;

/** Historial's sentence for a proposal's row; `proponente` names who made the proposal discarded. */
export function fraseDePropuesta(
  quien: string,
  paso: { paso: 'propuesta' | 'descarte'; decision: Decision },
  proponente: string | null,
): string {
  const boton = BOTONES[paso.decision];
  if (paso.paso === 'propuesta') return `${quien} propuso ${boton}.`;
  const de = proponente && proponente !== quien ? ` de ${proponente}` : '';
  return `${quien} descartó la propuesta${de} (${boton}).`;
}

/** Historial's line under a decision taken with (or without) four eyes. */
export const fraseDeControl = (control: ControlDeDecision, proponente: string | null): string =>
  control === 'confirmacion'
    ? `Confirmó la propuesta${proponente ? ` de ${proponente}` : ''}.`
    : `Decidida ${TEXTOS_PROPUESTA.sinDobleControl}.`;

/**
 * The name of whoever made the proposal open just before history row `i`: proposals are closed by
 * the next confirmation, discard or move, so it is the nearest earlier proposal row.
 */
export function proponenteAntes(
  historial: readonly { nombre: string | null; usuario: string | null; cambio: { campo: string } | null }[],
  i: number,
): string | null {
  for (let j = i - 1; j >= 0; j--) {
    const h = historial[j]!;
    if (pasoDePropuesta(h.cambio?.campo)?.paso === 'propuesta') return h.nombre ?? h.usuario;
  }
  return null;
}

// ——— What the chart allows, as the buttons and the server's answers read it ———

const MOTIVO_DE_MUESTRA = 'Motivo.';

/** Whether `actor` (account `quien`) may propose `decision` now (with the motivo its dialog asks for). */
export const puedeProponer = (s: SnapshotCiclo, decision: Decision, actor: Actor, quien: string) =>
  s.can({ type: 'PROPONER', actor, quien, decision, motivo: MOTIVO_DE_MUESTRA });

/**
 * Whether the button of move `tipo` records a proposal instead of the move: an administrador's
 * "Aprobar" or "Rechazar" where four eyes apply. A revisor proposes approval with its own button.
 */
export const registraPropuesta = (s: SnapshotCiclo, tipo: TipoMovimiento, actor: Actor, quien: string) =>
  actor === 'administrador' && esDecision(tipo) && puedeProponer(s, tipo, actor, quien);

/** What `actor` (account `quien`) may do about proposals now: the detail page's buttons. */
export function propuestasPosibles(s: SnapshotCiclo, actor: Actor, quien: string): TipoPropuesta[] {
  return TIPOS_PROPUESTA.filter((type) =>
    type === 'PROPONER'
      ? DECISIONES.some((d) => puedeProponer(s, d, actor, quien))
      : s.can({ type, actor, quien, motivo: MOTIVO_DE_MUESTRA }),
  );
}

/** The label of a status a decision leads to ("Rechazada"). */
export const estadoDeLaDecision = (decision: Decision): string => ESTADOS[DESTINO[decision]];
