// Four eyes (producto §15, DOBLE_CONTROL) on the lifecycle chart, without I/O: who may propose,
// confirm and discard, from which status, under each setting, written out and compared with the
// chart for every combination; what each leaves in the context and which effects it names (a
// proposal sends nothing, a confirmation the decision's e-mail); every move closing the open
// proposal; the buttons each account is offered; the setting read with the active administradores
// and from the environment; Historial's sentences; and a model-based replay
// (tests/modelo/propuestas.ts) of every path on a real actor, checking at each state what it refuses.
import { createActor, transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  cicloDeVida,
  estadoDelCiclo,
  ofrece,
  type EventoCiclo,
  type TipoMovimiento,
} from '../../domain/ciclo-de-vida.js';
import { CLAVES_ESTADO, type Estado } from '../../domain/estados.js';
import {
  DECISIONES,
  DESTINO,
  dobleControlCon,
  fraseDeControl,
  fraseDePropuesta,
  pasoDePropuesta,
  proponenteAntes,
  propuestasPosibles,
  registraPropuesta,
  type Decision,
  type EventoPropuesta,
  type Propuesta,
} from '../../domain/propuestas.js';
import { ConfigError, loadConfig } from '../../server/config/index.js';
import { DOCUMENTOS_DEL_MODELO } from '../modelo/ciclo-de-vida.js';
import {
  DOBLE_CONTROL_DEL_MODELO,
  caminosDePropuestas,
  claveDePropuesta,
  propuestasRechazadas,
  type EventoPropuestaModelo,
} from '../modelo/propuestas.js';

const DOCS = DOCUMENTOS_DEL_MODELO;
const en = (estado: Estado, propuesta: Propuesta | null, dobleControl: readonly Decision[]) =>
  estadoDelCiclo(estado, DOCS, null, { propuesta, dobleControl });

/** The decisions each status allows (producto §9's table). */
const DECIDE: Record<Estado, readonly Decision[]> = {
  recibida: [],
  en_revision: ['APROBAR', 'RECHAZAR'],
  observada: ['RECHAZAR'],
  corregida: ['APROBAR', 'RECHAZAR'],
  aprobada: [],
  rechazada: [],
};

/** producto §15, written out: what the event leads to, or 'rechazado'. */
function esperado(
  estado: Estado,
  propuesta: Propuesta | null,
  doble: readonly Decision[],
  e: EventoPropuesta,
): Estado | 'propuesta' | 'descartada' | 'rechazado' {
  const decide = DECIDE[estado];
  const motivo = (e.motivo ?? '').trim() !== '';
  if (decide.length === 0) return 'rechazado';
  if (e.type === 'PROPONER') {
    if (propuesta || !e.decision || !decide.includes(e.decision)) return 'rechazado';
    if (e.decision === 'RECHAZAR' && !motivo) return 'rechazado';
    const administrador = e.actor === 'administrador' && doble.includes(e.decision);
    const revisor = e.actor === 'revisor' && e.decision === 'APROBAR';
    return administrador || revisor ? 'propuesta' : 'rechazado';
  }
  if (!propuesta) return 'rechazado';
  if (e.type === 'CONFIRMAR') {
    return e.actor === 'administrador' && e.quien !== propuesta.quien && decide.includes(propuesta.decision)
      ? DESTINO[propuesta.decision]
      : 'rechazado';
  }
  const suya = e.quien === propuesta.quien && e.actor !== 'solicitante';
  return motivo && (e.actor === 'administrador' || suya) ? 'descartada' : 'rechazado';
}

const EVENTOS: EventoPropuesta[] = (['revisor', 'administrador', 'solicitante'] as const).flatMap((actor) =>
  ['r1', 'a1', 'a2'].flatMap((quien): EventoPropuesta[] => [
    { type: 'PROPONER', actor, quien, decision: 'APROBAR' },
    { type: 'PROPONER', actor, quien, decision: 'RECHAZAR', motivo: 'No corresponde.' },
    { type: 'PROPONER', actor, quien, decision: 'RECHAZAR' },
    { type: 'PROPONER', actor, quien },
    { type: 'CONFIRMAR', actor, quien },
    { type: 'DESCARTAR', actor, quien, motivo: 'Revisar la póliza.' },
    { type: 'DESCARTAR', actor, quien, motivo: '  ' },
  ]),
);
const PROPUESTAS: (Propuesta | null)[] = [
  null,
  { decision: 'APROBAR', quien: 'r1' },
  { decision: 'RECHAZAR', quien: 'a1', motivo: 'No corresponde.' },
];
const AJUSTES: (readonly Decision[])[] = [[], ['RECHAZAR'], ['APROBAR', 'RECHAZAR']];

describe('doble control en el ciclo de vida', () => {
  describe.each(CLAVES_ESTADO)('en %s', (estado) => {
    it.each(
      AJUSTES.flatMap((d) => PROPUESTAS.map((p) => [JSON.stringify(d), JSON.stringify(p), d, p] as const)),
    )('con doble control %s y propuesta %s: each event as producto §15 says', (_, __, doble, propuesta) => {
      for (const e of EVENTOS) {
        const quiere = esperado(estado, propuesta, doble, e);
        const clave = JSON.stringify(e);
        const antes = en(estado, propuesta, doble);
        expect(antes.can(e), clave).toBe(quiere !== 'rechazado');
        const [s, acciones] = transition(cicloDeVida, antes, e);
        if (quiere === 'rechazado') {
          expect([s.value, s.context.propuesta], clave).toEqual([estado, propuesta]);
        } else if (quiere === 'propuesta') {
          expect(s.value, clave).toBe(estado);
          const motivo = e.motivo?.trim();
          expect(s.context.propuesta, clave).toEqual({
            decision: e.decision,
            quien: e.quien,
            ...(motivo ? { motivo } : {}),
          });
          // No e-mail leaves with a proposal.
          expect(acciones, clave).toEqual([]);
        } else if (quiere === 'descartada') {
          expect([s.value, s.context.propuesta], clave).toEqual([estado, null]);
          expect(acciones, clave).toEqual([]);
        } else {
          // A confirmation is the decision: its status, its e-mail, no proposal left.
          expect([s.value, s.context.propuesta], clave).toEqual([quiere, null]);
          expect(
            acciones.map((a) => [a.type, a.params]),
            clave,
          ).toEqual([['avisarAlSolicitante', { aviso: quiere }]]);
        }
      }
    });
  });

  it('an administrador decides directly only where four eyes do not apply; a revisor never does', () => {
    for (const doble of AJUSTES) {
      for (const tipo of ['APROBAR', 'RECHAZAR'] as const) {
        const s = en('en_revision', null, doble);
        const directa: EventoCiclo = { type: tipo, actor: 'administrador', motivo: 'No corresponde.' };
        expect(s.can(directa), `${tipo} ${JSON.stringify(doble)}`).toBe(!doble.includes(tipo));
        expect(s.can({ ...directa, actor: 'revisor' })).toBe(false);
      }
    }
  });

  it('every move closes the open proposal: it was about the status left behind', () => {
    const abierta: Propuesta = { decision: 'RECHAZAR', quien: 'a1', motivo: 'No corresponde.' };
    const casos: [Estado, EventoCiclo][] = [
      ['en_revision', { type: 'OBSERVAR', actor: 'revisor', motivo: 'Falta.', documentos: ['DniAnverso'] }],
      ['en_revision', { type: 'APROBAR', actor: 'administrador' }],
      ['corregida', { type: 'PONER_EN_REVISION', actor: 'revisor' }],
      ['observada', { type: 'ENVIAR_CORRECCION', actor: 'solicitante' }],
    ];
    for (const [desde, e] of casos) {
      const [s] = transition(cicloDeVida, en(desde, abierta, ['RECHAZAR']), e);
      expect(s.value, e.type).not.toBe(desde);
      expect(s.context.propuesta, e.type).toBeNull();
    }
    // Who has it is no move: the proposal stays.
    const [tomada] = transition(cicloDeVida, en('en_revision', abierta, ['RECHAZAR']), {
      type: 'TOMAR',
      actor: 'revisor',
      quien: 'r1',
    });
    expect(tomada.context.propuesta).toEqual(abierta);
  });

  it('the buttons each account is offered', () => {
    const libre = en('en_revision', null, ['RECHAZAR']);
    // The administrador's "Rechazar" records a proposal; its "Aprobar" is the move.
    expect(registraPropuesta(libre, 'RECHAZAR', 'administrador', 'a1')).toBe(true);
    expect(registraPropuesta(libre, 'APROBAR', 'administrador', 'a1')).toBe(false);
    expect(ofrece(libre, 'APROBAR', 'administrador')).toBe(true);
    expect(ofrece(libre, 'RECHAZAR', 'administrador')).toBe(false);
    // A revisor's approval is "Proponer aprobación", never the administrador's button.
    expect(registraPropuesta(libre, 'APROBAR', 'revisor', 'r1')).toBe(false);
    expect(propuestasPosibles(libre, 'revisor', 'r1')).toEqual(['PROPONER']);
    const abierta = en('en_revision', { decision: 'RECHAZAR', quien: 'a1', motivo: 'No.' }, ['RECHAZAR']);
    expect(propuestasPosibles(abierta, 'administrador', 'a1')).toEqual(['DESCARTAR']);
    expect(propuestasPosibles(abierta, 'administrador', 'a2')).toEqual(['CONFIRMAR', 'DESCARTAR']);
    expect(propuestasPosibles(abierta, 'revisor', 'r1')).toEqual([]);
    // With a proposal open, no second one: "Rechazar" is not offered.
    const tipos: TipoMovimiento[] = ['APROBAR', 'RECHAZAR'];
    expect(tipos.filter((t) => registraPropuesta(abierta, t, 'administrador', 'a2'))).toEqual([]);
    for (const final of ['aprobada', 'rechazada'] as const)
      expect(propuestasPosibles(en(final, null, DECISIONES), 'administrador', 'a1')).toEqual([]);
  });

  it('DOBLE_CONTROL: rechazo by default; with one active administrador the setting cannot apply', () => {
    expect(dobleControlCon('rechazo', 2)).toEqual({ decisiones: ['RECHAZAR'], suspendidas: [] });
    expect(dobleControlCon('ambos', 3)).toEqual({ decisiones: ['APROBAR', 'RECHAZAR'], suspendidas: [] });
    expect(dobleControlCon('no', 3)).toEqual({ decisiones: [], suspendidas: [] });
    expect(dobleControlCon('rechazo', 1)).toEqual({ decisiones: [], suspendidas: ['RECHAZAR'] });
    expect(dobleControlCon('ambos', 0)).toEqual({ decisiones: [], suspendidas: ['APROBAR', 'RECHAZAR'] });
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/alta-propuestas' };
    expect(loadConfig(base).dobleControl).toBe('rechazo');
    expect(loadConfig({ ...base, DOBLE_CONTROL: ' ambos ' }).dobleControl).toBe('ambos');
    expect(() => loadConfig({ ...base, DOBLE_CONTROL: 'siempre' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DOBLE_CONTROL: 'siempre' })).toThrow(
      'Configuración inválida: DOBLE_CONTROL debe ser uno de: rechazo, ambos, no (recibido "siempre").',
    );
  });

  it("Historial's sentences: the proposal, its discard naming whose it was, and the decision's line", () => {
    expect(pasoDePropuesta('propuesta_rechazar')).toEqual({ paso: 'propuesta', decision: 'RECHAZAR' });
    expect(pasoDePropuesta('descarte_aprobar')).toEqual({ paso: 'descarte', decision: 'APROBAR' });
    expect(pasoDePropuesta('responsable')).toBeNull();
    expect(pasoDePropuesta(null)).toBeNull();
    expect(fraseDePropuesta('Ana', { paso: 'propuesta', decision: 'RECHAZAR' }, null)).toBe(
      'Ana propuso Rechazar.',
    );
    expect(fraseDePropuesta('Beto', { paso: 'descarte', decision: 'APROBAR' }, 'Rita')).toBe(
      'Beto descartó la propuesta de Rita (Aprobar).',
    );
    expect(fraseDePropuesta('Rita', { paso: 'descarte', decision: 'APROBAR' }, 'Rita')).toBe(
      'Rita descartó la propuesta (Aprobar).',
    );
    expect(fraseDeControl('confirmacion', 'Ana')).toBe('Confirmó la propuesta de Ana.');
    expect(fraseDeControl('un_administrador', null)).toBe(
      'Decidida sin doble control (un solo administrador activo).',
    );
    const historial = [
      { nombre: null, usuario: null, cambio: null },
      { nombre: 'Ana', usuario: 'ana', cambio: { campo: 'propuesta_rechazar' } },
      { nombre: 'Beto', usuario: 'beto', cambio: { campo: 'responsable' } },
      { nombre: 'Beto', usuario: 'beto', cambio: null },
    ];
    expect(proponenteAntes(historial, 3)).toBe('Ana');
    expect(proponenteAntes(historial, 1)).toBeNull();
  });

  it.each(caminosDePropuestas().map((c) => [c.description, c] as const))(
    'model path: %s',
    async (_, camino) => {
      const actor = createActor(cicloDeVida, {
        input: { documentos: DOCS, dobleControl: DOBLE_CONTROL_DEL_MODELO },
      }).start();
      const visto: string[] = [];
      await camino.test({
        states: {
          '*': (s) => {
            visto.push(String(s.value));
            const actual = actor.getSnapshot();
            expect([actual.value, actual.context.propuesta]).toEqual([s.value, s.context.propuesta]);
            // What the actor refuses here is what producto §15 refuses (and producto §9, for the moves).
            for (const e of propuestasRechazadas(actual)) {
              if (!('quien' in e)) continue;
              expect(
                esperado(actual.value, actual.context.propuesta, DOBLE_CONTROL_DEL_MODELO, e),
                claveDePropuesta(e),
              ).toBe('rechazado');
            }
          },
        },
        events: Object.fromEntries(
          ['PONER_EN_REVISION', 'OBSERVAR', 'APROBAR', 'RECHAZAR', 'PROPONER', 'CONFIRMAR', 'DESCARTAR'].map(
            (tipo) => [
              tipo,
              ({ event }: { event: EventoPropuestaModelo }) => {
                expect(actor.getSnapshot().can(event), claveDePropuesta(event)).toBe(true);
                actor.send(event);
              },
            ],
          ),
        ),
      });
      expect(visto.length).toBe(camino.steps.length);
      actor.stop();
    },
  );
});
