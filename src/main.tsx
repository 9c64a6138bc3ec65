// Entry point. No StrictMode: the wizard's actor must start once, as in production, so its
// effects (REANUDAR resuming an upload or a submission) never run twice.
// A page prerendered at build time for this path (scripts/build-prerender.mjs) is hydrated;
// any other starts empty. Both in a transition: React then works in slices that yield to the
// browser instead of one long task (the prerendered page is already on screen meanwhile).
// Before that, Chakra's system is built in a task of its own: evaluating the modules and building
// the system in one go was the longest task of a phone's start-up.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { obtenerSistema } from './app/sistema.js';

const enOtraTarea = (trabajo: () => void) => setTimeout(trabajo, 0);

enOtraTarea(() => {
  obtenerSistema();
  enOtraTarea(() => {
    const raiz = document.getElementById('root')!;
    if (raiz.dataset.prerenderizada === window.location.pathname) {
      startTransition(() => {
        hydrateRoot(raiz, <App />);
      });
    } else {
      const root = createRoot(raiz);
      startTransition(() => root.render(<App />));
    }
  });
});
