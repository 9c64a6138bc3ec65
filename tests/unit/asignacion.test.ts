// Who has an application (producto §15, "Responsable") on the lifecycle chart, without I/O: the
// guards of Tomar, Asignar a… and Liberar in every status, the holder each leaves in the context,
// the buttons each account is offered, and a model-based replay (tests/modelo/asignacion.ts) of
// every path on a real actor, checking at each state what the chart accepts and refuses.
import { createActor, transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  TIPOS_ASIGNACION,
  asignacionesPosibles,
  cicloDeVida,
  estadoDelCiclo,
  type EventoAsignacion,
} from '../../domain/ciclo-de-vida.js';
import { CLAVES_ESTADO, type Estado } from '../../domain/estados.js';
import {
  asignacionesRechazadas,
  caminosDeAsignacion,
  claveDeAsignacion,
  type EventoAsignacionModelo,
} from '../modelo/asignacion.js';
import { DOCUMENTOS_DEL_MODELO } from '../modelo/ciclo-de-vida.js';

const ABIERTOS: Estado[] = ['recibida', 'en_revision', 'observada', 'corregida'];
const en = (estado: Estado, responsable: string | null) =>
  estadoDelCiclo(estado, DOCUMENTOS_DEL_MODELO, responsable);
const despues = (estado: Estado, responsable: string | null, evento: EventoAsignacion) =>
  transition(cicloDeVida, en(estado, responsable), evento)[0];

/** producto §15, written out: who may do what, by who has it now. */
function esperado(e: EventoAsignacion, responsable: string | null): string | null | 'rechazado' {
  const staff = e.actor === 'revisor' || e.actor === 'administrador';
  if (e.type === 'TOMAR') return staff && responsable === null ? e.quien : 'rechazado';
  if (e.type === 'ASIGNAR')
    return e.actor === 'administrador' && e.a && e.a !== responsable ? e.a : 'rechazado';
  return staff && responsable !== null && (responsable === e.quien || e.actor === 'administrador')
    ? null
    : 'rechazado';
}

describe('quién tiene la solicitud (Responsable) en el ciclo de vida', () => {
  const eventos: EventoAsignacion[] = [
    { type: 'TOMAR', actor: 'revisor', quien: 'r1' },
    { type: 'TOMAR', actor: 'administrador', quien: 'a1' },
    { type: 'TOMAR', actor: 'solicitante', quien: 's' },
    { type: 'ASIGNAR', actor: 'administrador', quien: 'a1', a: 'r1' },
    { type: 'ASIGNAR', actor: 'administrador', quien: 'a1', a: 'r2' },
    { type: 'ASIGNAR', actor: 'administrador', quien: 'a1', a: '' },
    { type: 'ASIGNAR', actor: 'administrador', quien: 'a1' },
    { type: 'ASIGNAR', actor: 'revisor', quien: 'r1', a: 'r2' },
    { type: 'LIBERAR', actor: 'revisor', quien: 'r1' },
    { type: 'LIBERAR', actor: 'revisor', quien: 'r2' },
    { type: 'LIBERAR', actor: 'administrador', quien: 'a1' },
    { type: 'LIBERAR', actor: 'solicitante', quien: 'r1' },
  ];

  describe.each(CLAVES_ESTADO)('en %s', (estado) => {
    it.each([null, 'r1', 'a1'])(
      'con responsable %s: each event as producto §15 says, the status kept',
      (r) => {
        for (const e of eventos) {
          const quiere = ABIERTOS.includes(estado) ? esperado(e, r) : 'rechazado';
          const clave = JSON.stringify(e);
          expect(en(estado, r).can(e), clave).toBe(quiere !== 'rechazado');
          const s = despues(estado, r, e);
          expect(s.value, clave).toBe(estado);
          expect(s.context.responsable, clave).toBe(quiere === 'rechazado' ? r : quiere);
        }
      },
    );
  });

  it('the buttons each account is offered', () => {
    expect(asignacionesPosibles(en('recibida', null), 'revisor', 'r1')).toEqual(['TOMAR']);
    expect(asignacionesPosibles(en('recibida', 'r1'), 'revisor', 'r1')).toEqual(['LIBERAR']);
    expect(asignacionesPosibles(en('recibida', 'r2'), 'revisor', 'r1')).toEqual([]);
    expect(asignacionesPosibles(en('en_revision', null), 'administrador', 'a1')).toEqual([
      'TOMAR',
      'ASIGNAR',
    ]);
    expect(asignacionesPosibles(en('corregida', 'r2'), 'administrador', 'a1')).toEqual([
      'ASIGNAR',
      'LIBERAR',
    ]);
    for (const final of ['aprobada', 'rechazada'] as const)
      expect(asignacionesPosibles(en(final, 'r1'), 'administrador', 'a1')).toEqual([]);
  });

  it('who has it changes no status and names no effect for the server to carry out', () => {
    for (const estado of ABIERTOS) {
      const [, acciones] = transition(cicloDeVida, en(estado, null), {
        type: 'TOMAR',
        actor: 'revisor',
        quien: 'r1',
      });
      expect(acciones).toEqual([]);
    }
  });

  it.each(caminosDeAsignacion().map((c) => [c.description, c] as const))(
    'model path: %s',
    async (_, camino) => {
      const actor = createActor(cicloDeVida, { input: { documentos: DOCUMENTOS_DEL_MODELO } }).start();
      const visto: string[] = [];
      await camino.test({
        states: {
          '*': (s) => {
            visto.push(String(s.value));
            const actual = actor.getSnapshot();
            expect(actual.context.responsable).toBe(s.context.responsable);
            // What the actor refuses here is what producto §15 refuses.
            for (const e of asignacionesRechazadas(actual))
              expect(esperado(e, actual.context.responsable), claveDeAsignacion(e)).toBe('rechazado');
          },
        },
        events: Object.fromEntries(
          TIPOS_ASIGNACION.map((tipo) => [
            tipo,
            ({ event }: { event: EventoAsignacionModelo }) => {
              expect(actor.getSnapshot().can(event)).toBe(true);
              actor.send(event);
            },
          ]),
        ),
      });
      expect(visto.length).toBe(camino.steps.length);
      actor.stop();
    },
  );
});
