// The shared state of the console.error guard of setup.ts, kept on globalThis so the setup file
// and the test files see the same counters whatever module instance each one gets.
interface GuardiaConsola {
  inesperados: unknown[][];
  permitidos: number;
}

const clave = Symbol.for('alta-prestadores.guardia-consola');
const global = globalThis as unknown as Record<symbol, GuardiaConsola | undefined>;

export function guardia(): GuardiaConsola {
  return (global[clave] ??= { inesperados: [], permitidos: 0 });
}

/** Declares that the test under way will log `n` errors on purpose (e.g. a failed request). */
export function esperarConsoleError(n = 1): void {
  guardia().permitidos += n;
}
