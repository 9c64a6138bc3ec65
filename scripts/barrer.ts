// `npm run barrer [-- --horas N]` — deletes drafts never sent and untouched for N hours
// (default DRAFT_MAX_AGE_HOURS), with their files, plus stray files no row points to.
import { crearAlmacen } from '../server/storage/eleccion.js';
import { barrerBorradores } from '../server/tareas/barrido.js';
import { ejecutar } from './cli.js';

const indice = process.argv.indexOf('--horas');
const crudo = indice >= 0 ? process.argv[indice + 1] : undefined;
if (indice >= 0 && (!crudo || !/^\d+$/.test(crudo) || Number(crudo) < 1)) {
  console.error('Uso: npm run barrer -- [--horas N]   (N entero, al menos 1)');
  process.exit(2);
}

await ejecutar('escritura', async (db, config) => {
  const horas = crudo ? Number(crudo) : config.draftMaxAgeHours;
  // The store the server uses (DOCUMENT_STORE): the sweep must look where the documents are.
  const almacen = crearAlmacen(config, db);
  const r = await barrerBorradores(db, almacen, horas).finally(() => almacen.cerrar?.());
  console.log(
    `Borradores de más de ${horas} h sin enviar eliminados: ${r.borradores} (${r.documentos} archivos). ` +
      `Archivos sueltos eliminados: ${r.huerfanos}.`,
  );
  return 0;
});
