// The start-up's pieces that decide when the app runs: a prerendered page waits for its first use
// and a click that comes before the app is attached is held, then repeated on the same node.
import { describe, expect, it, vi } from 'vitest';
import { hidratarAlUsar } from '../../src/arranque/al-interactuar.js';
import { siguienteTarea } from '../../src/arranque/tareas.js';

function pagina() {
  document.body.innerHTML = `<div id="root"><p>Texto</p><button type="button">(+ info)</button><a href="/stepper">SIGUIENTE</a></div><button id="fuera">Fuera</button>`;
  return document.getElementById('root')!;
}

const resuelta = async (p: Promise<void>) => {
  let listo = false;
  void p.then(() => (listo = true));
  await siguienteTarea();
  return listo;
};

describe('hidratarAlUsar', () => {
  it('waits while the page is only loaded, and resolves at the first sign of use', async () => {
    const alUsar = hidratarAlUsar(pagina());
    expect(await resuelta(alUsar.usada)).toBe(false);
    // A pointer event with no movement (Chromium's, when the layout changes under a resting
    // cursor) is not use; a pointer that moves is.
    const mover = (x: number) =>
      Object.assign(new Event('pointermove', { bubbles: true }), { movementX: x, movementY: 0 });
    document.querySelector('p')!.dispatchEvent(mover(0));
    expect(await resuelta(alUsar.usada)).toBe(false);
    document.querySelector('p')!.dispatchEvent(mover(3));
    expect(await resuelta(alUsar.usada)).toBe(true);
    alUsar.soltar();
  });

  it.each(['keydown', 'focusin', 'touchstart', 'pointerdown'])('a %s counts as use', async (tipo) => {
    const alUsar = hidratarAlUsar(pagina());
    document.body.dispatchEvent(new Event(tipo, { bubbles: true }));
    expect(await resuelta(alUsar.usada)).toBe(true);
    alUsar.soltar();
  });

  it('resolves when a part the page fills in comes into view, not before', async () => {
    // jsdom has no IntersectionObserver: this one hands the test its callback.
    const vistas: {
      alCambiar: (e: { isIntersecting: boolean }[]) => void;
      observados: Element[];
      cortada: boolean;
    }[] = [];
    class Observador {
      private readonly vista;
      constructor(alCambiar: (e: { isIntersecting: boolean }[]) => void) {
        this.vista = { alCambiar, observados: [] as Element[], cortada: false };
        vistas.push(this.vista);
      }
      observe(e: Element) {
        this.vista.observados.push(e);
      }
      disconnect() {
        this.vista.cortada = true;
      }
    }
    vi.stubGlobal('IntersectionObserver', Observador);
    const raiz = pagina();
    raiz.insertAdjacentHTML('beforeend', '<div data-hidratar-al-verse=""></div>');
    const alUsar = hidratarAlUsar(raiz);
    const [vista] = vistas;
    expect(vista!.observados).toEqual([raiz.querySelector('[data-hidratar-al-verse]')]);
    vista!.alCambiar([{ isIntersecting: false }]);
    expect(await resuelta(alUsar.usada)).toBe(false);
    vista!.alCambiar([{ isIntersecting: true }]);
    expect(await resuelta(alUsar.usada)).toBe(true);
    expect(vista!.cortada).toBe(true);
    alUsar.soltar();
    vi.unstubAllGlobals();
  });

  it('holds a click on a button until hydrated, then repeats it on the same node', async () => {
    const raiz = pagina();
    const alUsar = hidratarAlUsar(raiz);
    const boton = raiz.querySelector('button')!;
    const vistos = vi.fn();
    boton.addEventListener('click', vistos);
    boton.click();
    expect(await resuelta(alUsar.usada)).toBe(true);
    expect(vistos).not.toHaveBeenCalled();
    alUsar.soltar();
    expect(vistos).toHaveBeenCalledTimes(1);
    // Once let go, clicks pass as they come.
    boton.click();
    expect(vistos).toHaveBeenCalledTimes(2);
  });

  it('a link clicked early does not navigate then, and is followed once hydrated', () => {
    const raiz = pagina();
    const alUsar = hidratarAlUsar(raiz);
    const enlace = raiz.querySelector('a')!;
    const eventos: boolean[] = [];
    enlace.addEventListener('click', (e) => {
      eventos.push(e.defaultPrevented);
      e.preventDefault();
    });
    const temprano = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    enlace.dispatchEvent(temprano);
    expect(temprano.defaultPrevented).toBe(true);
    expect(eventos).toEqual([]);
    alUsar.soltar();
    expect(eventos).toEqual([false]);
  });

  it('leaves to the browser a click with a modifier key and anything outside the page', () => {
    const raiz = pagina();
    const alUsar = hidratarAlUsar(raiz);
    const enlace = raiz.querySelector('a')!;
    const nuevaPestania = new MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      button: 0,
      ctrlKey: true,
    });
    const vistos = vi.fn((e: Event) => e.preventDefault());
    enlace.addEventListener('click', vistos);
    enlace.dispatchEvent(nuevaPestania);
    expect(vistos).toHaveBeenCalledTimes(1);
    const fuera = vi.fn();
    document.getElementById('fuera')!.addEventListener('click', fuera);
    document.getElementById('fuera')!.click();
    expect(fuera).toHaveBeenCalledTimes(1);
    alUsar.soltar();
    // Nothing was held, so nothing is repeated.
    expect(vistos).toHaveBeenCalledTimes(1);
  });

  it('a node gone by hydration time is not clicked', () => {
    const raiz = pagina();
    const alUsar = hidratarAlUsar(raiz);
    const boton = raiz.querySelector('button')!;
    const vistos = vi.fn();
    boton.click();
    boton.addEventListener('click', vistos);
    boton.remove();
    alUsar.soltar();
    expect(vistos).not.toHaveBeenCalled();
  });
});

describe('siguienteTarea', () => {
  it('ends the task: a timeout queued before it runs first', async () => {
    const orden: string[] = [];
    setTimeout(() => orden.push('antes'), 0);
    await siguienteTarea();
    orden.push('después');
    expect(orden).toEqual(['antes', 'después']);
  });
});
