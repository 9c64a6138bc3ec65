// Entry point. No StrictMode: the wizard's actor must start once, as in production, so its
// effects (REANUDAR resuming an upload or a submission) never run twice.
// A page prerendered at build time for this path is hydrated; any other starts empty. Both in a
// transition, so React renders in slices that yield to the browser instead of one long task
// (the prerendered page is already on screen meanwhile).
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.js';

const raiz = document.getElementById('root')!;
startTransition(() => {
  if (raiz.dataset.prerenderizada === window.location.pathname) hydrateRoot(raiz, <App />);
  else createRoot(raiz).render(<App />);
});
