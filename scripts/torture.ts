// `npm run torture [-- --short]` — the reliability checks of issue 5, each a PASS/FAIL line,
// written to docs/quality.md. `--solo=a,b` runs only some checks (and does not write the file).
import { ejecutar } from './bench/comun/ejecucion.js';
import { torturaBaseCaida } from './torture/base-caida.js';
import { torturaCarga } from './torture/carga.js';
import { torturaChoques } from './torture/choques.js';
import { torturaIdempotencia } from './torture/idempotencia.js';
import { fuzzHttp } from './torture/fuzz/http.js';
import { fuzzInyeccion } from './torture/fuzz/inyeccion.js';
import { torturaLimites } from './torture/limites.js';

await ejecutar(
  'torture',
  [
    { nombre: 'carga', correr: torturaCarga },
    { nombre: 'choques', correr: torturaChoques },
    { nombre: 'idempotencia', correr: torturaIdempotencia },
    { nombre: 'fuzz', correr: fuzzInyeccion },
    { nombre: 'fuzz-http', correr: fuzzHttp },
    { nombre: 'base-caida', correr: torturaBaseCaida },
    { nombre: 'limites', correr: torturaLimites },
  ],
  process.argv.slice(2),
);
