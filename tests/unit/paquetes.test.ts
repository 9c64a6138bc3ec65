// `npm install` on a fresh clone must leave package-lock.json as committed: the lock's root entry
// repeats package.json's ranges, and npm rewrites the lock whenever the two differ.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const leer = (archivo: string) => JSON.parse(readFileSync(new URL(`../../${archivo}`, import.meta.url), 'utf8'));

describe('package.json y package-lock.json', () => {
  const paquete = leer('package.json');
  const raiz = leer('package-lock.json').packages[''];
  for (const tipo of ['dependencies', 'devDependencies'] as const) {
    it(`${tipo}: los mismos rangos en los dos`, () => {
      expect(raiz[tipo] ?? {}).toEqual(paquete[tipo] ?? {});
    });
  }
});
