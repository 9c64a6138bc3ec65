// `npm run datos-personales -- suprimir <dni> [--motivo "<texto>"]` — deletes one person's data
// on their request (producto §13), as the back-office does: every application with that DNI, each
// with its audit row (usuario null, ip "consola"). Prints the numbers and how many documents went.
import { parseArgs } from 'node:util';
import { TEXTOS_DATOS_PERSONALES } from '../../domain/datos-personales.js';
import { solicitudesDePersona } from '../../server/servicios/datos-personales/persona.js';
import {
  entornoDeSupresion,
  suprimirSolicitudes,
} from '../../server/servicios/datos-personales/supresion.js';
import { CONSOLA } from '../../server/servicios/personal.js';
import { crearAlmacen } from '../../server/storage/eleccion.js';
import { ejecutar } from '../cli.js';

const USO = 'Uso: npm run datos-personales -- suprimir <dni> [--motivo "<motivo del pedido>"]';
export const MOTIVO_PREDETERMINADO = 'Pedido del titular';

function argumentos(lista: string[]): { dni: string; motivo: string } | null {
  try {
    const { positionals, values } = parseArgs({
      args: lista,
      allowPositionals: true,
      strict: true,
      options: { motivo: { type: 'string' } },
    });
    const [dni, ...sobrantes] = positionals;
    if (dni === undefined || sobrantes.length > 0) return null;
    const motivo = (values.motivo ?? MOTIVO_PREDETERMINADO).trim();
    return motivo === '' ? null : { dni, motivo };
  } catch {
    return null;
  }
}

// The log of a command is the terminal: only what it needs, never a value of the person.
const registro = { warn: (_datos: object, mensaje: string) => console.error(mensaje) };

export async function suprimir(lista: string[]): Promise<void> {
  const pedido = argumentos(lista);
  if (!pedido) {
    console.error(USO);
    process.exitCode = 2;
    return;
  }
  if (!/^\d{7,8}$/.test(pedido.dni)) {
    console.error(`${TEXTOS_DATOS_PERSONALES.dniInvalido}\n${USO}`);
    process.exitCode = 2;
    return;
  }
  const { dni, motivo } = pedido;
  await ejecutar('escritura', async (db, config) => {
    const solicitudes = await solicitudesDePersona(db, dni);
    if (solicitudes.length === 0) {
      console.error(TEXTOS_DATOS_PERSONALES.sinDatos);
      return 1;
    }
    const almacen = crearAlmacen(config, db);
    const hecho = await suprimirSolicitudes(
      entornoDeSupresion(db, almacen, config, registro),
      solicitudes.map((s) => s.id),
      { ...CONSOLA, personalId: null, causa: 'pedido', motivo },
    ).finally(() => almacen.cerrar?.());
    if (hecho.solicitudes.length === 0) {
      console.error(TEXTOS_DATOS_PERSONALES.sinDatos);
      return 1;
    }
    console.log(
      `Datos personales suprimidos de ${hecho.solicitudes.length} solicitud(es): ${hecho.solicitudes.join(', ')}. ` +
        `Documentos eliminados: ${hecho.documentos}.`,
    );
    return 0;
  });
}
