// After `vite build`: the landing (/inicio) rendered to HTML at build time, with its critical
// emotion styles in <head>, written as <outDir>/inicio/index.html — the server's static files
// answer /inicio with it (and its .br/.gz); every other route keeps the empty index.html.
// src/main.tsx hydrates when the page says it was prerendered for the current path.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';

/** Routes rendered at build time, each into <ruta>/index.html. */
export const RUTAS_PRERENDERIZADAS = ['/inicio'];

const MARCA = '<div id="root"><!--app-html--></div>';

export async function prerenderizarRutas({ raiz, salida }) {
  const plantilla = await readFile(path.join(salida, 'index.html'), 'utf8');
  if (!plantilla.includes(MARCA)) throw new Error(`prerender: ${MARCA} not found in index.html`);
  const servidor = await createServer({
    root: raiz,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { prerenderizar } = await servidor.ssrLoadModule('/src/app/prerender.tsx');
    for (const ruta of RUTAS_PRERENDERIZADAS) {
      const { html, estilos } = prerenderizar(ruta);
      const pagina = plantilla
        .replace('</head>', `${estilos}</head>`)
        .replace(MARCA, () => `<div id="root" data-prerenderizada="${ruta}">${html}</div>`);
      const destino = path.join(salida, ruta, 'index.html');
      await mkdir(path.dirname(destino), { recursive: true });
      await writeFile(destino, pagina);
    }
  } finally {
    await servidor.close();
  }
}
