// Yielding to the browser between pieces of start-up work, so each piece is a task of its own
// (a phone's main thread is never blocked long enough to delay a tap).

type ConYield = { scheduler?: { yield?: () => Promise<void> } };

/** Resolves in a later task: `scheduler.yield()` where the browser has it, else a timer. */
export function siguienteTarea(): Promise<void> {
  const planificador = (globalThis as ConYield).scheduler;
  if (typeof planificador?.yield === 'function') return planificador.yield();
  return new Promise((listo) => setTimeout(listo, 0));
}

/** Runs each stage after the previous one, a task apart, then returns what `final` gives. */
export async function porEtapas<T>(
  etapas: readonly (() => Promise<unknown>)[],
  final: () => Promise<T>,
): Promise<T> {
  for (const etapa of etapas) {
    await etapa();
    await siguienteTarea();
  }
  return final();
}
