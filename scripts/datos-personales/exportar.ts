// `npm run datos-personales -- exportar <dni> --salida <archivo.zip>` — the access export of
// producto §13 for an operator: the same ZIP as the back-office's. It is written to a temporary
// file beside the target (owner-only), synced, and renamed only once whole, so <archivo.zip> is
// never a half ZIP. The audit row (usuario null, ip "consola") is committed before the rename.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { esDni } from '../../domain/campos.js';
import { TEXTOS_DATOS_PERSONALES } from '../../domain/datos-personales.js';
import { auditar } from '../../server/auditoria/cadena.js';
import { leerExportacion, zipDeExportacion } from '../../server/datos-personales/exportacion.js';
import { CONSOLA } from '../../server/personal/cuentas.js';
import { crearAlmacen } from '../../server/storage/eleccion.js';
import { ejecutar } from '../cli.js';

const USO = 'Uso: npm run datos-personales -- exportar <dni> --salida <archivo.zip>';

function argumentos(lista: string[]): { dni: string; salida: string } | null {
  try {
    const { positionals, values } = parseArgs({
      args: lista,
      allowPositionals: true,
      strict: true,
      options: { salida: { type: 'string' } },
    });
    const [dni, ...sobrantes] = positionals;
    if (dni === undefined || sobrantes.length > 0 || !values.salida) return null;
    return { dni, salida: path.resolve(values.salida) };
  } catch {
    return null;
  }
}

export async function exportar(lista: string[]): Promise<void> {
  const pedido = argumentos(lista);
  if (!pedido) {
    console.error(USO);
    process.exitCode = 2;
    return;
  }
  if (!esDni(pedido.dni)) {
    console.error(`${TEXTOS_DATOS_PERSONALES.dniInvalido}\n${USO}`);
    process.exitCode = 2;
    return;
  }
  const { dni, salida } = pedido;
  await ejecutar('escritura', async (db, config) => {
    const exportacion = await leerExportacion(db, dni, { publicUrl: config.publicUrl });
    if (!exportacion) {
      console.error(TEXTOS_DATOS_PERSONALES.sinDatos);
      return 1;
    }
    const numeros = exportacion.datos.solicitudes.map((s) => s.numero);
    const temporal = path.join(
      path.dirname(salida),
      `.${path.basename(salida)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    const almacen = crearAlmacen(config, db);
    try {
      await pipeline(
        zipDeExportacion(exportacion, almacen),
        createWriteStream(temporal, { flags: 'wx', mode: 0o600 }),
      );
      // On disk before it takes the final name.
      const escrito = await open(temporal, 'r');
      await escrito.sync().finally(() => escrito.close());
      await db.transaction().execute((trx) =>
        auditar(trx, {
          ...CONSOLA,
          accion: 'exportar_datos',
          objeto: numeros.join(' '),
          detalle: { solicitudes: numeros, documentos: exportacion.archivos.length },
        }),
      );
      await rename(temporal, salida);
    } catch (error) {
      await rm(temporal, { force: true });
      const motivo = error instanceof Error ? error.message : String(error);
      throw new Error(`La exportación se interrumpió y no se escribió ${salida}: ${motivo}`, {
        cause: error,
      });
    } finally {
      await almacen.cerrar?.();
    }
    console.log(
      `Exportadas ${numeros.length} solicitudes y ${exportacion.archivos.length} documentos en ${salida}`,
    );
    return 0;
  });
}
