import path from 'node:path';
import { defineConfig, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { precomprimir } from './scripts/build-comprimir.mjs';
import { prerenderizarRutas } from './scripts/build-prerender.mjs';

// `vite build` alone yields what ships (npm start, the e2e setup and the bench all run it):
// pages prerendered with their critical styles, then every text file precompressed.
function salidaFinal(): Plugin {
  let config: ResolvedConfig;
  let bundle: Rollup.OutputBundle = {};
  return {
    name: 'alta:prerender-y-precompresion',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    writeBundle(_opciones, salida) {
      bundle = salida;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const salida = path.resolve(config.root, config.build.outDir);
        await prerenderizarRutas({ raiz: config.root, salida, base: config.base, bundle });
        await precomprimir(salida);
      },
    },
  };
}

// The SPA. `npm run dev` proxies the API to a server started with `npm run dev:server`.
export default defineConfig({
  plugins: [react(), salidaFinal()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // No polyfill of <link rel="modulepreload"> (about 0.3 kB on the landing): a browser without it
    // only fetches the start-up's chunks as it reaches them (src/arranque/etapas.ts).
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/healthz': 'http://127.0.0.1:8080' },
  },
});
