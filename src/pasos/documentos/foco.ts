// Bringing what the chart just stated into the applicant's sight (producto §12): scrolled to the
// middle of the viewport and focused. The upload overlay and the "Error" dialog lock the page's
// scroll and hand focus back as they close, so this waits until neither is in the page.
const ABIERTOS = '[data-testid="overlay-subida"], [role="alertdialog"]';

/**
 * Returns a cancel: the caller's effect cleanup stops a wait still pending when its component goes
 * (otherwise it would later focus whatever matches in the page by then).
 */
export function traerALaVista(elemento: () => HTMLElement | null, intentos = 60): () => void {
  let espera: ReturnType<typeof setTimeout> | undefined;
  const intentar = (quedan: number) => {
    espera = undefined;
    const el = elemento();
    if (!el) return;
    if (quedan > 0 && document.querySelector(ABIERTOS)) {
      espera = setTimeout(() => intentar(quedan - 1), 25);
      return;
    }
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  };
  intentar(intentos);
  return () => clearTimeout(espera);
}

/** The SUBIR / Quitar button of a document's row. */
export const botonDeFila = (key: string): HTMLElement | null =>
  document.querySelector<HTMLElement>(`[data-documento="${key}"] button[data-accion-fila]`);
