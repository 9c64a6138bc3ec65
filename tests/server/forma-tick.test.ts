// server/forma-tick.ts holds Node's tick objects (decision 062): on this Node the hook sees them,
// in the three shapes nextTick builds, and is off again afterwards.
import { createHook, executionAsyncId } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { tickObjectsRetenidos } from '../../server/forma-tick.js';

describe('forma-tick', () => {
  it('holds a tick object of each shape nextTick builds', () => {
    const retenidos = tickObjectsRetenidos() as { callback?: unknown; args?: unknown[] }[];
    expect(retenidos).toHaveLength(3);
    for (const t of retenidos) expect(typeof t.callback).toBe('function');
    expect(retenidos.map((t) => t.args?.length ?? 0)).toEqual([0, 1, 2]);
  });

  it('leaves no hook enabled: later ticks are not held', async () => {
    const antes = tickObjectsRetenidos().length;
    await new Promise<void>((listo) => process.nextTick(listo));
    expect(tickObjectsRetenidos()).toHaveLength(antes);
    // A hook of our own still works (the module did not disturb async_hooks).
    const vistos: string[] = [];
    const propio = createHook({ init: (_i, tipo) => void vistos.push(tipo) }).enable();
    await new Promise<void>((listo) => process.nextTick(listo));
    propio.disable();
    expect(vistos).toContain('TickObject');
    expect(executionAsyncId()).toBeGreaterThan(0);
  });
});
