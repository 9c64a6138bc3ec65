// A prerendered page (producto §1's landing) is read before it is used: it is on screen, its
// links are real links, and its scripts only add what a click needs and what the page fills in
// after loading (the association's contact). So it is hydrated at the first sign of use — a
// pointer moving over it, a touch, a key, a focus, a click — or once a part it fills in (marked
// `data-hidratar-al-verse`) comes into view, rather than while it loads, when evaluating the app
// would block a phone's main thread for nothing. A click on a button or link that arrives before
// the app is attached is held and repeated on the same node once it is hydrated (hydration keeps
// the prerendered nodes), so it acts as the user meant; clicks with a modifier key (a new tab, a
// download) are left to the browser.

const SENALES_DE_USO = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'click'] as const;

/**
 * A pointer that moved. Chromium sends a pointer event with no movement when the layout changes
 * under a cursor resting on the page (the headless browser's sits at 0,0): that is no use.
 */
const esUso = (evento: Event) =>
  evento.type !== 'pointermove' ||
  (evento as PointerEvent).movementX !== 0 ||
  (evento as PointerEvent).movementY !== 0;

export interface HidratacionAlUsar {
  /** Resolves at the first sign of use, or when a part the page fills in comes into view. */
  readonly usada: Promise<void>;
  /** Once hydrated: stops holding clicks and repeats the last one held. */
  soltar(): void;
}

export function hidratarAlUsar(raiz: HTMLElement): HidratacionAlUsar {
  let retenido: HTMLElement | null = null;
  const retener = (evento: MouseEvent) => {
    if (evento.button !== 0 || evento.ctrlKey || evento.metaKey || evento.shiftKey || evento.altKey) return;
    const destino =
      evento.target instanceof Element ? evento.target.closest<HTMLElement>('a[href], button') : null;
    if (!destino || !raiz.contains(destino)) return;
    evento.preventDefault();
    evento.stopPropagation();
    retenido = destino;
  };
  document.addEventListener('click', retener, true);

  const usada = new Promise<void>((resolver) => {
    let vista: IntersectionObserver | undefined;
    const alUsar = (evento?: Event) => {
      if (evento && !esUso(evento)) return;
      for (const tipo of SENALES_DE_USO) document.removeEventListener(tipo, alUsar, true);
      vista?.disconnect();
      resolver();
    };
    for (const tipo of SENALES_DE_USO)
      document.addEventListener(tipo, alUsar, { capture: true, passive: true });
    const aVer = raiz.querySelectorAll('[data-hidratar-al-verse]');
    if (aVer.length > 0 && typeof IntersectionObserver === 'function') {
      vista = new IntersectionObserver((entradas) => {
        if (entradas.some((e) => e.isIntersecting)) alUsar();
      });
      for (const elemento of aVer) vista.observe(elemento);
    }
  });

  return {
    usada,
    soltar() {
      document.removeEventListener('click', retener, true);
      const destino = retenido;
      retenido = null;
      if (destino?.isConnected) destino.click();
    },
  };
}
