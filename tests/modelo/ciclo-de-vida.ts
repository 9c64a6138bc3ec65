// The test model of the review lifecycle (domain/ciclo-de-vida.ts): `createTestModel` over the
// chart itself, for the machine's own test (tests/unit/ciclo-de-vida.test.ts) and for the replay
// against the real API on both engines (tests/server/ciclo-de-vida-modelo.test.ts). The abstract
// state is the status (the context — the application's documents — never changes); the events
// are every move by every actor, each with the payload it needs and, for each need, a variant
// without it, so the traversal and the refusal checks see the guards on role and on payload.
import { initialTransition, transition } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  TIPOS_MOVIMIENTO,
  cicloDeVida,
  movimientoDeEvento,
  type EntradaCiclo,
  type EventoCiclo,
  type EventoMovimiento,
  type Necesidad,
  type SnapshotCiclo,
} from '../../domain/ciclo-de-vida.js';
import { DOCUMENTOS_REQUERIDOS } from '../../domain/index.js';
import type { Actor } from '../../domain/estados.js';

/** The documents of a real application sent with the required files (tests/server/ayuda). */
export const DOCUMENTOS_DEL_MODELO: readonly string[] = [...DOCUMENTOS_REQUERIDOS];
/** The documents staff observe in the model. */
const OBSERVADOS = ['DniAnverso'] as const;
const MOTIVO_DEL_MODELO = 'Motivo del modelo: la póliza está vencida.';

export const ACTORES: readonly Actor[] = ['revisor', 'administrador', 'solicitante'];

/** `completo`: what the move needs; `sin_<need>`: the same without it (refused by the guard). */
type Variante = 'completo' | `sin_${Necesidad}`;
export type EventoModelo = EventoMovimiento & { variante: Variante };

/** The payload of a move in a variant: only what it needs, minus the need left out. */
function eventoDelModelo(type: EventoMovimiento['type'], actor: Actor, variante: Variante): EventoModelo {
  const { necesita } = movimientoDeEvento(type);
  const trae = (n: Necesidad) => necesita.includes(n) && variante !== `sin_${n}`;
  return {
    type,
    actor,
    variante,
    ...(trae('motivo') ? { motivo: MOTIVO_DEL_MODELO } : {}),
    ...(trae('documentos') ? { documentos: [...OBSERVADOS] } : {}),
  };
}

/** Every move by every actor in every variant its needs allow. */
export const EVENTOS_DEL_MODELO: readonly EventoModelo[] = TIPOS_MOVIMIENTO.flatMap((type) =>
  ACTORES.flatMap((actor) => {
    const variantes: Variante[] = [
      'completo',
      ...movimientoDeEvento(type).necesita.map((n) => `sin_${n}` as const),
    ];
    return variantes.map((v) => eventoDelModelo(type, actor, v));
  }),
);

export const claveDeEvento = (e: EventoModelo): string => `${e.type}/${e.actor}/${e.variante}`;

const INPUT = { documentos: DOCUMENTOS_DEL_MODELO };

export const modeloCiclo = createTestModel(cicloDeVida, {
  input: INPUT,
  events: () => EVENTOS_DEL_MODELO,
  serializeState: (s: SnapshotCiclo) => String(s.value),
  serializeEvent: (e) => claveDeEvento(e as EventoModelo),
});

export type CaminoCiclo = ReturnType<typeof modeloCiclo.getSimplePaths>[number];

/**
 * The paths replayed: every simple path (no status twice) to every status that does not take the
 * provider's re-attestation (producto §17), two that do — its changes approved again, and observed
 * then rejected —, and two that go round a correction loop twice, which simple paths never take:
 * through En revisión (observada → corregida → en_revision → observada again) and straight back
 * (corregida → observada). The simple paths through the re-attestation are the others again with
 * an approval and a re-attestation before them: two stand for them, so the replay against the API
 * (tests/server/ciclo-de-vida-modelo.test.ts) stays as long as it was.
 */
export function caminosDelModelo(): CaminoCiclo[] {
  const e = (type: EventoMovimiento['type'], actor: Actor) => eventoDelModelo(type, actor, 'completo');
  return [
    ...modeloCiclo.getSimplePaths().filter((c) => !c.steps.some((p) => p.event.type === 'ACTUALIZAR_DATOS')),
    caminoDeEventos([
      e('PONER_EN_REVISION', 'revisor'),
      e('APROBAR', 'administrador'),
      e('ACTUALIZAR_DATOS', 'solicitante'),
      e('PONER_EN_REVISION', 'administrador'),
      e('APROBAR', 'administrador'),
    ]),
    caminoDeEventos([
      e('PONER_EN_REVISION', 'administrador'),
      e('APROBAR', 'administrador'),
      e('ACTUALIZAR_DATOS', 'solicitante'),
      e('OBSERVAR', 'revisor'),
      e('RECHAZAR', 'administrador'),
    ]),
    caminoDeEventos([
      e('PONER_EN_REVISION', 'revisor'),
      e('OBSERVAR', 'revisor'),
      e('ENVIAR_CORRECCION', 'solicitante'),
      e('PONER_EN_REVISION', 'administrador'),
      e('OBSERVAR', 'administrador'),
      e('ENVIAR_CORRECCION', 'solicitante'),
      e('APROBAR', 'administrador'),
    ]),
    caminoDeEventos([
      e('OBSERVAR', 'revisor'),
      e('ENVIAR_CORRECCION', 'solicitante'),
      e('OBSERVAR', 'revisor'),
      e('ENVIAR_CORRECCION', 'solicitante'),
      e('RECHAZAR', 'administrador'),
    ]),
  ];
}

/**
 * A path of `eventos` taken on the chart itself, from `input` (INPUT unless said), named by `clave`
 * and replayed with `modelo`'s testPath (this model's, or another model over the same chart:
 * tests/modelo/asignacion.ts, tests/modelo/propuestas.ts).
 */
export function caminoDelCiclo<E extends EventoCiclo>(
  eventos: E[],
  clave: (e: E) => string,
  modelo: Pick<typeof modeloCiclo, 'testPath'> = modeloCiclo,
  input: EntradaCiclo = INPUT,
): CaminoCiclo {
  let [estado] = initialTransition(cicloDeVida, input);
  const steps: CaminoCiclo['steps'] = [{ state: estado, event: { type: 'xstate.init' } as never }];
  for (const evento of eventos) {
    [estado] = transition(cicloDeVida, estado, evento);
    steps.push({ state: estado, event: evento });
  }
  const ruta = { state: estado, steps, weight: eventos.length };
  return {
    ...ruta,
    description: eventos.map(clave).join(' → '),
    test: (params) => modelo.testPath(ruta, params),
  };
}

const caminoDeEventos = (eventos: EventoModelo[]) => caminoDelCiclo(eventos, claveDeEvento);

/** The events the chart refuses in this snapshot. */
export const rechazados = (s: SnapshotCiclo): EventoModelo[] => EVENTOS_DEL_MODELO.filter((e) => !s.can(e));
