// Before answering 200 with a stored document, the route waits for the store's stream to have
// its first bytes (or fail): a file the store lost becomes an error answer, not a cut download.
import { once } from 'node:events';
import type { Readable } from 'node:stream';

/** Waits until the store's stream has its first bytes (or fails): the file is really there. */
export async function abierto(flujo: Readable): Promise<Readable> {
  try {
    await once(flujo, 'readable');
  } catch (error) {
    flujo.destroy();
    throw error;
  }
  return flujo;
}
