// Shared setup of the component tests: jest-dom matchers, a clean DOM after each test, and a
// failing test for any console.error nobody expected (React warnings, act() misuse, HTTP
// errors the test did not assert). A test that expects a log says so with `esperarConsoleError`
// (tests/dom/consola.ts); an expected log that never came fails too.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { guardia } from './consola.js';

beforeEach(() => {
  const g = guardia();
  g.inesperados = [];
  g.permitidos = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (g.permitidos > 0) {
      g.permitidos -= 1;
      return;
    }
    g.inesperados.push(args);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  const g = guardia();
  const inesperados = g.inesperados;
  const faltantes = g.permitidos;
  g.inesperados = [];
  g.permitidos = 0;
  if (inesperados.length > 0) {
    const detalle = inesperados.map((a) => a.map((x) => (x instanceof Error ? x.stack : String(x))).join(' ')).join('\n---\n');
    throw new Error(`console.error inesperado:\n${detalle}`);
  }
  if (faltantes > 0) throw new Error(`Se esperaban ${faltantes} console.error más que no ocurrieron.`);
});

// jsdom lacks these; the autocomplete and Chakra call them.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
