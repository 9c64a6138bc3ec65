// Keeps the shape of Node's tick objects alive for the process's life — measured fix for the
// catalogue routes' per-process slow mode (decision 062).
// Every `process.nextTick` (~8 per HTTP request, in Node's own code) builds an object literal
// whose first keys are computed symbols. V8 defines those keys through an inline cache that only
// stays fast while it sees one starting map. That map chain is held weakly: when a full GC runs
// while no tick object is alive — as can happen during this server's start-up — the chain is
// dropped, the next tick object starts from a new map, the cache turns generic and every tick
// object from then on is defined in V8's runtime (7–8 % of the server's CPU under load). Holding
// a few tick objects keeps the chain, so the cache stays monomorphic. Imported first by
// server.ts, before the start-up's allocations.
import { createHook } from 'node:async_hooks';

const retenidos: object[] = [];

const gancho = createHook({
  init(_id, tipo, _disparador, recurso) {
    if (tipo === 'TickObject') retenidos.push(recurso);
  },
});
gancho.enable();
// The three shapes nextTick builds: no arguments, one, several.
process.nextTick(() => {});
process.nextTick(() => {}, 1);
process.nextTick(() => {}, 1, 2);
gancho.disable();

/** The tick objects held (for tests). */
export function tickObjectsRetenidos(): readonly object[] {
  return retenidos;
}
