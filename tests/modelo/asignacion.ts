// The test model of who has an application (producto §15, "Responsable"), over the lifecycle chart
// itself (domain/ciclo-de-vida.ts): the abstract state is the status and the account that has it,
// the events are Tomar, Asignar a… and Liberar by each of three accounts — two revisores and an
// administrador — to each other one. For the chart's own test (tests/unit/ciclo-de-vida.test.ts)
// and the replay against the real API on both engines (tests/server/gestion-responsable.test.ts).
import { createTestModel } from 'xstate/graph';
import {
  TIPOS_ASIGNACION,
  cicloDeVida,
  type EventoAsignacion,
  type SnapshotCiclo,
} from '../../domain/ciclo-de-vida.js';
import type { Rol } from '../../domain/index.js';
import { DOCUMENTOS_DEL_MODELO, caminoDelCiclo } from './ciclo-de-vida.js';

/** The model's accounts, by the name the replay gives each a real account of. */
export const CUENTAS_DEL_MODELO = ['revisora', 'revisor2', 'administradora'] as const;
export type CuentaDelModelo = (typeof CUENTAS_DEL_MODELO)[number];
export const ROL_DE: Record<CuentaDelModelo, Rol> = {
  revisora: 'revisor',
  revisor2: 'revisor',
  administradora: 'administrador',
};

export type EventoAsignacionModelo = EventoAsignacion & { quien: CuentaDelModelo; a?: CuentaDelModelo };

/** Every account's Tomar and Liberar, and its Asignar a… to each account. */
export const EVENTOS_ASIGNACION: readonly EventoAsignacionModelo[] = CUENTAS_DEL_MODELO.flatMap((quien) =>
  TIPOS_ASIGNACION.flatMap((type): EventoAsignacionModelo[] =>
    type === 'ASIGNAR'
      ? CUENTAS_DEL_MODELO.map((a) => ({ type, actor: ROL_DE[quien], quien, a }))
      : [{ type, actor: ROL_DE[quien], quien }],
  ),
);

export const claveDeAsignacion = (e: EventoAsignacionModelo): string =>
  `${e.type}/${e.quien}${e.a ? `→${e.a}` : ''}`;

export const modeloAsignacion = createTestModel(cicloDeVida, {
  input: { documentos: DOCUMENTOS_DEL_MODELO },
  events: () => EVENTOS_ASIGNACION,
  serializeState: (s: SnapshotCiclo) => `${String(s.value)}|${s.context.responsable ?? 'nadie'}`,
  serializeEvent: (e) => claveDeAsignacion(e as EventoAsignacionModelo),
});

type CaminoAsignacion = ReturnType<typeof modeloAsignacion.getSimplePaths>[number];

/** A path of these events taken on the chart itself, named by its events. */
const caminoDeEventos = (eventos: EventoAsignacionModelo[]): CaminoAsignacion =>
  caminoDelCiclo(eventos, claveDeAsignacion, modeloAsignacion);

const ev = (type: EventoAsignacionModelo['type'], quien: CuentaDelModelo, a?: CuentaDelModelo) =>
  ({ type, actor: ROL_DE[quien], quien, ...(a ? { a } : {}) }) as EventoAsignacionModelo;

/**
 * The paths replayed: every simple path — no state twice — so each way to each holder is taken,
 * and, since letting go returns to a state already seen (nobody), paths that end by Liberar: by
 * the holder, by an administrador, and after a reassignment.
 */
export const caminosDeAsignacion = (): CaminoAsignacion[] => [
  ...modeloAsignacion.getSimplePaths().map((c) => ({
    ...c,
    description: c.steps
      .slice(1)
      .map((p) => claveDeAsignacion(p.event as EventoAsignacionModelo))
      .join(' → '),
  })),
  caminoDeEventos([ev('TOMAR', 'revisora'), ev('LIBERAR', 'revisora')]),
  caminoDeEventos([ev('TOMAR', 'revisor2'), ev('LIBERAR', 'administradora'), ev('TOMAR', 'revisora')]),
  caminoDeEventos([
    ev('ASIGNAR', 'administradora', 'revisor2'),
    ev('LIBERAR', 'revisor2'),
    ev('TOMAR', 'administradora'),
    ev('LIBERAR', 'administradora'),
  ]),
];

/** The events the chart refuses in this snapshot. */
export const asignacionesRechazadas = (s: SnapshotCiclo): EventoAsignacionModelo[] =>
  EVENTOS_ASIGNACION.filter((e) => !s.can(e));
