// The test model: `createTestModel` over `enrolmentMachine` itself, traversed on the abstract
// state of ./abstraccion.ts with the events of ./eventos.ts. See docs/decisions/020.
import { createTestModel } from 'xstate/graph';
import { enrolmentMachine, type EnrolmentEvent, type EnrolmentSnapshot } from '../../machines/index.js';
import { serializarEstado } from './abstraccion.js';
import { eventoPosible, eventosDelModelo, type EventoModelo } from './eventos.js';

const modelo = createTestModel(enrolmentMachine, {
  events: (s: EnrolmentSnapshot) => eventosDelModelo(s) as EnrolmentEvent[],
  filterEvents: (s: EnrolmentSnapshot, e: EnrolmentEvent) => eventoPosible(s, e as EventoModelo),
  serializeState: (s: EnrolmentSnapshot) => serializarEstado(s),
});

export type Camino = ReturnType<typeof modelo.getShortestPaths>[number];

/** Every state of the abstraction by its shortest path (prefixes folded into longer paths). */
export const caminosMasCortos = (): Camino[] => modelo.getShortestPaths();

/** Going back a step: covered by the shortest paths and by every transition, not by simple paths. */
const NAVEGACION_HACIA_ATRAS = ['VOLVER', 'IR_A.DATOS', 'IR_A.DOCUMENTOS', 'IR_A.EQUIPOS'] as const;
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

/**
 * The fewest of `caminos` that still visit every state node of the chart and send every event
 * type found on them: greedily, the path covering most of what is left, shortest on ties. For
 * replays too slow to take every path (jsdom, the browser); docs/decisions/020.
 */
export function caminosQueCubren(caminos: Camino[]): Camino[] {
  const metas = (c: Camino) =>
    new Set([
      ...c.steps.flatMap((p) => p.state._nodes.map((n) => `#${n.id}`)),
      ...c.steps.slice(1).map((p) => p.event.type),
    ]);
  const pendientes = new Set(caminos.flatMap((c) => [...metas(c)]));
  const elegidos: Camino[] = [];
  while (pendientes.size > 0) {
    let mejor: Camino | null = null;
    let cubre = 0;
    for (const c of caminos) {
      const n = [...metas(c)].filter((m) => pendientes.has(m)).length;
      if (n > cubre || (n === cubre && mejor && n > 0 && c.steps.length < mejor.steps.length)) [mejor, cubre] = [c, n];
    }
    if (!mejor || cubre === 0) break;
    elegidos.push(mejor);
    for (const m of metas(mejor)) pendientes.delete(m);
  }
  return elegidos;
}

/**
 * For each event type that no path in `caminos` sends (shortest paths reach states, not every
 * transition: ERROR.CERRAR, REINTENTAR, AVANZAR… lead back to states reached sooner), a shortest
 * path to a state where it is enabled, followed by it.
 */
export function caminosConEventosFaltantes(caminos: Camino[], excluir: readonly string[] = []): Camino[] {
  const enviados = new Set([...excluir, ...caminos.flatMap((c) => c.steps.slice(1).map((p) => p.event.type))]);
  const adyacencia = mapaDeAdyacencia();
  const masCortos = modelo.getShortestPaths({ allowDuplicatePaths: true });
  const porEstado = new Map(masCortos.map((c) => [serializarEstado(c.state), c]));
  const extra: Camino[] = [];
  const tipos = new Set(Object.values(adyacencia).flatMap((v) => Object.values(v.transitions).map((t) => t.event.type)));
  for (const tipo of [...tipos].filter((t) => !enviados.has(t)).sort()) {
    let mejor: Camino | null = null;
    for (const [clave, { transitions }] of Object.entries(adyacencia)) {
      const camino = porEstado.get(clave);
      const t = Object.values(transitions).find((x) => x.event.type === tipo);
      if (!camino || !t || (mejor && camino.steps.length + 1 >= mejor.steps.length)) continue;
      mejor = aCamino({ state: t.state, steps: [...camino.steps, { state: t.state, event: t.event }], weight: camino.weight + 1 });
    }
    if (mejor) extra.push(mejor);
  }
  return extra;
}
