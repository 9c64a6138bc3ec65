// Build time only (scripts/build-prerender.mjs loads it in Node): pages rendered to HTML with
// the emotion styles they use, so they paint before any script runs.
// The cache is emotion's own, taken from the first `withEmotionCache` consumer (on the server,
// with no provider above, that consumer creates one cache — key 'css', the client's default —
// and provides it to the whole tree); `compat = true` makes it collect the rules instead of
// writing <style> elements next to the components, which would not match the client's tree.
import type { EmotionCache } from '@emotion/react';
import { withEmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App, Cargando } from './App.js';
import { Proveedores } from './Proveedores.js';
import { Layout } from '../ui/layout/index.js';

export interface PaginaPrerenderizada {
  html: string;
  /** <style> elements of emotion's <Global>s (Chakra's preflight, global CSS, token variables). */
  globales: string;
  /** The <style> element of the components rendered, after the global ones. */
  estilos: string;
}

/** The page of `ruta` exactly as the client renders it first: it is hydrated. */
export function prerenderizar(ruta: string): PaginaPrerenderizada {
  return renderizar(
    <Router ssrPath={ruta}>
      <App />
    </Router>,
  );
}

/**
 * The frame of a lazily loaded route with its loading state — what the client shows until the
 * route's code arrives. Not hydrated: the client renders over it the same markup.
 */
export function prerenderizarEsqueleto(): PaginaPrerenderizada {
  return renderizar(
    <Proveedores>
      <Layout>
        <Cargando />
      </Layout>
    </Proveedores>,
  );
}

function renderizar(arbol: ReactNode): PaginaPrerenderizada {
  let capturada: EmotionCache | null = null;
  const Captura = withEmotionCache(({ children }: { children: ReactNode }, cache: EmotionCache) => {
    cache.compat = true;
    capturada = cache;
    return <>{children}</>;
  });
  const html = renderToString(<Captura>{arbol}</Captura>);
  const cache = capturada as EmotionCache | null;
  if (!cache) throw new Error('prerender: no emotion cache was used');
  return { html, ...estilosDe(cache) };
}

/** The collected rules: the globals as they are, the components' as emotion's client cache adopts them. */
function estilosDe(cache: EmotionCache): Omit<PaginaPrerenderizada, 'html'> {
  const globales: string[] = [];
  const ids: string[] = [];
  let css = '';
  for (const [nombre, reglas] of Object.entries(cache.inserted)) {
    if (typeof reglas !== 'string') continue;
    if (cache.registered[`${cache.key}-${nombre}`] === undefined) {
      // Plain <style>, claimed by no <Global> on the client: they stay first in <head>, in this
      // order (the @layer order statement before the layers), whatever the client inserts.
      globales.push(`<style>${reglas}</style>`);
    } else {
      ids.push(nombre);
      css += reglas;
    }
  }
  return { globales: globales.join(''), estilos: `<style data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>` };
}
