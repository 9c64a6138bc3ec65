// Build time only (scripts/build-prerender.mjs loads it in Node): pages rendered to HTML with the
// emotion styles they use, so they paint before any script runs. Styles are collected through
// emotion's server API: a cache with the client's default key ('css') in compat mode gathers the
// rules instead of writing <style> elements into the tree, and `extractCriticalToChunks` gives
// the globals (adopted by Chakra's <Global>s on the client) and the components' rules (adopted
// by the client's cache), so nothing is inserted twice.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { enrolmentMachine } from '../../machines/index.js';
import { Enrolment } from '../estado/enrolment-actor.js';
import { CargandoStepper } from '../stepper/CargandoStepper.js';
import { Stepper } from '../stepper/Stepper.js';
import { Layout } from '../ui/layout/index.js';
import { App } from './App.js';
import { Proveedores } from './Proveedores.js';

export interface PaginaPrerenderizada {
  html: string;
  /** The <style> elements for <head>: the globals first, then the components'. */
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
 * The frame of the lazily loaded /stepper with its title and loading state — what the client
 * shows until the route's code arrives; not hydrated, the client renders over it the same markup.
 * Its styles also hold those of a new form's first step (rendered with the chart not started,
 * its markup dropped), so the client finds them in the page when the form mounts.
 */
export function prerenderizarEsqueletoDelStepper(): PaginaPrerenderizada {
  return renderizar(
    <Proveedores>
      <Layout>
        <CargandoStepper />
      </Layout>
    </Proveedores>,
    <Proveedores>
      <Layout>
        <Enrolment.Provider logic={enrolmentMachine}>
          <Stepper />
        </Enrolment.Provider>
      </Layout>
    </Proveedores>,
  );
}

/** HTML of the first tree; styles of every tree. */
function renderizar(pagina: ReactNode, ...soloEstilos: ReactNode[]): PaginaPrerenderizada {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const enCache = (arbol: ReactNode) => renderToString(<CacheProvider value={cache}>{arbol}</CacheProvider>);
  const html = enCache(pagina);
  const otros = soloEstilos.map(enCache).join('');
  return { html, estilos: constructStyleTagsFromChunks(extractCriticalToChunks(html + otros)) };
}
