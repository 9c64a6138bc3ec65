// Build time only (scripts/build-prerender.mjs loads it in Node): a page rendered to HTML with
// the emotion styles it uses, so the landing paints before any script runs and is then hydrated.
// The cache is emotion's own, taken from the first `withEmotionCache` consumer (on the server,
// with no provider above, that consumer creates one cache — key 'css', the client's default —
// and provides it to the whole tree); `compat = true` makes it collect the rules instead of
// writing <style> elements next to the components, which would not match the client's tree.
import type { EmotionCache } from '@emotion/react';
import { withEmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './App.js';

export interface PaginaPrerenderizada {
  html: string;
  /** <style> elements for <head>: the global ones first, as emotion's client expects them. */
  estilos: string;
}

export function prerenderizar(ruta: string): PaginaPrerenderizada {
  let capturada: EmotionCache | null = null;
  const Captura = withEmotionCache(({ children }: { children: ReactNode }, cache: EmotionCache) => {
    cache.compat = true;
    capturada = cache;
    return <>{children}</>;
  });
  const html = renderToString(
    <Captura>
      <Router ssrPath={ruta}>
        <App />
      </Router>
    </Captura>,
  );
  const cache = capturada as EmotionCache | null;
  if (!cache) throw new Error('prerender: no emotion cache was used');
  return { html, estilos: estilosDe(cache) };
}

/** The collected rules as the tags emotion's client cache and <Global> adopt on hydration. */
function estilosDe(cache: EmotionCache): string {
  const globales: string[] = [];
  const ids: string[] = [];
  let css = '';
  for (const [nombre, reglas] of Object.entries(cache.inserted)) {
    if (typeof reglas !== 'string') continue;
    if (cache.registered[`${cache.key}-${nombre}`] === undefined) {
      globales.push(`<style data-emotion="${cache.key}-global ${nombre}">${reglas}</style>`);
    } else {
      ids.push(nombre);
      css += reglas;
    }
  }
  return `${globales.join('')}<style data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>`;
}
