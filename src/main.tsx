// Entry point. No StrictMode: the wizard's actor must start once, as in production, so its
// effects (REANUDAR resuming an upload or a submission) never run twice.
// A page prerendered at build time for this path (scripts/build-prerender.mjs) is hydrated;
// any other starts empty. Both in a transition: React then works in slices that yield to the
// browser instead of one long task (the prerendered page is already on screen meanwhile).
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.js';

const raiz = document.getElementById('root')!;
if (raiz.dataset.prerenderizada === window.location.pathname) {
  startTransition(() => {
    hydrateRoot(raiz, <App />);
  });
} else {
  const root = createRoot(raiz);
  startTransition(() => root.render(<App />));
}
