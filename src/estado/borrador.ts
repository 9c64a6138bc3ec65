// The draft: the statechart's persisted snapshot in its versioned envelope
// (machines/persistencia.ts), saved on every change and read back before the stepper mounts.
import type { AnyActorRef, StateValue } from 'xstate';
import { contextoInicial, desenvolver, enrolmentMachine, envolver, type EnrolmentContext } from '../../machines/index.js';
import type { Almacenes } from './almacen.js';

export const CLAVE_BORRADOR = 'borrador';

/** The stored snapshot, or null when there is none or it no longer fits the chart. */
export async function cargarBorrador(almacenes: Almacenes): Promise<unknown> {
  try {
    const snapshot = desenvolver(await almacenes.encolar(() => almacenes.borrador.getItem(CLAVE_BORRADOR)));
    if (!snapshot) return null;
    const { value, context } = snapshot as { value: StateValue; context: EnrolmentContext };
    // Resolving it against the current chart throws when a state it names is gone.
    enrolmentMachine.resolveState({ value, context });
    const faltan = Object.keys(contextoInicial()).filter((clave) => !(clave in context));
    if (faltan.length > 0) throw new Error(`Al borrador le falta: ${faltan.join(', ')}`);
    return snapshot;
  } catch (error) {
    console.warn('Se descartó un borrador guardado que no se pudo restaurar.', error);
    return null;
  }
}

/**
 * Saves the actor's snapshot after every change. Writes are coalesced (a queued write stores
 * the latest snapshot when its turn comes) and a finished chart is never written.
 */
export function persistirBorrador(actor: AnyActorRef, almacenes: Almacenes): () => void {
  let encolada = false;
  const guardar = () => {
    if (encolada) return;
    encolada = true;
    void almacenes
      .encolar(async () => {
        encolada = false;
        if (actor.getSnapshot().status !== 'active') return;
        await almacenes.borrador.setItem(CLAVE_BORRADOR, envolver(actor.getPersistedSnapshot()));
      })
      .catch((error: unknown) => console.error('No se pudo guardar el borrador.', error));
  };
  const suscripcion = actor.subscribe(guardar);
  return () => suscripcion.unsubscribe();
}

/** Forgets the draft and every stored file (after a successful submission). */
export function borrarTodo(almacenes: Almacenes): Promise<void> {
  return almacenes.encolar(async () => {
    await almacenes.borrador.clear();
    await almacenes.archivos.clear();
  });
}
