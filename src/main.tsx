// Entry point. No StrictMode: the wizard's actor must start once, as in production, so its
// effects (REANUDAR resuming an upload or a submission) never run twice.
// Start-up runs in stages, each a task of its own, so a phone's main thread is never blocked
// for long (evaluating everything and building Chakra's system in one go were the longest
// tasks of the start-up): React DOM's code, then Chakra's theme (recipes, tokens), then its
// styling engine, then the system built from them, then the app's components, then the first
// render. Every stage's chunk is preloaded from the HTML (scripts/build-prerender.mjs), so the
// stages wait for no download.
// A page prerendered at build time for this path is hydrated; any other starts empty. Both in
// a transition: React then works in slices that yield to the browser instead of one long task
// (the prerendered page is already on screen meanwhile).
import { startTransition } from 'react';
import { siguienteTarea } from './app/tareas.js';

async function arrancar() {
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await siguienteTarea();
  await import('./app/tema.js');
  await siguienteTarea();
  const { construirSistema } = await import('./app/sistema.js');
  await siguienteTarea();
  await construirSistema(siguienteTarea);
  await siguienteTarea();
  const { App } = await import('./app/App.js');
  await siguienteTarea();
  const raiz = document.getElementById('root')!;
  if (raiz.dataset.prerenderizada === window.location.pathname) {
    startTransition(() => {
      hydrateRoot(raiz, <App />);
    });
  } else {
    const root = createRoot(raiz);
    startTransition(() => root.render(<App />));
  }
}

void arrancar();
