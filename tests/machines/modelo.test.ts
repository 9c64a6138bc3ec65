// Model-based test of the enrolment statechart (docs/decisions/020): paths generated from
// `enrolmentMachine` by xstate/graph, replayed against a real actor of the same machine whose I/O
// actions record their calls; every state asserted, every event driven.
import { afterEach, describe, expect, it } from 'vitest';
import { asercionesMaquina } from '../modelo/aserciones-maquina.js';
import { driversMaquina } from '../modelo/drivers-maquina.js';
import { caminosMasCortos, caminosSimplesAEnviada, type Camino } from '../modelo/modelo.js';
import { SutMaquina } from '../modelo/sut-maquina.js';

let sut: SutMaquina | null = null;
const actual = () => sut!;
const params = {
  states: asercionesMaquina(actual),
  events: driversMaquina(actual, () => {
    sut?.detener();
    sut = new SutMaquina();
  }),
};

afterEach(() => {
  sut?.detener();
  sut = null;
});

const nombre = (c: Camino) => c.steps.slice(1).map((p) => p.event.type).join(' → ') || '(inicial)';

describe('shortest paths to every abstract state', () => {
  const caminos = caminosMasCortos();
  it('are generated', () => {
    expect(caminos.length).toBeGreaterThan(50);
  });
  it.each(caminos.map((c) => [nombre(c), c] as const))('%s', async (_, camino) => {
    await camino.test(params);
  });
});

describe('simple paths to the application sent (without going back)', () => {
  const caminos = caminosSimplesAEnviada();
  it('are generated', () => {
    expect(caminos.length).toBeGreaterThan(100);
  });
  // In groups, to keep the report short: 936 paths of up to 33 events.
  const grupos = Array.from({ length: Math.ceil(caminos.length / 50) }, (_, i) => caminos.slice(i * 50, i * 50 + 50));
  it.each(grupos.map((g, i) => [i * 50 + 1, i * 50 + g.length, g] as const))('paths %i–%i', async (_, __, grupo) => {
    for (const camino of grupo) await camino.test(params);
  }, 30_000);
});
