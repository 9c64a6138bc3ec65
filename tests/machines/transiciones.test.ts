// Every transition of the abstract model, and the coverage check (docs/decisions/020): each edge
// of xstate/graph's adjacency map is taken from a real actor restored at its source state, and
// must land where the model says, with the target state's assertions holding.
import { describe, expect, it } from 'vitest';
import type { Snapshot } from 'xstate';
import { enrolmentMachine, type EnrolmentSnapshot } from '../../machines/index.js';
import { idsActivos, serializarEstado } from '../modelo/abstraccion.js';
import { asercionesMaquina } from '../modelo/aserciones-maquina.js';
import { SIN_FALTAS, faltas } from '../modelo/cobertura.js';
import { driversMaquina } from '../modelo/drivers-maquina.js';
import type { EventoModelo } from '../modelo/eventos.js';
import { caminosMasCortos, caminosSimplesAEnviada, eventosDelCamino, mapaDeAdyacencia } from '../modelo/modelo.js';
import { SutMaquina } from '../modelo/sut-maquina.js';

const adyacencia = mapaDeAdyacencia();
const caminos = caminosMasCortos();
const ejercidos = new Set<string>();

let sut: SutMaquina;
const aserciones = asercionesMaquina(() => sut);
const drivers = driversMaquina(
  () => sut,
  () => {},
);

/** Runs the assertions of every state node the snapshot is in, ancestors first. */
const afirmar = (m: EnrolmentSnapshot) => {
  for (const id of idsActivos(m)) aserciones[`#${id}`]!(m);
};

/** A persisted snapshot of a real actor at each abstract state, reached by replaying its shortest path. */
function snapshotsPorEstado(): Map<string, Snapshot<unknown>> {
  const porEstado = new Map<string, Snapshot<unknown>>();
  for (const camino of caminos) {
    const s = new SutMaquina();
    porEstado.set(serializarEstado(s.snapshot), s.actor.getPersistedSnapshot());
    for (const evento of eventosDelCamino(camino)) {
      s.enviar(evento);
      const clave = serializarEstado(s.snapshot);
      if (!porEstado.has(clave)) porEstado.set(clave, s.actor.getPersistedSnapshot());
    }
    s.detener();
  }
  return porEstado;
}

describe('every transition of the model', () => {
  const origenes = snapshotsPorEstado();
  const estados = Object.entries(adyacencia);

  it('every abstract state is reached by a shortest path', () => {
    expect(estados.map(([clave]) => clave).filter((c) => !origenes.has(c))).toEqual([]);
  });

  it.each(estados.map(([clave, valor], i) => [i, clave, valor] as const))('from state %i', (_, clave, { transitions }) => {
    for (const { event, state: destino } of Object.values(transitions)) {
      sut = new SutMaquina(origenes.get(clave)!);
      const evento = event as EventoModelo;
      const driver = drivers[evento.type];
      expect(driver, evento.type).toBeDefined();
      driver!({ event: evento });
      ejercidos.add(evento.type);
      expect(serializarEstado(sut.snapshot), `${evento.type} from ${clave}`).toBe(serializarEstado(destino));
      afirmar(destino);
      sut.detener();
    }
  });
});

describe('coverage', () => {
  it('every state has an assertion and is visited, every event type has a driver and is exercised', () => {
    const visitados = new Set<string>();
    for (const camino of [...caminos, ...caminosSimplesAEnviada()])
      for (const paso of camino.steps) for (const id of idsActivos(paso.state)) visitados.add(id);
    expect(
      faltas(enrolmentMachine, {
        aserciones: Object.keys(aserciones),
        drivers: Object.keys(drivers),
        ejercidos,
        visitados,
      }),
    ).toEqual(SIN_FALTAS);
  });

  it('fails when something is missing', () => {
    const { '#enrolment.documentos.subido': _sinAsercion, ...pocas } = aserciones;
    const { AVANZAR: _sinDriver, ...menos } = drivers;
    const resultado = faltas(enrolmentMachine, {
      aserciones: Object.keys(pocas),
      drivers: [...Object.keys(menos), 'INVENTADO'],
      ejercidos: [...ejercidos].filter((e) => e !== 'SUBIDA.PROGRESO'),
      visitados: ['enrolment'],
    });
    expect(resultado.estadosSinAsercion).toEqual(['#enrolment.documentos.subido']);
    expect(resultado.eventosSinDriver).toEqual(['AVANZAR']);
    expect(resultado.driversSinEvento).toEqual(['INVENTADO']);
    expect(resultado.eventosNoEjercidos).toEqual(['SUBIDA.PROGRESO']);
    expect(resultado.estadosNoVisitados).toContain('#enrolment.enviada');
  });
});
