// The model's shortest paths replayed in Chromium against the real server on a fresh SQLite
// (docs/decisions/020): the same generated paths and abstract states as at machine level, with
// Playwright drivers and screen assertions (tests/modelo/navegador.ts).
import { describe, expect, it } from 'vitest';
import { enrolmentMachine } from '../../machines/index.js';
import { SIN_FALTAS, faltas } from '../modelo/cobertura.js';
import { SOLO_EN_MAQUINA, type EventoModelo } from '../modelo/eventos.js';
import { caminosConEventosFaltantes, caminosMasCortos, caminosQueCubren, type Camino } from '../modelo/modelo.js';
import { SutNavegador, asercionesNavegador, driversNavegador, hastaQue } from '../modelo/navegador.js';
import { erroresDe, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';

const describir = puedeCorrer ? describe : describe.skip;

// The fewest shortest paths that visit every state node and send every event type on them
// (MODELO_E2E=todos: every shortest path, ~87, about half an hour).
const todos = caminosMasCortos();
const elegidos = process.env.MODELO_E2E === 'todos' ? todos : caminosQueCubren(todos);
const caminos = [...elegidos, ...caminosConEventosFaltantes(elegidos, SOLO_EN_MAQUINA)];
const nombre = (c: Camino) => c.steps.slice(1).map((p) => p.event.type).join(' → ');

describir('the model replayed in the browser', () => {
  const entorno = usarServidorYNavegador();
  let sut: SutNavegador;
  const aserciones = asercionesNavegador(() => sut);

  it('has an assertion for every state and a driver for every event type, each on some path', () => {
    const visitados = new Set(caminos.flatMap((c) => c.steps.flatMap((p) => p.state._nodes.map((n) => n.id))));
    const enCaminos = new Set(caminos.flatMap((c) => c.steps.slice(1).map((p) => p.event.type)));
    expect(SOLO_EN_MAQUINA.filter((t) => enCaminos.has(t))).toEqual([]);
    expect(
      faltas(enrolmentMachine, {
        aserciones: Object.keys(aserciones),
        drivers: [...Object.keys(driversNavegador), ...SOLO_EN_MAQUINA],
        ejercidos: [...enCaminos, ...SOLO_EN_MAQUINA],
        visitados,
      }),
    ).toEqual(SIN_FALTAS);
  });

  it.each(caminos.map((c, i) => [i + 1, nombre(c), c] as const))('path %i: %s', async (_, __, camino) => {
    const page = await newPage(entorno.browser);
    sut = new SutNavegador(page, entorno.servidor.url);
    try {
      await camino.test({
        states: Object.fromEntries(
          Object.entries(aserciones).map(([id, afirmar]) => [id, (m: Parameters<typeof afirmar>[0]) => hastaQue(() => afirmar(m))]),
        ),
        events: Object.fromEntries(
          Object.entries(driversNavegador).map(([tipo, driver]) => [
            tipo,
            async (paso: { event: unknown }) => {
              sut.ultimoEvento = paso.event as EventoModelo;
              await driver(sut, paso.event as EventoModelo);
            },
          ]),
        ),
      });
      // Failed requests the path asked for are logged by the app; nothing else may be.
      expect(erroresDe(page).filter((e) => !/Error HTTP (415|500|503)|Failed to load resource/.test(e))).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
