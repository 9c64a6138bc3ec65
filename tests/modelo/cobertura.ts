// What the chart itself declares — its state ids, its event types, its I/O actions — so a
// coverage check can fail when a test suite misses one (docs/decisions/020).
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** Every state node id of the chart, the root included ("enrolment", "enrolment.documentos.subiendo", …). */
function idsDeEstados(maquina: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visitar = (nodo: AnyStateNode) => {
    ids.push(nodo.id);
    for (const hijo of Object.values(nodo.states)) visitar(hijo);
  };
  visitar(maquina.root);
  return ids;
}

/** Every event type some state node handles (the keys of every `on`). */
function tiposDeEventos(maquina: AnyStateMachine): string[] {
  const tipos = new Set<string>();
  const visitar = (nodo: AnyStateNode) => {
    for (const tipo of nodo.transitions.keys()) tipos.add(tipo);
    for (const hijo of Object.values(nodo.states)) visitar(hijo);
  };
  visitar(maquina.root);
  return [...tipos].sort();
}

/** The actions the app must provide: every named action that is not a context update. */
export function accionesDeEntradaSalida(maquina: AnyStateMachine): string[] {
  return Object.entries(maquina.implementations.actions)
    .filter(([, impl]) => !(typeof impl === 'function' && (impl as { type?: string }).type === 'xstate.assign'))
    .map(([nombre]) => nombre)
    .sort();
}

export interface Faltas {
  estadosSinAsercion: string[];
  asercionesSinEstado: string[];
  eventosSinDriver: string[];
  driversSinEvento: string[];
  eventosNoEjercidos: string[];
  estadosNoVisitados: string[];
}

/** What a suite lacks: empty lists when every state is asserted and visited, every event driven and sent. */
export function faltas(
  maquina: AnyStateMachine,
  suite: { aserciones: Iterable<string>; drivers: Iterable<string>; ejercidos: Iterable<string>; visitados: Iterable<string> },
): Faltas {
  const estados = idsDeEstados(maquina).map((id) => `#${id}`);
  const eventos = tiposDeEventos(maquina);
  const aserciones = new Set(suite.aserciones);
  const drivers = new Set([...suite.drivers].filter((d) => d !== 'xstate.init'));
  const ejercidos = new Set(suite.ejercidos);
  const visitados = new Set([...suite.visitados].map((id) => `#${id}`));
  return {
    estadosSinAsercion: estados.filter((e) => !aserciones.has(e)),
    asercionesSinEstado: [...aserciones].filter((a) => !estados.includes(a)),
    eventosSinDriver: eventos.filter((e) => !drivers.has(e)),
    driversSinEvento: [...drivers].filter((d) => !eventos.includes(d)),
    eventosNoEjercidos: eventos.filter((e) => !ejercidos.has(e)),
    estadosNoVisitados: estados.filter((e) => !visitados.has(e)),
  };
}

export const SIN_FALTAS: Faltas = {
  estadosSinAsercion: [],
  asercionesSinEstado: [],
  eventosSinDriver: [],
  driversSinEvento: [],
  eventosNoEjercidos: [],
  estadosNoVisitados: [],
};
