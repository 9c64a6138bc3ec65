// The review lifecycle of an application (producto §9 and producto §11) as a statechart, the only
// source of its moves: the states are the statuses of ./estados.ts, the events are the moves, each
// guarded by who makes it (a revisor, an administrador — who may do all a revisor does — or the
// applicant, for "Enviar corrección") and by what its payload must bring (a "Motivo", the documents
// observed). What a move causes besides the status — opening the correction link, the e-mails — is
// named here as actions with do-nothing defaults; the server reads them from `transition()` and
// carries them out in the move's transaction (server/ciclo-de-vida/asentar.ts). No I/O, no
// timers: the server decides a move with `snapshot.can(evento)` on the snapshot of the stored
// status, and the back-office page offers the buttons the same `can()` allows.
import { and, assign, or, setup, transition, type SnapshotFrom } from 'xstate';
import { array, object, string } from 'yup';
import { CLAVES_ESTADO, ESTADO_INICIAL, type Actor, type Estado } from './estados.js';
import { LARGO_MAXIMO_MOTIVO, TEXTOS_GESTION } from './gestion.js';
import { MENSAJES } from './mensajes.js';
import { tieneCaracteresNoPermitidos } from './reglas.js';

/** The moves, named as events. */
export const TIPOS_MOVIMIENTO = [
  'PONER_EN_REVISION',
  'OBSERVAR',
  'ENVIAR_CORRECCION',
  'APROBAR',
  'RECHAZAR',
] as const;
export type TipoMovimiento = (typeof TIPOS_MOVIMIENTO)[number];

/** The button (or, for the applicant, the page's button) that makes each move. */
export const BOTONES: Record<TipoMovimiento, string> = {
  PONER_EN_REVISION: 'En revisión',
  OBSERVAR: 'Observar',
  ENVIAR_CORRECCION: 'Enviar corrección',
  APROBAR: 'Aprobar',
  RECHAZAR: 'Rechazar',
};

/** What a move may bring besides who makes it. */
export interface DatosDelMovimiento {
  motivo?: string;
  /** Document keys: the documents observed (Observar), or those a correction replaced. */
  documentos?: readonly string[];
}

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

export type EventoCiclo = EventoMovimiento | EventoAsignacion;

/** What the chart starts from: the documents, and nobody has it unless said. */
export type EntradaCiclo = Pick<ContextoCiclo, 'documentos'> & { responsable?: string | null };

export interface ContextoCiclo {
  /** The application's document keys: the only ones that can be observed. */
  documentos: readonly string[];
  /** The account that has it (its id), or null: nobody. */
  responsable: string | null;
}

/** What a move's payload must bring. */
export type Necesidad = 'motivo' | 'documentos';

/** The applicant's e-mails a move queues (producto §11). */
export type AvisoAlSolicitante = 'observada' | 'corregida' | 'aprobada' | 'rechazada';

const MENSAJES_MOVIMIENTO = {
  documentoRepetido: (clave: string) => `El documento ${clave} se envió más de una vez.`,
} as const;

/** A free text of staff, already trimmed: the message of what is wrong with it, or null. */
export function problemaDeTexto(texto: string, maximo: number, vacio: string): string | null {
  if (texto === '') return vacio;
  if (texto.length > maximo) return MENSAJES.demasiadoLargo(maximo);
  if (tieneCaracteresNoPermitidos(texto, { multilinea: true })) return MENSAJES.caracteresInvalidos;
  return null;
}

/**
 * What is wrong with a move's payload, by field (empty: nothing). A motivo is checked whenever it
 * is given, needed or not; the documents when the move needs them: at least one, each one the
 * application has, none twice. The machine's guard, the server's 400 and the page's dialog all
 * read this one function.
 */
export function problemasDelMovimiento(
  necesita: readonly Necesidad[],
  datos: DatosDelMovimiento,
  documentosDeLaSolicitud: readonly string[],
): Partial<Record<Necesidad, string>> {
  const problemas: Partial<Record<Necesidad, string>> = {};
  const motivo = (datos.motivo ?? '').trim();
  if (necesita.includes('motivo') || motivo !== '') {
    const problema = problemaDeTexto(motivo, LARGO_MAXIMO_MOTIVO, TEXTOS_GESTION.motivoRequerido);
    if (problema) problemas.motivo = problema;
  }
  if (necesita.includes('documentos')) {
    const pedidos = datos.documentos ?? [];
    const repetido = pedidos.find((c, i) => pedidos.indexOf(c) !== i);
    if (pedidos.length === 0) problemas.documentos = TEXTOS_GESTION.documentosRequeridos;
    else if (pedidos.some((c) => !documentosDeLaSolicitud.includes(c)))
      problemas.documentos = TEXTOS_GESTION.documentoInexistente;
    else if (repetido !== undefined) problemas.documentos = MENSAJES_MOVIMIENTO.documentoRepetido(repetido);
  }
  return problemas;
}

/**
 * The dialog's form of a move (Formik's `validationSchema`): each field judged by
 * `problemasDelMovimiento`, the same rule as the chart's guard and the server's answer.
 */
export function esquemaMovimiento(
  necesita: readonly Necesidad[],
  documentosDeLaSolicitud: readonly string[],
) {
  const problema = (campo: Necesidad, datos: DatosDelMovimiento) =>
    problemasDelMovimiento(necesita, datos, documentosDeLaSolicitud)[campo];
  return object({
    motivo: string()
      .default('')
      .test('motivo', (motivo, ctx) => {
        const mensaje = problema('motivo', { motivo: motivo ?? '' });
        return mensaje ? ctx.createError({ message: mensaje }) : true;
      }),
    documentos: array(string().required())
      .default([])
      .test('documentos', (documentos, ctx) => {
        const mensaje = problema('documentos', { documentos: documentos ?? [] });
        return mensaje ? ctx.createError({ message: mensaje }) : true;
      }),
  });
}

const RANGO: Record<Actor, number> = { solicitante: 0, revisor: 1, administrador: 2 };

/** Whether `actor` reaches `quien`: staff by rank; the applicant makes only its own move. */
function alcanza(actor: Actor, quien: Actor): boolean {
  if (quien === 'solicitante' || actor === 'solicitante') return quien === actor;
  return RANGO[actor] >= RANGO[quien];
}

const rol = (quien: Actor) => ({ type: 'rol', params: { quien } }) as const;
const trae = (...datos: Necesidad[]) => ({ type: 'trae', params: { datos } }) as const;
const avisar = (aviso: AvisoAlSolicitante) => ({ type: 'avisarAlSolicitante', params: { aviso } }) as const;

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
  guard: and([rol('administrador'), trae()]),
  actions: avisar('aprobada'),
} as const;
const RECHAZAR = {
  target: 'rechazada',
  guard: and([rol('administrador'), trae('motivo')]),
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
      'quien' in event && typeof event.a === 'string' && event.a !== '' && event.a !== context.responsable,
  },
  actions: {
    /** TOMAR: the account making it; ASIGNAR: the one it goes to; LIBERAR: nobody. */
    cambiarResponsable: assign({
      responsable: ({ event }) =>
        event.type === 'TOMAR' ? event.quien : event.type === 'ASIGNAR' ? (event.a ?? null) : null,
    }),
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
  context: ({ input }) => ({ documentos: input?.documentos ?? [], responsable: input?.responsable ?? null }),
  initial: ESTADO_INICIAL as 'recibida',
  states: {
    recibida: {
      // Only the application's arrival enters it: no move leads back here.
      entry: ['emitirComprobante', 'avisarEnvio'],
      on: { PONER_EN_REVISION, OBSERVAR, ...ASIGNACION },
    },
    en_revision: {
      on: { OBSERVAR, APROBAR, RECHAZAR, ...ASIGNACION },
    },
    observada: {
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
      },
    },
    corregida: {
      on: { PONER_EN_REVISION, OBSERVAR, APROBAR, RECHAZAR, ...ASIGNACION },
    },
    aprobada: { type: 'final' },
    rechazada: { type: 'final' },
  },
});

type CicloDeVida = typeof cicloDeVida;
export type SnapshotCiclo = SnapshotFrom<CicloDeVida>;

/** The snapshot of an application in `estado` with `documentos`, held by `responsable` (no I/O). */
export const estadoDelCiclo = (
  estado: Estado,
  documentos: readonly string[] = [],
  responsable: string | null = null,
): SnapshotCiclo =>
  cicloDeVida.resolveState({ value: estado, context: { documentos: [...documentos], responsable } });

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

/** A final state of the chart (aprobada, rechazada): reaching it cannot be undone. */
export const esFinal = (estado: Estado): boolean => estadoDelCiclo(estado).status === 'done';

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
