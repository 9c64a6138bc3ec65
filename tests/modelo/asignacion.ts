// The test model of who has an application (producto §15, "Responsable"), over the lifecycle chart
// itself (domain/ciclo-de-vida.ts): the abstract state is the status and the account that has it,
// the events are Tomar, Asignar a… and Liberar by each of three accounts — two revisores and an
// administrador — to each other one. For the chart's own test (tests/unit/ciclo-de-vida.test.ts)
// and the replay against the real API on both engines (tests/server/asignacion-modelo.test.ts).
import { createTestModel } from 'xstate/graph';
import {
  TIPOS_ASIGNACION,
  cicloDeVida,
  type EventoAsignacion,
  type SnapshotCiclo,
} from '../../domain/ciclo-de-vida.js';
import type { Rol } from '../../domain/index.js';
import { DOCUMENTOS_DEL_MODELO } from './ciclo-de-vida.js';

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

/**
 * The paths replayed: the shortest one to each state (each account holding it, and nobody), and
 * every simple path — no state twice — so each way into and out of each holder is taken once.
 */
export const caminosDeAsignacion = () => modeloAsignacion.getSimplePaths();

/** The events the chart refuses in this snapshot. */
export const asignacionesRechazadas = (s: SnapshotCiclo): EventoAsignacionModelo[] =>
  EVENTOS_ASIGNACION.filter((e) => !s.can(e));
