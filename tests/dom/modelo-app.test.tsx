// The model's shortest paths replayed through the rendered stepper page (docs/decisions/020):
// the real components, chart and API client in jsdom, the network answered at the axios adapter.
// Every state has an assertion on the screen and every event a driver acting like a user.
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enrolmentMachine } from '../../machines/index.js';
import { asercionesDom } from '../modelo/aserciones-dom.js';
import { SIN_FALTAS, faltas } from '../modelo/cobertura.js';
import { SOLO_EN_MAQUINA, driversDom } from '../modelo/drivers-dom.js';
import type { EventoModelo } from '../modelo/eventos.js';
import { caminosConEventosFaltantes, caminosMasCortos, caminosQueCubren, type Camino } from '../modelo/modelo.js';
import { SutDom } from '../modelo/sut-dom.js';

let sut: SutDom | null = null;
const actual = () => sut!;
const aserciones = asercionesDom(actual);

// Every shortest path takes ~35 min in jsdom here; by default the fewest of them that visit every
// state node and send every event type (MODELO_DOM=todos for all of them).
const todos = caminosMasCortos();
const elegidos = process.env.MODELO_DOM === 'todos' ? todos : caminosQueCubren(todos);
const caminos = [...elegidos, ...caminosConEventosFaltantes(elegidos, SOLO_EN_MAQUINA)];
const nombre = (c: Camino) => c.steps.slice(1).map((p) => p.event.type).join(' → ');

afterEach(() => {
  sut?.detener();
  sut = null;
});

beforeAll(() => import('../../src/pasos/datos-personales/Calendario.js'), 30_000);

async function recorrer(camino: Camino) {
  sut = new SutDom();
  const s = sut;
  await camino.test({
    states: Object.fromEntries(
      Object.entries(aserciones).map(([id, afirmar]) => [
        id,
        async (m: Parameters<typeof afirmar>[0]) => {
          await waitFor(() => afirmar(m));
        },
      ]),
    ),
    events: Object.fromEntries(
      Object.entries(driversDom).map(([tipo, driver]) => [
        tipo,
        async (paso: { event: unknown }) => {
          s.ultimoEvento = paso.event as EventoModelo;
          await driver(s, paso.event as EventoModelo);
          await s.asentar();
        },
      ]),
    ),
  });
}

describe('the model replayed through the rendered app', () => {
  it('covers every state and every event type on its paths', () => {
    const enCaminos = new Set(caminos.flatMap((c) => c.steps.slice(1).map((p) => p.event.type)));
    const visitados = new Set(caminos.flatMap((c) => c.steps.flatMap((p) => p.state._nodes.map((n) => n.id))));
    expect(SOLO_EN_MAQUINA.filter((t) => enCaminos.has(t))).toEqual([]);
    expect(
      faltas(enrolmentMachine, {
        aserciones: Object.keys(aserciones),
        drivers: [...Object.keys(driversDom), ...SOLO_EN_MAQUINA],
        ejercidos: [...enCaminos, ...SOLO_EN_MAQUINA],
        visitados,
      }),
    ).toEqual(SIN_FALTAS);
  });

  it.each(caminos.map((c, i) => [i + 1, nombre(c), c] as const))('path %i: %s', { timeout: 180_000 }, async (_, __, camino) => {
    await recorrer(camino);
  });
});
