// After `vite build`: pages rendered at build time, each written as <outDir><ruta>/index.html
// with its critical emotion styles in <head>. The server's static files answer /inicio and
// /stepper with them (and their .br/.gz); every other route gets index.html and renders on the
// client.
// - /inicio is rendered whole and hydrated at its first use (src/main.tsx checks
//   data-prerenderizada).
// - Every page, index.html too, preloads the chunks of the start-up's stages
//   (src/arranque/etapas.ts).
// - /stepper gets the frame with its loading state (painted at once, rendered over by the
//   client), the styles of a new form's first step, and <link rel="modulepreload"> for the lazy
//   route's chunks, so they download alongside the entry instead of after it.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';

const PAGINAS = [
  { ruta: '/inicio', hidratada: true },
  { ruta: '/stepper', hidratada: false, precargar: ['src/stepper/RutaStepper.tsx'] },
];

const MARCA = '<div id="root"><!--app-html--></div>';

/**
 * A prerendered page paints from its HTML: its scripts only hydrate or replace the loading
 * frame, so they are fetched at low priority and never compete with what paints first.
 */
function conPrioridadBaja(html) {
  return html
    .replaceAll('<script type="module" crossorigin', '<script type="module" crossorigin fetchpriority="low"')
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" crossorigin fetchpriority="low"',
    );
}

/** The chunk holding each module and every chunk it imports statically. */
function chunksDe(bundle, raiz, entradas) {
  const porModulo = new Map();
  for (const salida of Object.values(bundle)) {
    if (salida.type === 'chunk') for (const id of Object.keys(salida.modules)) porModulo.set(id, salida);
  }
  const archivos = new Set();
  const visitar = (archivo) => {
    if (archivos.has(archivo)) return;
    archivos.add(archivo);
    for (const importado of bundle[archivo]?.imports ?? []) visitar(importado);
  };
  for (const entrada of entradas) {
    const chunk = porModulo.get(path.resolve(raiz, entrada));
    if (!chunk) throw new Error(`prerender: no chunk for ${entrada}`);
    visitar(chunk.fileName);
  }
  return [...archivos];
}

/**
 * <link rel="modulepreload"> for the chunks not already named in the page; at low priority on a
 * prerendered page, which paints without them.
 */
function precargasDe(archivos, plantilla, base, { baja = true } = {}) {
  const prioridad = baja ? ' fetchpriority="low"' : '';
  return archivos
    .filter((archivo) => !plantilla.includes(`${base}${archivo}`))
    .map((archivo) => `<link rel="modulepreload" crossorigin${prioridad} href="${base}${archivo}">`)
    .join('');
}

export async function prerenderizarRutas({ raiz, salida, base, bundle }) {
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
    const { prerenderizar, prerenderizarEsqueletoDelStepper } =
      await servidor.ssrLoadModule('/src/app/prerender.tsx');
    const { MODULOS_DE_LAS_ETAPAS } = await servidor.ssrLoadModule('/src/arranque/etapas.ts');
    // Every page, index.html included, preloads the start-up's stages (src/arranque/etapas.ts).
    const etapas = chunksDe(bundle, raiz, MODULOS_DE_LAS_ETAPAS);
    await writeFile(
      path.join(salida, 'index.html'),
      plantilla.replace('</head>', () => `${precargasDe(etapas, plantilla, base, { baja: false })}</head>`),
    );
    for (const pagina of PAGINAS) {
      const { html, estilos } = pagina.hidratada
        ? prerenderizar(pagina.ruta)
        : prerenderizarEsqueletoDelStepper();
      const precargas = precargasDe(
        [...new Set([...etapas, ...chunksDe(bundle, raiz, pagina.precargar ?? [])])],
        plantilla,
        base,
      );
      const raizHtml = pagina.hidratada
        ? `<div id="root" data-prerenderizada="${pagina.ruta}">${html}</div>`
        : `<div id="root">${html}</div>`;
      const documento = conPrioridadBaja(plantilla)
        .replace('</head>', () => `${precargas}${estilos}</head>`)
        .replace(MARCA, () => raizHtml);
      const destino = path.join(salida, pagina.ruta, 'index.html');
      await mkdir(path.dirname(destino), { recursive: true });
      await writeFile(destino, documento);
    }
  } finally {
    await servidor.close();
  }
}
