// Build time only (scripts/build-prerender.mjs loads it in Node): pages rendered to HTML with
// the emotion styles they use, so they paint before any script runs.
// The cache is emotion's own, taken from the first `withEmotionCache` consumer (on the server,
// with no provider above, that consumer creates one cache — key 'css', the client's default —
// and provides it to the whole tree); `compat = true` makes it collect the rules instead of
// writing <style> elements next to the components, which would not match the client's tree.
import type { EmotionCache } from '@emotion/react';
import { CacheProvider, withEmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './App.js';
import { Proveedores } from './Proveedores.js';
import { enrolmentMachine } from '../../machines/index.js';
import { Enrolment } from '../estado/enrolment-actor.js';
import { CargandoStepper } from '../stepper/CargandoStepper.js';
import { Stepper } from '../stepper/Stepper.js';
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
 * The frame of the lazily loaded /stepper with its title and loading state — what the client shows until
 * the route's code arrives; not hydrated, the client renders over it the same markup. Its styles
 * also hold those of a new form's first step (rendered here with the chart not started, its
 * markup dropped): emotion's client then finds them inserted and skips compiling and inserting
 * them while the form mounts, a long task on a phone.
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

/** HTML of the first tree; styles of every tree, in one cache. */
function renderizar(arbol: ReactNode, ...soloEstilos: ReactNode[]): PaginaPrerenderizada {
  let capturada: EmotionCache | null = null;
  const Captura = withEmotionCache(({ children }: { children: ReactNode }, cache: EmotionCache) => {
    cache.compat = true;
    capturada = cache;
    return <>{children}</>;
  });
  const html = renderToString(<Captura>{arbol}</Captura>);
  const cache = capturada as EmotionCache | null;
  if (!cache) throw new Error('prerender: no emotion cache was used');
  for (const otro of soloEstilos) renderToString(<CacheProvider value={cache}>{otro}</CacheProvider>);
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
  return {
    globales: globales.join(''),
    estilos: `<style data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>`,
  };
}
