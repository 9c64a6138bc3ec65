// React DOM's client, a stage of its own in the start-up (etapas.ts).
export { createRoot, hydrateRoot } from 'react-dom/client';
