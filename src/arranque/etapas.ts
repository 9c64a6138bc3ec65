// The app's start-up in stages, each evaluated in a task of its own (evaluating it all at once,
// Chakra's system included, was one task of 400–700 ms on a phone): React DOM, Chakra's trimmed
// theme, the system built from it, then the app's components. scripts/build-prerender.mjs names
// these modules so every page preloads their chunks, and no stage waits for a download.
import { siguienteTarea } from './tareas.js';

export const MODULOS_DE_LAS_ETAPAS = [
  'src/arranque/react-dom.ts',
  'src/app/tema.ts',
  'src/app/sistema.ts',
  'src/app/App.tsx',
];

export async function cargarEnEtapas() {
  const reactDom = await import('./react-dom.js');
  await siguienteTarea();
  await import('../app/tema.js');
  await siguienteTarea();
  await import('../app/sistema.js');
  await siguienteTarea();
  const { App } = await import('../app/App.js');
  await siguienteTarea();
  return { ...reactDom, App };
}
