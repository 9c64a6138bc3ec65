// The review lifecycle of an application (producto §9 and producto §11) as a statechart, the only
// source of its moves: the states are the statuses of ./estados.ts, the events are the moves, each
// guarded by who makes it (a revisor, an administrador — who may do all a revisor does — or the
// applicant, for "Enviar corrección" and, once approved, "Enviar cambios" of the yearly
// re-attestation, producto §17) and by what its payload must bring (a "Motivo", the documents
// observed). What a move causes besides the status — opening the correction link, the e-mails — is
// named here as actions with do-nothing defaults; the server reads them from `transition()` and
// carries them out in the move's transaction (server/ciclo-de-vida/asentar.ts). No I/O, no
// timers: the server decides a move with `snapshot.can(evento)` on the snapshot of the stored
// status, and the back-office page offers the buttons the same `can()` allows. Four eyes
// (producto §15) are events of the chart too: a decision proposed, confirmed or discarded
// (./propuestas.ts names them and reads them for the buttons).
import { and, assign, not, or, setup, transition, type SnapshotFrom } from 'xstate';
import { CLAVES_ESTADO, ESTADO_INICIAL, type Actor, type Estado } from './estados.js';
import { problemasDelMovimiento, type Necesidad } from './datos-del-movimiento.js';
import type { Decision } from './doble-control.js';
import type { EventoPropuesta, Propuesta } from './propuestas.js';
import {
  BOTONES,
  TIPOS_ASIGNACION,
  TIPOS_MOVIMIENTO,
  type EventoAsignacion,
  type EventoMovimiento,
  type TipoAsignacion,
  type TipoMovimiento,
} from './eventos-del-ciclo.js';

export {
  esquemaMovimiento,
  problemaDeTexto,
  problemasDelMovimiento,
  type DatosDelMovimiento,
  type Necesidad,
} from './datos-del-movimiento.js';

export {
  BOTONES,
  BOTONES_ASIGNACION,
  TIPOS_ASIGNACION,
  TIPOS_MOVIMIENTO,
  type EventoAsignacion,
  type EventoMovimiento,
  type TipoAsignacion,
  type TipoMovimiento,
} from './eventos-del-ciclo.js';

export type EventoCiclo = EventoMovimiento | EventoAsignacion | EventoPropuesta;

/** What the chart starts from: the documents; nobody has it, no proposal, no four eyes unless said. */
export type EntradaCiclo = Pick<ContextoCiclo, 'documentos'> &
  Partial<Pick<ContextoCiclo, 'responsable' | 'propuesta' | 'dobleControl' | 'sinVerificar'>>;

export interface ContextoCiclo {
  /** The application's document keys: the only ones that can be observed. */
  documentos: readonly string[];
  /** The account that has it (its id), or null: nobody. */
  responsable: string | null;
  /** The open proposal (producto §15, four eyes), or null. */
  propuesta: Propuesta | null;
  /** The decisions that need another administrador now (DOBLE_CONTROL and who is active). */
  dobleControl: readonly Decision[];
  /**
   * The documents VERIFICACION_REQUERIDA names that have no "Verificado en la fuente" yet
   * (producto §17): while any is left, approval is neither offered, proposed nor confirmed.
   */
  sinVerificar: readonly string[];
}

/** The applicant's e-mails a move queues (producto §11). */
export type AvisoAlSolicitante = 'observada' | 'corregida' | 'aprobada' | 'rechazada';

const RANGO: Record<Actor, number> = { solicitante: 0, revisor: 1, administrador: 2 };

/** Whether `actor` reaches `quien`: staff by rank; the applicant makes only its own move. */
function alcanza(actor: Actor, quien: Actor): boolean {
  if (quien === 'solicitante' || actor === 'solicitante') return quien === actor;
  return RANGO[actor] >= RANGO[quien];
}

const rol = (quien: Actor) => ({ type: 'rol', params: { quien } }) as const;
const trae = (...datos: Necesidad[]) => ({ type: 'trae', params: { datos } }) as const;
const avisar = (aviso: AvisoAlSolicitante) => ({ type: 'avisarAlSolicitante', params: { aviso } }) as const;
const proponible = (...decisiones: Decision[]) => ({ type: 'proponible', params: { decisiones } }) as const;
const propone = (decision: Decision | null) => ({ type: 'propone', params: { decision } }) as const;
const exige = (decision: Decision | null) => ({ type: 'conDobleControl', params: { decision } }) as const;
const directa = (decision: Decision) => not(exige(decision));
const verificadaPara = (decision: Decision) => ({ type: 'verificadaPara', params: { decision } }) as const;

/**
 * The moves that leave from several statuses, written once: Observar (a revisor, from every
 * status waiting on staff: producto §9 and producto §15), Aprobar and Rechazar (an administrador).
 */
const OBSERVAR = {
  target: 'observada',
  guard: and([rol('revisor'), trae('motivo', 'documentos')]),
  actions: ['abrirCorreccion', avisar('observada')],
} as const;
const APROBAR = {
  target: 'aprobada',
  guard: and([rol('administrador'), trae(), verificadaPara('APROBAR'), directa('APROBAR')]),
  actions: avisar('aprobada'),
} as const;
const RECHAZAR = {
  target: 'rechazada',
  guard: and([rol('administrador'), trae('motivo'), directa('RECHAZAR')]),
  actions: avisar('rechazada'),
} as const;
const PONER_EN_REVISION = { target: 'en_revision', guard: and([rol('revisor'), trae()]) } as const;
/**
 * Taking, giving and letting go, in every open status: a revisor takes one nobody has (of two
 * taking it at once, one wins); an administrador gives it to another account; its responsable or
 * an administrador lets it go.
 */
const ASIGNACION = {
  TOMAR: { guard: and([rol('revisor'), 'libre']), actions: 'cambiarResponsable' },
  ASIGNAR: { guard: and([rol('administrador'), 'haciaOtro']), actions: 'cambiarResponsable' },
  LIBERAR: {
    guard: and([rol('revisor'), 'asignada', or(['esResponsable', rol('administrador')])]),
    actions: 'cambiarResponsable',
  },
} as const;

/**
 * Four eyes (producto §15), where a decision can be taken. PROPONER: one open proposal at most;
 * an administrador proposes a decision that needs another one's confirmation, a revisor proposes
 * approval whatever the setting. CONFIRMAR: another administrador than the proposer carries out
 * the decision, with its e-mail. DESCARTAR: an administrador, or the proposer withdrawing it, with
 * a motivo. Entering any status closes the open proposal (`olvidarPropuesta` on entry).
 */
const proponer = (...decisiones: Decision[]) =>
  ({
    guard: and([
      'sinPropuesta',
      proponible(...decisiones),
      or([and([rol('administrador'), exige(null)]), and(['deRevisor', proponible('APROBAR')])]),
    ]),
    actions: 'proponer',
  }) as const;
const confirmar = (decision: Decision, aviso: AvisoAlSolicitante) =>
  ({
    target: aviso,
    guard: and([rol('administrador'), propone(decision), not('esProponente'), verificadaPara(decision)]),
    actions: avisar(aviso),
  }) as const;
const DESCARTAR = {
  guard: and([
    propone(null),
    rol('revisor'),
    or([rol('administrador'), 'esProponente']),
    'motivoDelDescarte',
  ]),
  actions: 'olvidarPropuesta',
} as const;
/** Where both decisions can be taken (En revisión, Corregida): directly, or with four eyes. */
const DECIDIR = {
  APROBAR,
  RECHAZAR,
  PROPONER: proponer('APROBAR', 'RECHAZAR'),
  CONFIRMAR: [confirmar('APROBAR', 'aprobada'), confirmar('RECHAZAR', 'rechazada')],
  DESCARTAR,
};

export const cicloDeVida = setup({
  types: {
    context: {} as ContextoCiclo,
    events: {} as EventoCiclo,
    input: {} as EntradaCiclo,
  },
  guards: {
    rol: ({ event }, { quien }: { quien: Actor }) => alcanza(event.actor, quien),
    trae: ({ context, event }, { datos }: { datos: readonly Necesidad[] }) =>
      'quien' in event
        ? false
        : Object.keys(problemasDelMovimiento(datos, event, context.documentos)).length === 0,
    libre: ({ context }) => context.responsable === null,
    asignada: ({ context }) => context.responsable !== null,
    esResponsable: ({ context, event }) => 'quien' in event && event.quien === context.responsable,
    haciaOtro: ({ context, event }) =>
      event.type === 'ASIGNAR' && !!event.a && event.a !== context.responsable,
    sinPropuesta: ({ context }) => context.propuesta === null,
    /** Approval waits for every required verification; rejection does not. */
    verificadaPara: ({ context }, { decision }: { decision: Decision }) =>
      decision !== 'APROBAR' || context.sinVerificar.length === 0,
    /** A decision this status allows, with the motivo it needs (to reject) or a valid one if given. */
    proponible: ({ context, event }, { decisiones }: { decisiones: readonly Decision[] }) =>
      event.type === 'PROPONER' &&
      event.decision !== undefined &&
      decisiones.includes(event.decision) &&
      (event.decision !== 'APROBAR' || context.sinVerificar.length === 0) &&
      Object.keys(
        problemasDelMovimiento(event.decision === 'RECHAZAR' ? ['motivo'] : [], event, context.documentos),
      ).length === 0,
    /** `decision` (or, with null, the one proposed) needs another administrador now. */
    conDobleControl: ({ context, event }, { decision }: { decision: Decision | null }) => {
      const d = decision ?? (event.type === 'PROPONER' ? event.decision : undefined);
      return d !== undefined && context.dobleControl.includes(d);
    },
    deRevisor: ({ event }) => event.actor === 'revisor',
    /** The open proposal is `decision` (null: any). */
    propone: ({ context }, { decision }: { decision: Decision | null }) =>
      context.propuesta !== null && (decision === null || context.propuesta.decision === decision),
    esProponente: ({ context, event }) => 'quien' in event && event.quien === context.propuesta?.quien,
    motivoDelDescarte: ({ context, event }) =>
      event.type === 'DESCARTAR' &&
      Object.keys(problemasDelMovimiento(['motivo'], event, context.documentos)).length === 0,
  },
  actions: {
    /** TOMAR: the account making it; ASIGNAR: the one it goes to; LIBERAR: nobody. */
    cambiarResponsable: assign({
      responsable: ({ event }) =>
        event.type === 'TOMAR' ? event.quien : event.type === 'ASIGNAR' ? (event.a ?? null) : null,
    }),
    proponer: assign({
      propuesta: ({ event }) => {
        if (event.type !== 'PROPONER' || !event.decision) return null;
        const motivo = event.motivo?.trim();
        return { decision: event.decision, quien: event.quien, ...(motivo ? { motivo } : {}) };
      },
    }),
    olvidarPropuesta: assign({ propuesta: null }),
    /**
     * The next version of the receipt (producto §14): version 1 on arrival, the next on every
     * accepted correction, each with its own verification token and the documents it lists.
     */
    emitirComprobante: () => {},
    /** The receipt to the applicant and the notice to the staff address (the application arrives). */
    avisarEnvio: () => {},
    /** A new correction link for the documents observed; any older one stops working. */
    abrirCorreccion: () => {},
    /** The applicant's e-mail of the move (Observada carries the link just opened). */
    avisarAlSolicitante: (_, _params: { aviso: AvisoAlSolicitante }) => {},
    /** The staff address hears that a correction arrived. */
    avisarAlPersonal: (_, _params: { aviso: 'corregida' }) => {},
  },
}).createMachine({
  id: 'cicloDeVida',
  context: ({ input }) => ({
    documentos: input?.documentos ?? [],
    responsable: input?.responsable ?? null,
    propuesta: input?.propuesta ?? null,
    dobleControl: input?.dobleControl ?? [],
    sinVerificar: input?.sinVerificar ?? [],
  }),
  initial: ESTADO_INICIAL as 'recibida',
  states: {
    recibida: {
      // Only the application's arrival enters it: no move leads back here.
      entry: ['emitirComprobante', 'avisarEnvio'],
      on: { PONER_EN_REVISION, OBSERVAR, ...ASIGNACION },
    },
    en_revision: {
      entry: 'olvidarPropuesta',
      on: { OBSERVAR, ...DECIDIR, ...ASIGNACION },
    },
    observada: {
      entry: 'olvidarPropuesta',
      on: {
        ENVIAR_CORRECCION: {
          target: 'corregida',
          guard: and([rol('solicitante'), trae()]),
          // "Recibimos tu corrección" carries the version just issued.
          actions: [
            'emitirComprobante',
            avisar('corregida'),
            { type: 'avisarAlPersonal', params: { aviso: 'corregida' } },
          ],
        },
        RECHAZAR,
        ...ASIGNACION,
        PROPONER: proponer('RECHAZAR'),
        CONFIRMAR: confirmar('RECHAZAR', 'rechazada'),
        DESCARTAR,
      },
    },
    corregida: {
      entry: 'olvidarPropuesta',
      on: { PONER_EN_REVISION, OBSERVAR, ...DECIDIR, ...ASIGNACION },
    },
    // Resolved: no staff move leaves it. The provider's yearly re-attestation (producto §17) may
    // send changes, which staff review as a Corregida — the same effects as a correction.
    aprobada: {
      tags: ['resuelta'],
      entry: 'olvidarPropuesta',
      on: {
        ACTUALIZAR_DATOS: {
          target: 'corregida',
          guard: and([rol('solicitante'), trae()]),
          actions: [
            'emitirComprobante',
            avisar('corregida'),
            { type: 'avisarAlPersonal', params: { aviso: 'corregida' } },
          ],
        },
      },
    },
    rechazada: { type: 'final', tags: ['resuelta'], entry: 'olvidarPropuesta' },
  },
});

type CicloDeVida = typeof cicloDeVida;
export type SnapshotCiclo = SnapshotFrom<CicloDeVida>;

/**
 * The snapshot of an application in `estado` with `documentos`, held by `responsable`, with its
 * open proposal and the decisions that need four eyes now (no I/O).
 */
export const estadoDelCiclo = (
  estado: Estado,
  documentos: readonly string[] = [],
  responsable: string | null = null,
  {
    propuesta = null,
    dobleControl = [],
    sinVerificar = [],
  }: Partial<Pick<ContextoCiclo, 'propuesta' | 'dobleControl' | 'sinVerificar'>> = {},
): SnapshotCiclo =>
  cicloDeVida.resolveState({
    value: estado,
    context: { documentos: [...documentos], responsable, propuesta, dobleControl, sinVerificar },
  });

/**
 * The move with a payload that brings everything a move may need (a motivo, the application's
 * first document): a move is offered — its button shown — when it could be made with the data its
 * dialog asks for.
 */
const eventoDeMuestra = (
  tipo: TipoMovimiento,
  actor: Actor,
  contexto: Pick<ContextoCiclo, 'documentos'>,
): EventoMovimiento => ({
  type: tipo,
  actor,
  motivo: 'Motivo.',
  documentos: contexto.documentos.slice(0, 1),
});

/** Whether `actor` may make move `tipo` from this snapshot (its button is offered). */
export const ofrece = (snapshot: SnapshotCiclo, tipo: TipoMovimiento, actor: Actor): boolean =>
  snapshot.can(eventoDeMuestra(tipo, actor, snapshot.context));

// ——— The moves read back from the machine, as a table (tests, the server's answers, the page) ———

export interface Movimiento {
  evento: TipoMovimiento;
  hacia: Estado;
  desde: readonly Estado[];
  /** The least actor that may make it; administrador may do all a revisor does. */
  quien: Actor;
  /** The button's name on the detail page. */
  boton: string;
  necesita: readonly Necesidad[];
  necesitaMotivo: boolean;
  necesitaDocumentos: boolean;
}

const ACTORES: readonly Actor[] = ['solicitante', 'revisor', 'administrador'];
/** Any application has documents; the table is read with one. */
const CON_DOCUMENTO = ['documento'];

function leerMovimiento(evento: TipoMovimiento): Movimiento | null {
  const puede = (estado: Estado, actor: Actor, cambio: Partial<EventoMovimiento> = {}) => {
    const snapshot = estadoDelCiclo(estado, CON_DOCUMENTO);
    return snapshot.can({ ...eventoDeMuestra(evento, actor, snapshot.context), ...cambio });
  };
  const desde = CLAVES_ESTADO.filter((e) => ACTORES.some((a) => puede(e, a)));
  const primero = desde[0];
  if (primero === undefined) return null;
  const quien = ACTORES.find((a) => desde.some((e) => puede(e, a)))!;
  const [siguiente] = transition(
    cicloDeVida,
    estadoDelCiclo(primero, CON_DOCUMENTO),
    eventoDeMuestra(evento, quien, { documentos: CON_DOCUMENTO }),
  );
  const hacia = siguiente.value;
  const necesita = (['motivo', 'documentos'] as const).filter(
    (n) => !puede(primero, quien, n === 'motivo' ? { motivo: undefined } : { documentos: [] }),
  );
  return {
    evento,
    hacia,
    desde,
    quien,
    boton: BOTONES[evento],
    necesita,
    necesitaMotivo: necesita.includes('motivo'),
    necesitaDocumentos: necesita.includes('documentos'),
  };
}

/** Every move, in the order of the statuses it reaches. */
export const MOVIMIENTOS: readonly Movimiento[] = TIPOS_MOVIMIENTO.map(leerMovimiento)
  .filter((m): m is Movimiento => m !== null)
  .sort((a, b) => CLAVES_ESTADO.indexOf(a.hacia) - CLAVES_ESTADO.indexOf(b.hacia));

export const movimientoHacia = (hacia: Estado): Movimiento | undefined =>
  MOVIMIENTOS.find((m) => m.hacia === hacia);

export const movimientoDeEvento = (evento: TipoMovimiento): Movimiento =>
  MOVIMIENTOS.find((m) => m.evento === evento)!;

/** Whether `actor` may make the move at all, from some status. */
export const puedeHacer = (actor: Actor, movimiento: Movimiento): boolean =>
  movimiento.desde.some((e) => ofrece(estadoDelCiclo(e, CON_DOCUMENTO), movimiento.evento, actor));

/**
 * A resolved status (aprobada, rechazada: the chart's tag `resuelta`): no staff move leaves it, and
 * reaching it cannot be undone. Aprobada is not a final state of the chart — the provider's
 * re-attestation may take it back to Corregida (producto §17) — but it stays resolved.
 */
export const esFinal = (estado: Estado): boolean => estadoDelCiclo(estado).hasTag('resuelta');

/** Whether the page asks before making the move: it needs data, or it cannot be undone. */
export const pideConfirmacion = (m: Movimiento): boolean =>
  m.necesitaMotivo || m.necesitaDocumentos || esFinal(m.hacia);

/** The moves `actor` may make from `estado`, in the table's order (the detail page's buttons). */
export function movimientosPosibles(estado: Estado, actor: Actor): Movimiento[] {
  const snapshot = estadoDelCiclo(estado, CON_DOCUMENTO);
  return MOVIMIENTOS.filter((m) => ofrece(snapshot, m.evento, actor));
}

export type Rechazo = 'rol' | 'estado';

/** Why a move cannot be made, or null when it can: the role first (403), then the status (409). */
export function rechazoDeMovimiento(desde: Estado, hacia: Estado, actor: Actor): Rechazo | null {
  const movimiento = movimientoHacia(hacia);
  if (!movimiento || !puedeHacer(actor, movimiento)) return 'rol';
  return ofrece(estadoDelCiclo(desde, CON_DOCUMENTO), movimiento.evento, actor) ? null : 'estado';
}

/**
 * What `actor` (account `quien`) may do about who has the application, in the chart's order: the
 * detail page's buttons. "Asignar a…" is offered when there is someone else to give it to.
 */
export const asignacionesPosibles = (
  snapshot: SnapshotCiclo,
  actor: Actor,
  quien: string,
): TipoAsignacion[] =>
  TIPOS_ASIGNACION.filter((type) =>
    snapshot.can({
      type,
      actor,
      quien,
      ...(type === 'ASIGNAR' ? { a: `${snapshot.context.responsable}-otra` } : {}),
    }),
  );
