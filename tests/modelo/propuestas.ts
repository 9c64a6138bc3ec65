// The test model of four eyes (producto §15, DOBLE_CONTROL), over the lifecycle chart itself
// (domain/ciclo-de-vida.ts): the abstract state is the status and the open proposal (which
// decision, whose), under the default setting (`rechazo`) with two active administradores. The
// events are Proponer (each decision, with and without what it needs), Confirmar and Descartar by
// each of three accounts — a revisora and two administradores —, and the moves that reach and leave
// the statuses where decisions are taken: En revisión and Observar by the revisora, and the
// administradora's direct Aprobar and Rechazar (refused where four eyes apply). For the chart's
// own test (tests/unit/propuestas.test.ts) and the replay against the real API on both engines
// (tests/server/propuestas-modelo.test.ts).
import { createTestModel } from 'xstate/graph';
import { cicloDeVida, type EventoMovimiento, type SnapshotCiclo } from '../../domain/ciclo-de-vida.js';
import type { Rol } from '../../domain/index.js';
import { DECISIONES_DEL_AJUSTE, type EventoPropuesta } from '../../domain/propuestas.js';
import { DOCUMENTOS_DEL_MODELO, caminoDelCiclo } from './ciclo-de-vida.js';

/** The model's accounts, by the name the replay gives each a real account of. */
export const CUENTAS_PROPUESTA = ['revisora', 'administradora', 'administrador2'] as const;
export type CuentaPropuesta = (typeof CUENTAS_PROPUESTA)[number];
export const ROL_PROPUESTA: Record<CuentaPropuesta, Rol> = {
  revisora: 'revisor',
  administradora: 'administrador',
  administrador2: 'administrador',
};
/** Who makes the model's status moves (they carry no account: the chart judges them by role). */
export const CUENTA_DEL_ROL: Record<Rol, CuentaPropuesta> = {
  revisor: 'revisora',
  administrador: 'administradora',
};

/** DOBLE_CONTROL's default, with two active administradores. */
export const DOBLE_CONTROL_DEL_MODELO = DECISIONES_DEL_AJUSTE.rechazo;

export const MOTIVO_PROPUESTA = 'Motivo del modelo: no es prestador de la circunscripción.';
const OBSERVADOS = ['DniAnverso'];

export type EventoPropuestaModelo =
  | (EventoPropuesta & { quien: CuentaPropuesta; variante: 'completo' | 'sin_motivo' })
  | (EventoMovimiento & { actor: Rol; variante: 'completo' });

const propuesta = (
  quien: CuentaPropuesta,
  type: EventoPropuesta['type'],
  extra: Pick<EventoPropuesta, 'decision' | 'motivo'> = {},
  variante: 'completo' | 'sin_motivo' = 'completo',
): EventoPropuestaModelo => ({ ...extra, type, actor: ROL_PROPUESTA[quien], quien, variante });

/** Every account's proposals, confirmation and discard, and the moves around them. */
export const EVENTOS_PROPUESTA: readonly EventoPropuestaModelo[] = [
  { type: 'PONER_EN_REVISION', actor: 'revisor', variante: 'completo' },
  {
    type: 'OBSERVAR',
    actor: 'revisor',
    motivo: 'Falta el dorso.',
    documentos: OBSERVADOS,
    variante: 'completo',
  },
  { type: 'APROBAR', actor: 'administrador', variante: 'completo' },
  { type: 'RECHAZAR', actor: 'administrador', motivo: MOTIVO_PROPUESTA, variante: 'completo' },
  ...CUENTAS_PROPUESTA.flatMap((quien) => [
    propuesta(quien, 'PROPONER', { decision: 'APROBAR' }),
    propuesta(quien, 'PROPONER', { decision: 'RECHAZAR', motivo: MOTIVO_PROPUESTA }),
    propuesta(quien, 'CONFIRMAR'),
    propuesta(quien, 'DESCARTAR', { motivo: 'Motivo del descarte.' }),
  ]),
  // What a proposal or a discard needs, left out: refused by the chart's guard (400 on the server).
  propuesta('administradora', 'PROPONER', { decision: 'RECHAZAR' }, 'sin_motivo'),
  propuesta('administrador2', 'DESCARTAR', {}, 'sin_motivo'),
];

export const claveDePropuesta = (e: EventoPropuestaModelo): string =>
  'quien' in e
    ? `${e.type}${e.decision ? `:${e.decision}` : ''}/${e.quien}${e.variante === 'sin_motivo' ? '/sin_motivo' : ''}`
    : `${e.type}/${CUENTA_DEL_ROL[e.actor]}`;

/** The abstract state: the status and the open proposal (its decision and whose). */
export const estadoDePropuesta = (s: SnapshotCiclo): string => {
  const p = s.context.propuesta;
  return `${String(s.value)}|${p ? `${p.decision}:${p.quien}` : 'ninguna'}`;
};

const INPUT = { documentos: DOCUMENTOS_DEL_MODELO, dobleControl: DOBLE_CONTROL_DEL_MODELO };

export const modeloPropuestas = createTestModel(cicloDeVida, {
  input: INPUT,
  events: () => EVENTOS_PROPUESTA,
  serializeState: estadoDePropuesta,
  serializeEvent: (e) => claveDePropuesta(e as EventoPropuestaModelo),
});

type CaminoPropuesta = ReturnType<typeof modeloPropuestas.getSimplePaths>[number];

const ev = (clave: string): EventoPropuestaModelo => {
  const e = EVENTOS_PROPUESTA.find((x) => claveDePropuesta(x) === clave);
  if (!e) throw new Error(`No hay un evento ${clave} en el modelo`);
  return e;
};

/** A path of these events (by their keys) taken on the chart itself, with this model's input. */
const caminoDeClaves = (...claves: string[]): CaminoPropuesta =>
  caminoDelCiclo(claves.map(ev), claveDePropuesta, modeloPropuestas, INPUT);

/**
 * The paths replayed: every simple path — no state twice — so each proposal by each account, in
 * every status where decisions are taken, is made and closed each way; plus those that return to
 * a state already seen: discarded and proposed again, a proposal closed by a move, a revisora's
 * approval overtaken by the administradora's direct one.
 */
export const caminosDePropuestas = (): CaminoPropuesta[] => [
  ...modeloPropuestas.getSimplePaths().map((c) => ({
    ...c,
    description: c.steps
      .slice(1)
      .map((p) => claveDePropuesta(p.event as EventoPropuestaModelo))
      .join(' → '),
  })),
  caminoDeClaves(
    'PONER_EN_REVISION/revisora',
    'PROPONER:RECHAZAR/administradora',
    'DESCARTAR/administrador2',
    'PROPONER:RECHAZAR/administrador2',
    'CONFIRMAR/administradora',
  ),
  caminoDeClaves(
    'PONER_EN_REVISION/revisora',
    'PROPONER:APROBAR/revisora',
    'DESCARTAR/revisora',
    'PROPONER:RECHAZAR/administradora',
    'OBSERVAR/revisora',
    'PROPONER:RECHAZAR/administrador2',
    'DESCARTAR/administradora',
    'PROPONER:RECHAZAR/administradora',
    'CONFIRMAR/administrador2',
  ),
  caminoDeClaves('PONER_EN_REVISION/revisora', 'PROPONER:APROBAR/revisora', 'APROBAR/administradora'),
];

/** The events the chart refuses in this snapshot. */
export const propuestasRechazadas = (s: SnapshotCiclo): EventoPropuestaModelo[] =>
  EVENTOS_PROPUESTA.filter((e) => !s.can(e));
