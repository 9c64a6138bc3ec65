// Entry point. No StrictMode: the wizard's actor must start once, as in production, so its
// effects (REANUDAR resuming an upload or a submission) never run twice.
// The app loads in stages (arranque/etapas.ts). A page prerendered at build time for this path is
// hydrated at its first use (arranque/al-interactuar.ts); any other starts empty at once. Both in a
// transition, so React renders in slices that yield to the browser instead of one long task.
import { startTransition, useEffect } from 'react';
import { hidratarAlUsar } from './arranque/al-interactuar.js';
import { cargarEnEtapas } from './arranque/etapas.js';

/** Renders nothing; its effect runs once the tree around it is committed. */
function AlMontar({ hecho }: { hecho: () => void }) {
  useEffect(hecho, [hecho]);
  return null;
}

async function arrancar() {
  const raiz = document.getElementById('root')!;
  const alUsar = raiz.dataset.prerenderizada === window.location.pathname ? hidratarAlUsar(raiz) : null;
  if (alUsar) await alUsar.usada;
  const { App, createRoot, hydrateRoot } = await cargarEnEtapas();
  startTransition(() => {
    if (alUsar)
      hydrateRoot(
        raiz,
        <>
          <App />
          <AlMontar hecho={alUsar.soltar} />
        </>,
      );
    else createRoot(raiz).render(<App />);
  });
}

void arrancar();
