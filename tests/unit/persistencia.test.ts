// machines/persistencia.ts: the versioned envelope around the persisted snapshot.
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { VERSION_BORRADOR, desenvolver, enrolmentMachine, envolver } from '../../machines/index.js';

const snapshotActivo = () => {
  const actor = createActor(enrolmentMachine, { input: {} }).start();
  const persistido = actor.getPersistedSnapshot();
  actor.stop();
  return JSON.parse(JSON.stringify(persistido)) as { status: string; value: unknown; context: unknown };
};

describe('envolver / desenvolver', () => {
  it('round-trips an active snapshot through JSON', () => {
    const snapshot = snapshotActivo();
    const guardado = JSON.parse(JSON.stringify(envolver(snapshot, new Date('2026-11-22T12:00:00Z'))));
    expect(guardado).toMatchObject({ version: VERSION_BORRADOR, guardadoEn: '2026-11-22T12:00:00.000Z' });
    expect(desenvolver(guardado)).toEqual(snapshot);
  });

  it('drops another version', () => {
    const snapshot = snapshotActivo();
    expect(desenvolver({ ...envolver(snapshot), version: VERSION_BORRADOR + 1 })).toBeNull();
    expect(desenvolver({ ...envolver(snapshot), version: VERSION_BORRADOR - 1 })).toBeNull();
    expect(desenvolver({ snapshot })).toBeNull();
  });

  it('drops a finished chart (an application already sent)', () => {
    const snapshot = snapshotActivo();
    expect(desenvolver(envolver({ ...snapshot, status: 'done' }))).toBeNull();
    expect(desenvolver(envolver({ ...snapshot, status: 'error' }))).toBeNull();
  });

  it('drops what is not an envelope or has no chart inside', () => {
    for (const basura of [null, undefined, 'x', 42, [], {}, { version: VERSION_BORRADOR }])
      expect(desenvolver(basura)).toBeNull();
    const snapshot = snapshotActivo();
    expect(desenvolver(envolver('texto'))).toBeNull();
    expect(desenvolver(envolver({ ...snapshot, value: undefined }))).toBeNull();
    expect(desenvolver(envolver({ ...snapshot, context: undefined }))).toBeNull();
  });

  it('a restored snapshot starts the chart where it was', () => {
    const snapshot = desenvolver(JSON.parse(JSON.stringify(envolver(snapshotActivo())))) as never;
    const actor = createActor(enrolmentMachine, { snapshot, input: {} }).start();
    expect(actor.getSnapshot().value).toBe('datosPersonales');
    actor.stop();
  });
});
