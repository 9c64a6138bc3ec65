// `npm run datos-personales -- retener` — applies the retention periods now (producto §13): what
// the server's daily task 'retencion' does (datos-personales/retencion.ts), with the
// audit rows' ip "consola". Prints the numbers whose data were deleted.
import { aplicarRetencion } from '../../server/datos-personales/retencion.js';
import { entornoDeSupresion } from '../../server/datos-personales/supresion.js';
import { CONSOLA } from '../../server/personal/cuentas.js';
import { crearAlmacen } from '../../server/storage/eleccion.js';
import { ejecutar } from '../cli.js';

const USO = 'Uso: npm run datos-personales -- retener';

const registro = { warn: (_datos: object, mensaje: string) => console.error(mensaje) };

export async function retener(lista: string[]): Promise<void> {
  if (lista.length > 0) {
    console.error(USO);
    process.exitCode = 2;
    return;
  }
  await ejecutar('escritura', async (db, config) => {
    const almacen = crearAlmacen(config, db);
    const hecho = await aplicarRetencion(
      entornoDeSupresion(db, almacen, config, registro),
      config.retentionMonths,
      new Date(),
      CONSOLA.ip,
    ).finally(() => almacen.cerrar?.());
    console.log(
      hecho.solicitudes.length === 0
        ? `Ninguna solicitud superó el plazo de conservación (${config.retentionMonths} meses).`
        : `Plazo de conservación (${config.retentionMonths} meses) vencido: datos personales suprimidos de ` +
            `${hecho.solicitudes.join(', ')}. Documentos eliminados: ${hecho.documentos}.`,
    );
    return 0;
  });
}
