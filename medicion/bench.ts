// `npm run bench [-- --short]` — the product's speed figures, each a PASS/FAIL line against its
// budget (INFO where none), written to docs/quality.md. Run by hand, never by CI: Lighthouse and
// throughput move with the host's load (decision 052). CI gates on what a build decides alone —
// the JS size budgets are also tests/e2e/tamanio-js.test.ts, measured with the same function.
// `--solo=a,b` runs only some measures (and does not write the file), e.g. `--solo=gestion`: the
// back-office with 100,000 applications, which writes its own section of the file.
// `--contra <commit>` compares the working tree with another commit instead, side by side, as
// ratios (medicion/bench/contra/comparar.ts).
import { ejecutar } from './bench/comun/ejecucion.js';
import { borrarConstruccion } from './bench/construccion.js';
import { medirJsGzip } from './bench/js-gzip.js';
import { medirLighthouse } from './bench/lighthouse.js';
import { medirCatalogos } from './bench/catalogos.js';
import { medirSubida } from './bench/subida.js';
import { medirAutocompletar } from './bench/autocompletar.js';
import { medirAplicaciones } from './bench/aplicaciones.js';
import { medirGestion } from './bench/gestion.js';
import { medirComprobante } from './bench/comprobante.js';
import { medirLectura } from './bench/lectura.js';
import { esperarCalma } from './bench/comun/calma.js';
import { asegurarChromium } from '../scripts/chromium.mjs';
import { leerContra } from './bench/contra/argumentos.js';
import { compararContra } from './bench/contra/comparar.js';

const argv = process.argv.slice(2);
let contra: ReturnType<typeof leerContra>;
try {
  contra = leerContra(argv);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

// JS size and Lighthouse load the pages in Debian's Chromium: installed here when missing, as
// `npm test` does, so a fresh clone runs the whole bench.
asegurarChromium();
await esperarCalma();

if (contra) await compararContra(contra);
else {
  await ejecutar(
    'bench',
    [
      { nombre: 'js-gzip', correr: medirJsGzip },
      { nombre: 'lighthouse', correr: medirLighthouse },
      { nombre: 'catalogos', correr: medirCatalogos },
      { nombre: 'subida', correr: medirSubida },
      { nombre: 'autocompletar', correr: medirAutocompletar },
      { nombre: 'aplicaciones', correr: medirAplicaciones },
      { nombre: 'gestion', correr: medirGestion },
      { nombre: 'comprobante', correr: medirComprobante },
      { nombre: 'lectura', correr: medirLectura },
    ],
    argv,
  );
}

await borrarConstruccion();
