// `npm run torture [-- --short]` — reliability under load and under crashes, written to
// docs/quality.md. Every PASS/FAIL line is a correctness count (applications lost, errors, hashes
// that differ, half-stored applications, orphan files, integrity), so CI runs the short form and
// fails on it; speed lines are INFO. The deterministic checks (idempotency, fuzzing, database
// loss, rate limits) are tests: medicion/tests/server/tortura-*.test.ts (decision 052).
// `procesos`: 3 processes on one PostgreSQL behind a round-robin proxy, with SIGKILLs and a
// rolling restart (decision 092).
// `--solo=a,b` runs only some checks (and does not write the file).
import { ejecutar } from './bench/comun/ejecucion.js';
import { torturaCarga } from './torture/carga.js';
import { torturaChoques } from './torture/choques.js';
import { torturaCorreo } from './torture/correo.js';
import { torturaProcesos } from './torture/procesos.js';

await ejecutar(
  'torture',
  [
    { nombre: 'carga', correr: torturaCarga },
    { nombre: 'choques', correr: torturaChoques },
    { nombre: 'correo', correr: torturaCorreo },
    { nombre: 'procesos', correr: torturaProcesos },
  ],
  process.argv.slice(2),
);
