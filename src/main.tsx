// Entry point. No StrictMode: the wizard's actor must start once, as in production, so its
// effects (REANUDAR resuming an upload or a submission) never run twice.
// A page prerendered at build time for this path (scripts/build-prerender.mjs) is hydrated;
// any other starts empty and renders in a transition, so the first render yields to the browser
// instead of blocking it in one long task.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.js';

const raiz = document.getElementById('root')!;
if (raiz.dataset.prerenderizada === window.location.pathname) {
  hydrateRoot(raiz, <App />);
} else {
  const root = createRoot(raiz);
  startTransition(() => root.render(<App />));
}
