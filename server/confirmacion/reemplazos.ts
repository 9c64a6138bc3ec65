// The documents of "Necesito cambiar algo" (producto §17): uploaded with the rules of producto §4
// through the correction's pipeline (../correcciones/reemplazos.ts — the same disk floor, quotas
// and store, into the link's own draft), only for documents the application has, and removable
// until the changes are sent.
import { TEXTOS_CONFIRMACION, type ConfirmacionPendiente } from '../../domain/confirmacion.js';
import type { Config } from '../config/index.js';
import type { Conexion } from '../db/conexion.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio } from '../errores.js';
import type { Recibido } from '../archivos/documentos.js';
import {
  cuotaDeSubida,
  guardarEnElBorrador,
  quitarDelBorrador,
  type CuotaDeSubida,
} from '../correcciones/reemplazos.js';
import type { DocumentStore } from '../storage/almacen.js';
import {
  confirmacionPendiente,
  confirmacionPorToken,
  documentosDeLaSolicitud,
  type Confirmacion,
} from './consulta.js';

export const documentoAjeno = () =>
  new ErrorDeDominio('invalido', CODIGOS.ARCHIVO_INVALIDO, TEXTOS_CONFIRMACION.documentoAjeno);

/** Before a byte is read: the link must be open, the disk and the quotas as for any upload. */
export async function presupuestoDeSubida(
  db: Db,
  config: Config,
  token: string,
  cliente: string,
): Promise<CuotaDeSubida & { confirmacion: Confirmacion }> {
  const confirmacion = await confirmacionPorToken(db, token);
  return { confirmacion, ...(await cuotaDeSubida(db, config, confirmacion.borradorId, cliente)) };
}

/** Stores the received files in the link's draft; answers the page's data. */
export async function guardarSubidas(
  conexion: Conexion,
  almacen: DocumentStore,
  token: string,
  confirmacion: Confirmacion,
  recibidos: Recibido[],
  cliente: string,
): Promise<ConfirmacionPendiente> {
  const { db } = conexion;
  const descartar = () => Promise.all(recibidos.map((r) => almacen.descartar(r.preparado).catch(() => {})));
  const propias = new Set((await documentosDeLaSolicitud(db, confirmacion.solicitudId)).map((d) => d.clave));
  // The link may have been answered while the body arrived: keep nothing then.
  try {
    if (recibidos.some((r) => !propias.has(r.clave))) throw documentoAjeno();
    await confirmacionPorToken(db, token);
  } catch (error) {
    await descartar();
    throw error;
  }
  await guardarEnElBorrador(conexion, almacen, confirmacion.borradorId, recibidos, cliente);
  return confirmacionPendiente(db, confirmacion);
}

/** Removes the upload of `clave` again; answers the page's data. Nothing to remove is no error. */
export async function quitarSubida(
  db: Db,
  almacen: DocumentStore,
  token: string,
  clave: string,
): Promise<ConfirmacionPendiente> {
  const confirmacion = await confirmacionPorToken(db, token);
  await quitarDelBorrador(db, almacen, confirmacion.borradorId, clave);
  // Answered while this ran: the link's answer (410), as for any other request.
  return confirmacionPendiente(db, await confirmacionPorToken(db, token));
}

/** After "Mis datos siguen siendo correctos": what was uploaded for a change nobody sent goes. */
export async function descartarSubidas(db: Db, almacen: DocumentStore, borradorId: string): Promise<void> {
  const claves = await db
    .selectFrom('documentos')
    .select('clave')
    .where('borrador_id', '=', borradorId)
    .execute();
  for (const { clave } of claves) await quitarDelBorrador(db, almacen, borradorId, clave);
}
