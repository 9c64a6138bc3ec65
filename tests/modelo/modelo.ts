// The test model: `createTestModel` over `enrolmentMachine` itself, traversed on the abstract
// state of ./abstraccion.ts with the events of ./eventos.ts. See docs/decisions/020.
import { createTestModel } from 'xstate/graph';
import { enrolmentMachine, type EnrolmentEvent, type EnrolmentSnapshot } from '../../machines/index.js';
import { serializarEstado } from './abstraccion.js';
import { eventoPosible, eventosDelModelo, type EventoModelo } from './eventos.js';

export const modelo = createTestModel(enrolmentMachine, {
  events: (s: EnrolmentSnapshot) => eventosDelModelo(s) as EnrolmentEvent[],
  filterEvents: (s: EnrolmentSnapshot, e: EnrolmentEvent) => eventoPosible(s, e as EventoModelo),
  serializeState: (s: EnrolmentSnapshot) => serializarEstado(s),
});

export type Camino = ReturnType<typeof modelo.getShortestPaths>[number];

/** Every state of the abstraction by its shortest path (prefixes folded into longer paths). */
export const caminosMasCortos = (): Camino[] => modelo.getShortestPaths();

/** Going back a step: covered by the shortest paths and by every transition, not by simple paths. */
export const NAVEGACION_HACIA_ATRAS = ['VOLVER', 'IR_A.DATOS', 'IR_A.DOCUMENTOS', 'IR_A.EQUIPOS'] as const;
const haciaAtras = new Set<string>(NAVEGACION_HACIA_ATRAS);

/**
 * Every simple path (no abstract state twice) that ends with the application sent, in the model
 * without going back: with it they number in the millions (docs/decisions/020). The graph is
 * xstate/graph's adjacency map; the depth-first walk is ours because `getSimplePaths` walks the
 * simple paths to every state before keeping those to `enviada` (minutes instead of milliseconds).
 */
export function caminosSimplesAEnviada(): Camino[] {
  const adyacencia = mapaDeAdyacencia();
  const serial = (s: EnrolmentSnapshot) => serializarEstado(s);
  const salidas = new Map<string, { evento: EventoModelo; destino: string }[]>();
  for (const [origen, { transitions }] of Object.entries(adyacencia)) {
    const lista = Object.values(transitions)
      .map((t) => ({ evento: t.event as EventoModelo, destino: serial(t.state) }))
      .filter((t) => t.destino !== origen && !haciaAtras.has(t.evento.type));
    salidas.set(origen, lista);
  }
  const esFinal = (clave: string) => adyacencia[clave]!.state.matches('enviada');
  // Only states from which `enviada` can still be reached are worth entering.
  const llegan = new Set(Object.keys(adyacencia).filter(esFinal));
  for (let cambio = true; cambio; ) {
    cambio = false;
    for (const [origen, lista] of salidas)
      if (!llegan.has(origen) && lista.some((t) => llegan.has(t.destino))) cambio = llegan.add(origen) !== null;
  }
  const estadoDe = (clave: string) => adyacencia[clave]!.state;
  const inicial = Object.keys(adyacencia)[0]!;
  const caminos: Camino[] = [];
  const enCamino = new Set<string>([inicial]);
  const pasos: { state: EnrolmentSnapshot; event: EnrolmentEvent }[] = [{ state: estadoDe(inicial), event: { type: 'xstate.init' } as never }];
  const recorrer = (clave: string) => {
    if (esFinal(clave)) {
      const ultimo = pasos.at(-1)!;
      caminos.push(aCamino({ state: ultimo.state, steps: [...pasos], weight: pasos.length - 1 }));
      return;
    }
    for (const { evento, destino } of salidas.get(clave)!) {
      if (enCamino.has(destino) || !llegan.has(destino)) continue;
      enCamino.add(destino);
      pasos.push({ state: estadoDe(destino), event: evento });
      recorrer(destino);
      pasos.pop();
      enCamino.delete(destino);
    }
  };
  recorrer(inicial);
  return caminos;
}

/** A path of our own walk, with the `test` and `description` of xstate/graph's TestPath. */
function aCamino(ruta: Omit<Camino, 'test' | 'description'>): Camino {
  return {
    ...ruta,
    description: ruta.steps.slice(1).map((p) => p.event.type).join(' → '),
    test: (params) => modelo.testPath(ruta, params),
  };
}

export type Adyacencia = Record<
  string,
  { state: EnrolmentSnapshot; transitions: Record<string, { event: EnrolmentEvent; state: EnrolmentSnapshot }> }
>;

/** The abstract state graph: every state with every enabled event and where it leads. */
export const mapaDeAdyacencia = (): Adyacencia => modelo.getAdjacencyMap() as Adyacencia;

export const eventosDelCamino = (camino: Camino) => camino.steps.slice(1).map((p) => p.event as EventoModelo);
