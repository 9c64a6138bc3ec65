// The applicant's receipt (producto §11), regenerated on demand from the stored application: the
// route of the browser that sent it, the verification page and the first e-mail all call this.
import type { Db } from '../db/esquema.js';
import { cargarDatosComprobante } from './datos.js';
import { dibujarComprobante } from './dibujo.js';

export { cargarDatosComprobante } from './datos.js';
export { dibujarComprobante } from './dibujo.js';

/** The receipt of the application `solicitudId` as PDF bytes; an ErrorDeDominio `no_encontrado` when there is none. */
export async function generarComprobante(db: Db, solicitudId: string, publicUrl: string): Promise<Buffer> {
  return dibujarComprobante(await cargarDatosComprobante(db, solicitudId, publicUrl));
}

/** The download's file name. */
export const nombreDelComprobante = (numero: string): string =>
  `comprobante-${numero.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
