// `npm run auditoria -- verificar` walks the audit log's chain (servicios/auditoria.ts): exit 0
// when intact, 1 naming the first row that was edited or removed.
import { verificarAuditoria } from '../server/servicios/auditoria.js';
import { ejecutar } from './cli.js';

const [orden] = process.argv.slice(2);

if (orden === 'verificar') {
  await ejecutar('lectura', async (db) => {
    const v = await verificarAuditoria(db);
    if (v.intacta) {
      console.log(`Registro de auditoría íntegro: ${v.filas} filas encadenadas.`);
      return 0;
    }
    console.error(
      `Registro de auditoría alterado: ${v.motivo}. Las ${v.filas} filas anteriores están íntegras.`,
    );
    return 1;
  });
} else {
  console.error('Uso: npm run auditoria -- verificar');
  process.exitCode = 1;
}
