// What a receipt shows (producto §11, producto §14): one version of it — the documents that
// version listed, the ones replaced up to it, its own verification address — with the
// application's data. It is drawn on demand, never stored; the version row keeps what it said.
import { DOCUMENTOS, TEXTOS_DATOS_PERSONALES } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import { ultimaVersion, versionNumero, type DocumentoDeVersion } from './versiones.js';

export interface DocumentoDelComprobante {
  clave: string;
  /** The label of producto §4. */
  etiqueta: string;
  bytes: number;
  sha256: string;
}

interface EquipoDelComprobante {
  tipo: string;
  marca: string;
  modelo: string;
  anio: number;
  origen: string;
  observaciones: string | null;
}

/** A document a correction replaced, as the receipt lists it. */
export interface ReemplazadoDelComprobante {
  etiqueta: string;
  /** The replaced file's SHA-256. */
  sha256: string;
  /** ISO instant of the correction. */
  en: string;
}

export interface DatosComprobante {
  numero: string;
  /** 1 on sending, the next on every accepted correction. */
  version: number;
  /** ISO instant this version was issued. */
  emitidoEn: string;
  /** ISO instant the application was sent. */
  creadaEn: string;
  apellidoynombre: string;
  dni: string;
  matricula: string;
  documentos: DocumentoDelComprobante[];
  reemplazados: ReemplazadoDelComprobante[];
  equipos: EquipoDelComprobante[];
  /** `${PUBLIC_URL}/verificar/<token>`, printed and in the QR code. */
  urlVerificacion: string;
}

const ORDEN = new Map<string, number>(DOCUMENTOS.map((d, i) => [d.key, i]));
const ETIQUETA = new Map<string, string>(DOCUMENTOS.map((d) => [d.key, d.label]));

const orden = (clave: string) => ORDEN.get(clave) ?? 99;
export const etiquetaDeDocumento = (clave: string): string => ETIQUETA.get(clave) ?? clave;

/** A version's documents with their labels, in the order of producto §4. */
export const documentosDeVersion = (documentos: readonly DocumentoDeVersion[]): DocumentoDelComprobante[] =>
  documentos
    .map((d) => ({ clave: d.clave, etiqueta: etiquetaDeDocumento(d.clave), bytes: d.bytes, sha256: d.sha256 }))
    .sort((a, b) => orden(a.clave) - orden(b.clave));

export const urlDeVerificacion = (publicUrl: string, token: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/verificar/${token}`;

/** The data of version `version` of the receipt (the newest when absent). */
export async function cargarDatosComprobante(
  db: Db,
  solicitudId: string,
  publicUrl: string,
  version?: number,
): Promise<DatosComprobante> {
  const [s, v, equipos] = await Promise.all([
    db
      .selectFrom('solicitudes')
      .select(['numero', 'creada_en', 'apellidoynombre', 'dni', 'matricula', 'suprimida_en'])
      .where('id', '=', solicitudId)
      .executeTakeFirst(),
    version === undefined ? ultimaVersion(db, solicitudId) : versionNumero(db, solicitudId, version),
    db
      .selectFrom('equipos')
      .select(['nombre_tipo_aparato', 'marca', 'modelo', 'anio_fabricacion', 'origen', 'observaciones'])
      .where('solicitud_id', '=', solicitudId)
      .orderBy('orden')
      .execute(),
  ]);
  if (!s || !v) throw new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, MENSAJES_HTTP.noEncontrado);
  // Deleted (producto §13): a receipt of markers would be of no use; say plainly why there is none.
  if (s.suprimida_en !== null)
    throw new ErrorDeDominio('ya_no_esta', CODIGOS.DATOS_SUPRIMIDOS, TEXTOS_DATOS_PERSONALES.yaSuprimida);
  return {
    numero: s.numero,
    version: v.version,
    emitidoEn: v.emitidoEn,
    creadaEn: s.creada_en,
    apellidoynombre: s.apellidoynombre,
    dni: s.dni,
    matricula: s.matricula,
    documentos: documentosDeVersion(v.documentos),
    reemplazados: v.reemplazados
      .map((r) => ({ etiqueta: etiquetaDeDocumento(r.clave), sha256: r.sha256, en: r.en, clave: r.clave }))
      .sort((a, b) => a.en.localeCompare(b.en) || orden(a.clave) - orden(b.clave))
      .map(({ etiqueta, sha256, en }) => ({ etiqueta, sha256, en })),
    equipos: equipos.map((e) => ({
      tipo: e.nombre_tipo_aparato,
      marca: e.marca,
      modelo: e.modelo,
      anio: Number(e.anio_fabricacion),
      origen: e.origen,
      observaciones: e.observaciones,
    })),
    urlVerificacion: urlDeVerificacion(publicUrl, v.token),
  };
}
