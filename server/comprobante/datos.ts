// What a receipt shows, read from the stored application (producto §11): it is regenerated on
// demand, never stored, so it always matches the documents the application holds now.
import { DOCUMENTOS, TEXTOS_DATOS_PERSONALES } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';

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

export interface DatosComprobante {
  numero: string;
  /** ISO instant the application was sent. */
  creadaEn: string;
  apellidoynombre: string;
  dni: string;
  matricula: string;
  documentos: DocumentoDelComprobante[];
  equipos: EquipoDelComprobante[];
  /** `${PUBLIC_URL}/verificar/<token>`, printed and in the QR code. */
  urlVerificacion: string;
}

const ORDEN = new Map<string, number>(DOCUMENTOS.map((d, i) => [d.key, i]));
const ETIQUETA = new Map<string, string>(DOCUMENTOS.map((d) => [d.key, d.label]));

/** The stored documents of an application, in the order of producto §4. */
export async function documentosDeSolicitud(db: Db, solicitudId: string): Promise<DocumentoDelComprobante[]> {
  const filas = await db
    .selectFrom('solicitud_documentos as sd')
    .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
    .select(['d.clave', 'd.bytes', 'd.sha256'])
    .where('sd.solicitud_id', '=', solicitudId)
    .execute();
  return filas
    .map((d) => ({
      clave: d.clave,
      etiqueta: ETIQUETA.get(d.clave) ?? d.clave,
      bytes: Number(d.bytes),
      sha256: d.sha256,
    }))
    .sort((a, b) => (ORDEN.get(a.clave) ?? 99) - (ORDEN.get(b.clave) ?? 99));
}

const urlDeVerificacion = (publicUrl: string, token: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/verificar/${token}`;

export async function cargarDatosComprobante(
  db: Db,
  solicitudId: string,
  publicUrl: string,
): Promise<DatosComprobante> {
  const [s, documentos, equipos] = await Promise.all([
    db
      .selectFrom('solicitudes')
      .select(['numero', 'creada_en', 'apellidoynombre', 'dni', 'matricula', 'verificacion', 'suprimida_en'])
      .where('id', '=', solicitudId)
      .executeTakeFirst(),
    documentosDeSolicitud(db, solicitudId),
    db
      .selectFrom('equipos')
      .select(['nombre_tipo_aparato', 'marca', 'modelo', 'anio_fabricacion', 'origen', 'observaciones'])
      .where('solicitud_id', '=', solicitudId)
      .orderBy('orden')
      .execute(),
  ]);
  if (!s) throw new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, MENSAJES_HTTP.noEncontrado);
  // Deleted (producto §13): a receipt of markers would be of no use; say plainly why there is none.
  if (s.suprimida_en !== null)
    throw new ErrorDeDominio('ya_no_esta', CODIGOS.DATOS_SUPRIMIDOS, TEXTOS_DATOS_PERSONALES.yaSuprimida);
  return {
    numero: s.numero,
    creadaEn: s.creada_en,
    apellidoynombre: s.apellidoynombre,
    dni: s.dni,
    matricula: s.matricula,
    documentos,
    equipos: equipos.map((e) => ({
      tipo: e.nombre_tipo_aparato,
      marca: e.marca,
      modelo: e.modelo,
      anio: Number(e.anio_fabricacion),
      origen: e.origen,
      observaciones: e.observaciones,
    })),
    urlVerificacion: urlDeVerificacion(publicUrl, s.verificacion),
  };
}
