// The receipt's versions and the documents corrections replaced, as the access export holds them
// (producto §13, producto §14): every version listed in datos.json with its date, documents and
// replaced documents, and drawn as the PDF the applicant received (comprobantes/); every replaced
// document still stored copied as it was received (documentos-reemplazados/).
import { DOCUMENTOS } from '../../domain/index.js';
import { generarComprobante } from '../comprobante/index.js';
import { versionesDe, type VersionDelComprobante } from '../comprobante/versiones.js';
import type { Db } from '../db/esquema.js';

const ROTULO_DOCUMENTO = new Map<string, string>(DOCUMENTOS.map((d) => [d.key, d.label]));
const rotulo = (clave: string) => ROTULO_DOCUMENTO.get(clave) ?? clave;

interface DocumentoDelComprobanteExportado {
  clave: string;
  label: string;
  bytes: number;
  sha256: string;
}

interface ReemplazadoDelComprobanteExportado extends DocumentoDelComprobanteExportado {
  /** When the correction replaced it. */
  en: string;
  /** The version that correction issued. */
  version: number;
}

export interface ComprobanteExportado {
  version: number;
  emitidoEn: string;
  /** Its PDF inside the ZIP. */
  archivo: string;
  documentos: DocumentoDelComprobanteExportado[];
  /** Every document replaced up to this version, the oldest first. */
  reemplazados: ReemplazadoDelComprobanteExportado[];
}

/** A receipt drawn for the ZIP. */
export interface ComprobantePdf {
  ruta: string;
  contenido: Buffer;
}

/** Where a replaced document's file goes inside the ZIP. */
export const rutaDeReemplazado = (numero: string, version: number, nombre: string): string =>
  `documentos-reemplazados/${numero}/version-${version}-${nombre}`;

export const rutaDeComprobante = (numero: string, version: number): string =>
  `comprobantes/${numero}-version-${version}.pdf`;

/** Every version of each application (by id), read in the export's snapshot. */
export async function versionesDeSolicitudes(
  db: Db,
  ids: string[],
): Promise<Map<string, VersionDelComprobante[]>> {
  const versiones = new Map<string, VersionDelComprobante[]>();
  for (const id of ids) versiones.set(id, await versionesDe(db, id));
  return versiones;
}

/**
 * The versions of one application for datos.json and their PDFs, drawn from the same snapshot with
 * the public address their QR codes lead to.
 */
export async function comprobantesExportados(
  db: Db,
  solicitud: { id: string; numero: string },
  versiones: readonly VersionDelComprobante[],
  publicUrl: string,
): Promise<{ comprobantes: ComprobanteExportado[]; pdfs: ComprobantePdf[] }> {
  const comprobantes: ComprobanteExportado[] = [];
  const pdfs: ComprobantePdf[] = [];
  for (const v of versiones) {
    const archivo = rutaDeComprobante(solicitud.numero, v.version);
    pdfs.push({ ruta: archivo, contenido: await generarComprobante(db, solicitud.id, publicUrl, v.version) });
    comprobantes.push({
      version: v.version,
      emitidoEn: v.emitidoEn,
      archivo,
      documentos: v.documentos.map((d) => ({
        clave: d.clave,
        label: rotulo(d.clave),
        bytes: d.bytes,
        sha256: d.sha256,
      })),
      reemplazados: v.reemplazados.map((r) => ({
        clave: r.clave,
        label: rotulo(r.clave),
        bytes: r.bytes,
        sha256: r.sha256,
        en: r.en,
        version: r.version,
      })),
    });
  }
  return { comprobantes, pdfs };
}
