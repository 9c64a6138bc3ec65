// The applicant's receipt (producto §11, producto §14), drawn on demand from one stored version and
// the application: the route of the browser that sent it, the e-mails that attach a version and
// the personal-data export all call this.
import type { Db } from '../db/esquema.js';
import { cargarDatosComprobante } from './datos.js';
import { dibujarComprobante } from './dibujo.js';

export { cargarDatosComprobante } from './datos.js';
export { dibujarComprobante } from './dibujo.js';

/**
 * Version `version` (the newest when absent) of the receipt of `solicitudId` as PDF bytes; an
 * ErrorDeDominio `no_encontrado` when there is none.
 */
export async function generarComprobante(
  db: Db,
  solicitudId: string,
  publicUrl: string,
  version?: number,
): Promise<Buffer> {
  return dibujarComprobante(await cargarDatosComprobante(db, solicitudId, publicUrl, version));
}

/** The download's file name: "comprobante-AMR-7K3Q9X-version-2.pdf". */
export const nombreDelComprobante = (numero: string, version: number): string =>
  `comprobante-${numero.replace(/[^A-Za-z0-9_-]/g, '_')}-version-${version}.pdf`;
