// The review lifecycle chart (domain/ciclo-de-vida.ts) on its own, without I/O: its states are the
// statuses, its events the moves of producto §9, producto §11 and producto §17 and nothing else, its guards read
// the role and the payload, its transitions name the effects the server carries out, and a
// model-based replay (xstate/graph over the chart itself, tests/modelo/ciclo-de-vida.ts) walks
// every path on a real actor, checking at every status which moves it accepts.
import { createActor, initialTransition, transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ValidationError } from 'yup';
import {
  BOTONES,
  BOTONES_ASIGNACION,
  TIPOS_ASIGNACION,
  TIPOS_MOVIMIENTO,
  cicloDeVida,
  esquemaMovimiento,
  estadoDelCiclo,
  ofrece,
  problemasDelMovimiento,
  type EventoCiclo,
  type EventoMovimiento,
  type TipoMovimiento,
} from '../../domain/ciclo-de-vida.js';
import { CLAVES_ESTADO, ESTADO_INICIAL, type Actor, type Estado } from '../../domain/estados.js';
import { TIPOS_PROPUESTA } from '../../domain/propuestas.js';
import { LARGO_MAXIMO_MOTIVO, MENSAJES, TEXTOS_GESTION } from '../../domain/index.js';
import {
  ACTORES,
  DOCUMENTOS_DEL_MODELO,
  EVENTOS_DEL_MODELO,
  caminosDelModelo,
  claveDeEvento,
  modeloCiclo,
  rechazados,
} from '../modelo/ciclo-de-vida.js';

/**
 * producto §9, written out: from → move → the actors that may make it (with the payload it needs);
 * and producto §17's re-attestation, the provider's changes from Aprobada.
 */
const PERMITIDOS: Record<Estado, Partial<Record<TipoMovimiento, { hacia: Estado; actores: Actor[] }>>> = {
  recibida: {
    PONER_EN_REVISION: { hacia: 'en_revision', actores: ['revisor', 'administrador'] },
    OBSERVAR: { hacia: 'observada', actores: ['revisor', 'administrador'] },
  },
  en_revision: {
    OBSERVAR: { hacia: 'observada', actores: ['revisor', 'administrador'] },
    APROBAR: { hacia: 'aprobada', actores: ['administrador'] },
    RECHAZAR: { hacia: 'rechazada', actores: ['administrador'] },
  },
  observada: {
    ENVIAR_CORRECCION: { hacia: 'corregida', actores: ['solicitante'] },
    RECHAZAR: { hacia: 'rechazada', actores: ['administrador'] },
  },
  corregida: {
    PONER_EN_REVISION: { hacia: 'en_revision', actores: ['revisor', 'administrador'] },
    OBSERVAR: { hacia: 'observada', actores: ['revisor', 'administrador'] },
    APROBAR: { hacia: 'aprobada', actores: ['administrador'] },
    RECHAZAR: { hacia: 'rechazada', actores: ['administrador'] },
  },
  aprobada: {
    ACTUALIZAR_DATOS: { hacia: 'corregida', actores: ['solicitante'] },
  },
  rechazada: {},
};

const DOCS = DOCUMENTOS_DEL_MODELO;
const completo = (type: TipoMovimiento, actor: Actor): EventoCiclo => ({
  type,
  actor,
  motivo: 'La póliza está vencida.',
  documentos: ['DniAnverso'],
});
const tipos = (acciones: readonly { type: string; params?: unknown }[]) =>
  acciones.map((a) => (a.params ? { type: a.type, params: a.params } : { type: a.type }));

describe('el ciclo de vida de una solicitud (statechart)', () => {
  it('its states are the six statuses, in order, starting at recibida; aprobada and rechazada are resolved, only rechazada final', () => {
    expect(Object.keys(cicloDeVida.states)).toEqual(CLAVES_ESTADO);
    expect(cicloDeVida.config.initial).toBe(ESTADO_INICIAL);
    expect(CLAVES_ESTADO.filter((e) => estadoDelCiclo(e).hasTag('resuelta'))).toEqual([
      'aprobada',
      'rechazada',
    ]);
    // The provider's re-attestation leaves Aprobada (producto §17): it is not a final state.
    expect(CLAVES_ESTADO.filter((e) => estadoDelCiclo(e).status === 'done')).toEqual(['rechazada']);
  });

  it('its events are the six moves, the three of who has it and the three of four eyes, no others, each with its button', () => {
    const enElChart = new Set(Object.values(cicloDeVida.states).flatMap((n) => [...n.transitions.keys()]));
    expect([...enElChart].sort()).toEqual(
      [...TIPOS_MOVIMIENTO, ...TIPOS_ASIGNACION, ...TIPOS_PROPUESTA].sort(),
    );
    expect(BOTONES_ASIGNACION).toEqual({ TOMAR: 'Tomar', ASIGNAR: 'Asignar a…', LIBERAR: 'Liberar' });
    expect(BOTONES).toEqual({
      PONER_EN_REVISION: 'En revisión',
      OBSERVAR: 'Observar',
      ENVIAR_CORRECCION: 'Enviar corrección',
      APROBAR: 'Aprobar',
      RECHAZAR: 'Rechazar',
      ACTUALIZAR_DATOS: 'Enviar cambios',
    });
  });

  describe.each(CLAVES_ESTADO)('desde %s', (estado) => {
    it.each(TIPOS_MOVIMIENTO.flatMap((t) => ACTORES.map((a) => [t, a] as const)))(
      '%s por %s: the role guard, and the status it leads to',
      (tipo, actor) => {
        const permitido = PERMITIDOS[estado][tipo];
        const snapshot = estadoDelCiclo(estado, DOCS);
        const evento = completo(tipo, actor);
        const puede = permitido?.actores.includes(actor) ?? false;
        expect(snapshot.can(evento)).toBe(puede);
        expect(ofrece(snapshot, tipo, actor)).toBe(puede);
        const [despues] = transition(cicloDeVida, snapshot, evento);
        expect(despues.value).toBe(puede ? permitido!.hacia : estado);
      },
    );
  });

  it('the payload guards: Observar needs a valid motivo and documents the application has; Rechazar a motivo', () => {
    const enRevision = estadoDelCiclo('en_revision', DOCS);
    const observar = (datos: Partial<EventoMovimiento>) =>
      enRevision.can({ type: 'OBSERVAR', actor: 'revisor', ...datos });
    expect(observar({ motivo: 'Foto borrosa.', documentos: ['DniAnverso'] })).toBe(true);
    expect(
      observar({ motivo: 'x'.repeat(LARGO_MAXIMO_MOTIVO), documentos: ['DniAnverso', 'TituloMedico'] }),
    ).toBe(true);
    for (const malo of [
      {},
      { documentos: ['DniAnverso'] },
      { motivo: ' \n ', documentos: ['DniAnverso'] },
      { motivo: 'x'.repeat(LARGO_MAXIMO_MOTIVO + 1), documentos: ['DniAnverso'] },
      { motivo: 'Con \u0000 nulo', documentos: ['DniAnverso'] },
      { motivo: 'Ver.' },
      { motivo: 'Ver.', documentos: [] },
      { motivo: 'Ver.', documentos: ['RegistroNacionalPrestadores'] },
      { motivo: 'Ver.', documentos: ['DniAnverso', 'DniAnverso'] },
    ]) {
      expect(observar(malo), JSON.stringify(malo)).toBe(false);
    }
    for (const estado of ['en_revision', 'observada', 'corregida'] as const) {
      const s = estadoDelCiclo(estado, DOCS);
      expect(s.can({ type: 'RECHAZAR', actor: 'administrador' })).toBe(false);
      expect(s.can({ type: 'RECHAZAR', actor: 'administrador', motivo: '   ' })).toBe(false);
      expect(s.can({ type: 'RECHAZAR', actor: 'administrador', motivo: 'No corresponde.' })).toBe(true);
    }
    // A motivo nobody needs may come, and is judged like any other.
    expect(enRevision.can({ type: 'APROBAR', actor: 'administrador' })).toBe(true);
    expect(enRevision.can({ type: 'APROBAR', actor: 'administrador', motivo: 'Todo en orden.' })).toBe(true);
    expect(enRevision.can({ type: 'APROBAR', actor: 'administrador', motivo: 'Con \u202E' })).toBe(false);
  });

  it('what is wrong with a payload, by field: the guard, the server and the dialog read the same messages', () => {
    expect(problemasDelMovimiento(['motivo', 'documentos'], {}, DOCS)).toEqual({
      motivo: TEXTOS_GESTION.motivoRequerido,
      documentos: TEXTOS_GESTION.documentosRequeridos,
    });
    expect(
      problemasDelMovimiento(['motivo', 'documentos'], { motivo: 'Ver.', documentos: ['Otro'] }, DOCS),
    ).toEqual({
      documentos: TEXTOS_GESTION.documentoInexistente,
    });
    expect(problemasDelMovimiento([], { motivo: 'x'.repeat(LARGO_MAXIMO_MOTIVO + 1) }, DOCS)).toEqual({
      motivo: MENSAJES.demasiadoLargo(LARGO_MAXIMO_MOTIVO),
    });
    const esquema = esquemaMovimiento(['motivo', 'documentos'], DOCS);
    let errores: string[] = [];
    try {
      esquema.validateSync({ motivo: '', documentos: [] }, { abortEarly: false });
    } catch (error) {
      errores = (error as ValidationError).errors;
    }
    expect(errores.sort()).toEqual(
      [TEXTOS_GESTION.documentosRequeridos, TEXTOS_GESTION.motivoRequerido].sort(),
    );
    expect(esquema.isValidSync({ motivo: 'Ver.', documentos: ['DniAnverso'] })).toBe(true);
    expect(esquema.isValidSync({ motivo: 'Ver.', documentos: ['DniAnverso', 'DniAnverso'] })).toBe(false);
  });

  it('each transition names its effects, in the order the server carries them out', () => {
    const efectos = (estado: Estado, tipo: TipoMovimiento, actor: Actor) =>
      tipos(transition(cicloDeVida, estadoDelCiclo(estado, DOCS), completo(tipo, actor))[1]);
    const [inicial, alLlegar] = initialTransition(cicloDeVida, { documentos: DOCS });
    expect(inicial.value).toBe('recibida');
    // The receipt's version 1 is issued before the e-mail that attaches it.
    expect(tipos(alLlegar)).toEqual([{ type: 'emitirComprobante' }, { type: 'avisarEnvio' }]);
    expect(efectos('recibida', 'PONER_EN_REVISION', 'revisor')).toEqual([]);
    expect(efectos('corregida', 'PONER_EN_REVISION', 'revisor')).toEqual([]);
    // The correction link is opened before the e-mail that carries it.
    expect(efectos('en_revision', 'OBSERVAR', 'revisor')).toEqual([
      { type: 'abrirCorreccion' },
      { type: 'avisarAlSolicitante', params: { aviso: 'observada' } },
    ]);
    // A correction issues the next version, then "Recibimos tu corrección" attaches it.
    expect(efectos('observada', 'ENVIAR_CORRECCION', 'solicitante')).toEqual([
      { type: 'emitirComprobante' },
      { type: 'avisarAlSolicitante', params: { aviso: 'corregida' } },
      { type: 'avisarAlPersonal', params: { aviso: 'corregida' } },
    ]);
    // The provider's changes (producto §17) are reviewed as a correction: the same effects.
    expect(efectos('aprobada', 'ACTUALIZAR_DATOS', 'solicitante')).toEqual([
      { type: 'emitirComprobante' },
      { type: 'avisarAlSolicitante', params: { aviso: 'corregida' } },
      { type: 'avisarAlPersonal', params: { aviso: 'corregida' } },
    ]);
    for (const desde of ['en_revision', 'corregida'] as const)
      expect(efectos(desde, 'APROBAR', 'administrador')).toEqual([
        { type: 'avisarAlSolicitante', params: { aviso: 'aprobada' } },
      ]);
    for (const desde of ['en_revision', 'observada', 'corregida'] as const)
      expect(efectos(desde, 'RECHAZAR', 'administrador')).toEqual([
        { type: 'avisarAlSolicitante', params: { aviso: 'rechazada' } },
      ]);
    // A refused move names nothing.
    expect(efectos('recibida', 'APROBAR', 'administrador')).toEqual([]);
  });
});

describe('el ciclo de vida, por modelo (xstate/graph)', () => {
  const caminos = caminosDelModelo();

  it('the traversal reaches every status and every move', () => {
    const adyacencia = modeloCiclo.getAdjacencyMap();
    expect(
      Object.values(adyacencia)
        .map((v) => String(v.state.value))
        .sort(),
    ).toEqual([...CLAVES_ESTADO].sort());
    const visitados = new Set(caminos.flatMap((c) => c.steps.map((p) => String(p.state.value))));
    expect([...visitados].sort()).toEqual([...CLAVES_ESTADO].sort());
    const movimientos = new Set(caminos.flatMap((c) => c.steps.slice(1).map((p) => p.event.type)));
    expect([...movimientos].sort()).toEqual([...TIPOS_MOVIMIENTO].sort());
    // Every accepted (status, move, actor) of producto §9 is an edge of the model.
    // xstate/graph keys the map by serialized state and event (ours: the status, claveDeEvento).
    type Vertice = { transitions: Record<string, { state: { value: unknown } }> };
    const destino = (estado: string, clave: string): unknown =>
      (adyacencia as unknown as Record<string, Vertice>)[estado]?.transitions[clave]?.state.value;
    for (const estado of CLAVES_ESTADO)
      for (const [tipo, p] of Object.entries(PERMITIDOS[estado]))
        for (const actor of p.actores) {
          const clave = `${tipo}/${actor}/completo`;
          expect(destino(estado, clave), `${estado} ${clave}`).toBe(p.hacia);
        }
  });

  it.each(caminos.map((c) => [c.steps.map((p) => `${p.event.type}`).join(' → '), c] as const))(
    '%s',
    async (_nombre, camino) => {
      const actor = createActor(cicloDeVida, { input: { documentos: DOCS } }).start();
      const visto: string[] = [];
      await camino.test({
        states: Object.fromEntries(
          CLAVES_ESTADO.map((estado) => [
            `#cicloDeVida.${estado}`,
            (s) => {
              visto.push(estado);
              expect(actor.getSnapshot().value).toBe(estado);
              expect(s.value).toBe(estado);
              // What the actor refuses here is what producto §9 refuses.
              for (const e of rechazados(actor.getSnapshot())) {
                const p = PERMITIDOS[estado][e.type];
                expect(e.variante !== 'completo' || !p?.actores.includes(e.actor), claveDeEvento(e)).toBe(
                  true,
                );
              }
            },
          ]),
        ),
        events: Object.fromEntries(
          TIPOS_MOVIMIENTO.map((tipo) => [
            tipo,
            ({ event }: { event: EventoCiclo }) => {
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

  it('every event variant of the model is a move of the chart', () => {
    for (const e of EVENTOS_DEL_MODELO) expect(TIPOS_MOVIMIENTO).toContain(e.type);
  });
});
