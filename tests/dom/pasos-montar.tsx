// Mounts a step of the wizard inside `Enrolment.Provider`, with the statechart started in the
// state the test names and every I/O action replaced by a spy: the test plays the app's part,
// answering with events (SUBIDA.PROGRESO, SUBIDA.EXITO, …) through the returned actor.
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi, type Mock } from 'vitest';
import type { Actor, StateValue } from 'xstate';
import { contextoInicial, enrolmentMachine, type EnrolmentContext } from '../../machines/index.js';
import { Enrolment } from '../../src/estado/enrolment-actor.js';
import { renderizar } from './render.js';

const ACCIONES_IO = [
  'cargarCatalogos',
  'cargarCalles',
  'comprobarDniMatricula',
  'guardarArchivo',
  'borrarArchivo',
  'subirArchivos',
  'notificarSubida',
  'programarAvance',
  'enviarSolicitud',
  'notificarFalloEnvio',
  'borrarBorrador',
  'mostrarConfirmacion',
] as const;
type AccionIo = (typeof ACCIONES_IO)[number];

/** Each spy receives the action's params as its first argument. */
type Espias = Record<AccionIo, Mock<(params: unknown) => void>>;

export type EnrolmentActor = Actor<typeof enrolmentMachine>;

export function montarPaso(ui: ReactElement, estado: StateValue, contexto: Partial<EnrolmentContext> = {}) {
  const espias = Object.fromEntries(ACCIONES_IO.map((nombre) => [nombre, vi.fn()])) as Espias;
  const acciones = Object.fromEntries(
    ACCIONES_IO.map((nombre) => [nombre, (_: unknown, params: unknown) => espias[nombre](params)]),
  );
  const logica = enrolmentMachine.provide({ actions: acciones });
  const snapshot = logica.resolveState({ value: estado, context: { ...contextoInicial(), ...contexto } });
  let actor: EnrolmentActor | null = null;
  function Espia() {
    actor = Enrolment.useActorRef();
    return null;
  }
  const vista = renderizar(
    <Enrolment.Provider logic={logica} options={{ snapshot }}>
      <Espia />
      {ui}
    </Enrolment.Provider>,
  );
  const obtener = () => {
    if (!actor) throw new Error('El actor no se montó');
    return actor;
  };
  /** Sends an event as the app's I/O (or the shell's buttons) would, inside act(). */
  const enviar = (evento: Parameters<EnrolmentActor['send']>[0]) => act(() => obtener().send(evento));
  return { ...vista, espias, actor: obtener, enviar };
}
