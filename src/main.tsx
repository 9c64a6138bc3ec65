// Entry point. No StrictMode: the wizard's actor must start once, as in production, so its
// effects (REANUDAR resuming an upload or a submission) never run twice.
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';

createRoot(document.getElementById('root')!).render(<App />);
