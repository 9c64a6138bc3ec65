// Shared by the applicant's browser suites of producto §12 (aplicante-navegacion, aplicante-ergonomia):
// the association's contact the server is started with, and the two sizes every check runs at —
// a 360 × 740 phone with touch and a 1280 × 800 desktop.
import type { Browser, Page } from 'playwright-core';

export const CONTACTO_E2E = {
  CONTACTO_TELEFONO: '0341 421-0000',
  CONTACTO_EMAIL: 'prestadores@amr.org.ar',
  CONTACTO_DIRECCION: 'Santa Fe 1798, Rosario',
};

export const TAMANIOS = [
  { nombre: 'teléfono 360 × 740 táctil', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  { nombre: 'escritorio 1280 × 800', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

export type Tamanio = (typeof TAMANIOS)[number];

const errores = new WeakMap<Page, string[]>();

/** Uncaught exceptions and console.error lines of a page of paginaDe. */
export const erroresDePagina = (page: Page): string[] => errores.get(page) ?? [];

/** A page in its own context at the given size (touch on the phone), es-AR. */
export async function paginaDe(browser: Browser, t: Tamanio): Promise<Page> {
  const context = await browser.newContext({
    viewport: t.viewport,
    isMobile: t.isMobile,
    hasTouch: t.hasTouch,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Cordoba',
  });
  const page = await context.newPage();
  const lista: string[] = [];
  errores.set(page, lista);
  page.on('pageerror', (e) => lista.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') lista.push(`console.error: ${m.text()}`);
  });
  return page;
}

