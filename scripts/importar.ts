// `npm run importar -- <padron|localidades|calles|aparatos|condiciones> <archivo.csv> [--estricto]`
// Validates the CSV and replaces that catalogue in one transaction, reporting accepted and
// rejected rows with the reason. --estricto refuses the whole file when any row is rejected.
import { readFile } from 'node:fs/promises';
import {
  ErrorDeFormato,
  TIPOS_CATALOGO,
  importarCatalogo,
  type TipoCatalogo,
} from '../server/catalogos/importacion.js';
import { ejecutar } from './cli.js';

const argumentos = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const estricto = process.argv.includes('--estricto');
const [tipo, archivo] = argumentos;

if (!tipo || !archivo || !(TIPOS_CATALOGO as readonly string[]).includes(tipo)) {
  console.error(`Uso: npm run importar -- <${TIPOS_CATALOGO.join('|')}> <archivo.csv> [--estricto]`);
  process.exit(2);
}

await ejecutar('escritura', async (db) => {
  let texto: string;
  try {
    texto = await readFile(archivo, 'utf8');
  } catch {
    console.error(`No se pudo leer el archivo ${archivo}.`);
    return 1;
  }
  try {
    const r = await importarCatalogo(db, tipo as TipoCatalogo, texto, { estricto });
    console.log(`${r.catalogo}: ${r.aceptadas} filas aceptadas, ${r.rechazadas.length} rechazadas.`);
    for (const rechazo of r.rechazadas) console.log(`  rechazada línea ${rechazo.linea}: ${rechazo.motivo}`);
    if (r.callesEliminadas)
      console.log(`  ${r.callesEliminadas} calles eliminadas (su localidad ya no está en el catálogo).`);
    console.log(r.aplicado ? 'Catálogo reemplazado.' : 'No se modificó el catálogo.');
    return r.aplicado ? 0 : 1;
  } catch (error) {
    if (error instanceof ErrorDeFormato) {
      console.error(error.message);
      console.log('No se modificó el catálogo.');
      return 1;
    }
    throw error;
  }
});
