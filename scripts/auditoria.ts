// `npm run auditoria -- verificar [--cabeza n:hash …]` walks the audit log's chain
// (auditoria/cadena.ts): exit 0 when intact and every published head given is still in it, 1
// naming the first row that was edited or removed. `npm run auditoria -- cabeza` prints the head
// (`n:hash`) to keep outside the server, after checking the chain (decision 098).
import { verificarAuditoria, type Cabeza } from '../server/auditoria/cadena.js';
import { formatearCabeza, leerCabeza } from '../server/auditoria/cabeza.js';
import { ejecutar } from './cli.js';

const USO =
  'Uso: npm run auditoria -- verificar [--cabeza <n:hash> …]\n' + '     npm run auditoria -- cabeza';

const [orden, ...resto] = process.argv.slice(2);

function cabezasPedidas(argumentos: string[]): Cabeza[] | string {
  const cabezas: Cabeza[] = [];
  for (let i = 0; i < argumentos.length; i++) {
    const argumento = argumentos[i]!;
    const valor =
      argumento === '--cabeza'
        ? argumentos[++i]
        : argumento.startsWith('--cabeza=')
          ? argumento.slice(9)
          : null;
    if (valor === null) return `Argumento desconocido: ${argumento}\n${USO}`;
    const cabeza = valor === undefined ? null : leerCabeza(valor);
    if (!cabeza)
      return `--cabeza espera n:hash, como lo imprime \`npm run auditoria -- cabeza\` (recibido "${valor ?? ''}").`;
    cabezas.push(cabeza);
  }
  return cabezas;
}

const alterado = (motivo: string, filas: number) =>
  `Registro de auditoría alterado: ${motivo}. Las ${filas} filas anteriores están íntegras.`;

if (orden === 'verificar') {
  const cabezas = cabezasPedidas(resto);
  if (typeof cabezas === 'string') {
    console.error(cabezas);
    process.exitCode = 1;
  } else {
    await ejecutar('lectura', async (db) => {
      const v = await verificarAuditoria(db, { cabezas });
      if (!v.intacta) {
        console.error(alterado(v.motivo, v.filas));
        return 1;
      }
      const testigos =
        cabezas.length === 0
          ? ''
          : ` Contiene ${cabezas.length === 1 ? 'la cabeza publicada' : `las ${cabezas.length} cabezas publicadas`}.`;
      console.log(`Registro de auditoría íntegro: ${v.filas} filas encadenadas.${testigos}`);
      return 0;
    });
  }
} else if (orden === 'cabeza' && resto.length === 0) {
  await ejecutar('lectura', async (db) => {
    const v = await verificarAuditoria(db);
    if (!v.intacta) {
      // A head of a broken chain would vouch for the break.
      console.error(`${alterado(v.motivo, v.filas)} No se imprime la cabeza.`);
      return 1;
    }
    console.log(formatearCabeza(v.cabeza));
    return 0;
  });
} else {
  console.error(USO);
  process.exitCode = 1;
}
