// `npm run barrer [-- --horas N]` — deletes drafts never sent and untouched for N hours
// (default DRAFT_MAX_AGE_HOURS), with their files, plus stray files no row points to.
import { almacenEnDisco } from '../server/storage/disco.js';
import { barrerBorradores } from '../server/servicios/barrido.js';
import { ejecutar } from './cli.js';

const indice = process.argv.indexOf('--horas');
const crudo = indice >= 0 ? process.argv[indice + 1] : undefined;
if (indice >= 0 && (!crudo || !/^\d+$/.test(crudo) || Number(crudo) < 1)) {
  console.error('Uso: npm run barrer -- [--horas N]   (N entero, al menos 1)');
  process.exit(2);
}

await ejecutar('escritura', async (db, config) => {
  const horas = crudo ? Number(crudo) : config.draftMaxAgeHours;
  const r = await barrerBorradores(db, almacenEnDisco(config.dataDir), horas);
  console.log(
    `Borradores de más de ${horas} h sin enviar eliminados: ${r.borradores} (${r.documentos} archivos). ` +
      `Archivos sueltos eliminados: ${r.huerfanos}.`,
  );
  return 0;
});
