// `npm run datos-personales -- exportar <dni> --salida <archivo.zip>`  everything held about one
//   DNI (producto §13, access): a ZIP with a JSON file, the documents and a PDF summary.
// `npm run datos-personales -- suprimir <dni> [--motivo "<texto>"]`  deletes one person's data on
//   request (documents removed from the store, personal fields replaced by the marker);
//   `--numero <número>` instead of the DNI deletes those applications (after a restore).
// `npm run datos-personales -- retener`  applies the retention periods now (the server's task does
//   it every day).
// Each writes its audit rows as the back-office does, with `usuario` null (an operator).
import { exportar } from './datos-personales/exportar.js';
import { retener } from './datos-personales/retener.js';
import { suprimir } from './datos-personales/suprimir.js';

export const USO =
  'Uso: npm run datos-personales -- exportar <dni> --salida <archivo.zip>\n' +
  '     npm run datos-personales -- suprimir <dni> [--motivo "<motivo del pedido>"]\n' +
  '     npm run datos-personales -- suprimir --numero <número> [--numero <número> …]\n' +
  '     npm run datos-personales -- retener';

const ORDENES: Record<string, (argumentos: string[]) => Promise<void>> = { exportar, suprimir, retener };

const [orden = '', ...resto] = process.argv.slice(2);
const accion = ORDENES[orden];
if (accion) {
  await accion(resto);
} else {
  console.error(USO);
  process.exitCode = 2;
}
