// `npm run quitar-demo` — removes the demo pairs (published in the README) from the padrón, which a
// production server refuses to start with. The rest of the padrón is left as it is.
import { quitarParesDeDemo } from '../server/db/semillas.js';
import { ejecutar } from './cli.js';

await ejecutar('escritura', async (db) => {
  const n = await quitarParesDeDemo(db);
  console.log(n > 0 ? `Pares de demostración quitados del padrón: ${n}.` : 'El padrón no tenía pares de demostración.');
  return 0;
});
