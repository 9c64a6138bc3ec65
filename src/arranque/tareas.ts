// A yield to the browser between two pieces of start-up work, so each runs as a task of its own
// and input, paint and the network are served in between. scheduler.yield() (Chromium) resumes
// ahead of other queued tasks; elsewhere a zero-delay timeout ends the task.

interface ConYield {
  scheduler?: { yield?: () => Promise<void> };
}

export function siguienteTarea(): Promise<void> {
  const planificador = (globalThis as ConYield).scheduler;
  if (typeof planificador?.yield === 'function') return planificador.yield();
  return new Promise((resolver) => setTimeout(resolver, 0));
}
