// Every route change and every step change starts at the top of the page (producto §12): a
// phone must not open /stepper, or a new step, where the previous page was scrolled to.
// The scrolling element is set directly (window.scrollTo is missing where the tests run).

export function irAlPrincipio(): void {
  if (typeof document === 'undefined') return;
  const elemento = document.scrollingElement ?? document.documentElement;
  elemento.scrollTop = 0;
  elemento.scrollLeft = 0;
}

/** The app places the page itself: the browser must not restore an old position on back/forward. */
export function desplazamientoManual(): void {
  if (typeof history !== 'undefined' && 'scrollRestoration' in history) history.scrollRestoration = 'manual';
}
