// `npm run datos-personales -- suprimir <dni> [--motivo "<texto>"]` — deletes one person's data
// on their request (producto §13), as the back-office does: every application with that DNI, each
// with its audit row (usuario null, ip "consola"). Prints the numbers and how many documents went.
// `… suprimir --numero <número> [--numero …]` deletes by application number instead: after
// restoring a backup older than some deletions, the audit log's suprimir_datos rows name the
// numbers to delete again (the DNI is not in the log).
import { parseArgs } from 'node:util';
import { esDni } from '../../domain/campos.js';
import { TEXTOS_DATOS_PERSONALES } from '../../domain/datos-personales.js';
import type { Db } from '../../server/db/esquema.js';
import { solicitudesDePersona } from '../../server/datos-personales/persona.js';
import {
  entornoDeSupresion,
  suprimirSolicitudes,
} from '../../server/datos-personales/supresion.js';
import { CONSOLA } from '../../server/personal/cuentas.js';
import { crearAlmacen } from '../../server/storage/eleccion.js';
import { ejecutar } from '../cli.js';

const USO =
  'Uso: npm run datos-personales -- suprimir <dni> [--motivo "<motivo del pedido>"]\n' +
  '     npm run datos-personales -- suprimir --numero <número> [--numero <número> …] [--motivo "<motivo>"]';
const MOTIVO_PREDETERMINADO = 'Pedido del titular';

/** A DNI, or the application numbers (never both), and the reason. */
type Pedido = { motivo: string } & ({ dni: string; numeros?: never } | { dni?: never; numeros: string[] });

function argumentos(lista: string[]): Pedido | null {
  try {
    const { positionals, values } = parseArgs({
      args: lista,
      allowPositionals: true,
      strict: true,
      options: { motivo: { type: 'string' }, numero: { type: 'string', multiple: true } },
    });
    const motivo = (values.motivo ?? MOTIVO_PREDETERMINADO).trim();
    if (motivo === '') return null;
    const numeros = values.numero ?? [];
    if (numeros.length > 0) return positionals.length === 0 ? { numeros, motivo } : null;
    const [dni, ...sobrantes] = positionals;
    if (dni === undefined || sobrantes.length > 0) return null;
    return { dni, motivo };
  } catch {
    return null;
  }
}

/** The ids to delete: the person's applications, or those numbers still holding data. */
async function idsDelPedido(db: Db, pedido: Pedido): Promise<string[]> {
  if (pedido.dni !== undefined) return (await solicitudesDePersona(db, pedido.dni)).map((s) => s.id);
  const filas = await db
    .selectFrom('solicitudes')
    .select('id')
    .where('numero', 'in', pedido.numeros)
    .where('suprimida_en', 'is', null)
    .execute();
  return filas.map((f) => f.id);
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
  if (pedido.dni !== undefined && !esDni(pedido.dni)) {
    console.error(`${TEXTOS_DATOS_PERSONALES.dniInvalido}\n${USO}`);
    process.exitCode = 2;
    return;
  }
  const { motivo } = pedido;
  await ejecutar('escritura', async (db, config) => {
    const ids = await idsDelPedido(db, pedido);
    if (ids.length === 0) {
      console.error(TEXTOS_DATOS_PERSONALES.sinDatos);
      return 1;
    }
    const almacen = crearAlmacen(config, db);
    const hecho = await suprimirSolicitudes(entornoDeSupresion(db, almacen, config, registro), ids, {
      ...CONSOLA,
      personalId: null,
      causa: 'pedido',
      motivo,
    }).finally(() => almacen.cerrar?.());
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
