// The access export (producto §13; server/datos-personales/datos-exportados.ts) holds the
// verifications at the source of each application (producto §17), the superseded ones too: the
// source, day, who, note and, for each evidence file, where it lies inside the ZIP — the bytes
// are copied from the store with the documents', checked against the recorded size and SHA-256.
import { DOCUMENTOS } from '../../domain/documentos.js';
import { rotuloDeFuente } from '../../domain/verificacion-fuente.js';
import type { ArchivoExportado } from '../datos-personales/datos-exportados.js';
import type { Db } from '../db/esquema.js';
import { nombreDeEvidencia } from './consulta.js';

export interface VerificacionExportada {
  /** The document's key and label. */
  documento: string;
  label: string;
  /** The source as the page names it ("SISA/REFEPS"). */
  fuente: string;
  /** YYYY-MM-DD. */
  fecha: string;
  usuario: string;
  nombre: string;
  nota: string | null;
  /** When it was recorded (ISO). */
  en: string;
  /** The evidence inside the ZIP, or null. */
  evidencia: { archivo: string; mime: string; bytes: number; sha256: string } | null;
}

export interface VerificacionesDeSolicitud {
  verificaciones: VerificacionExportada[];
  archivos: ArchivoExportado[];
}

const ROTULO = new Map<string, string>(DOCUMENTOS.map((d) => [d.key, d.label]));

/** Each application's verifications (by its id), oldest first, with the evidence files to copy. */
export async function verificacionesExportadas(
  db: Db,
  solicitudes: readonly { id: string; numero: string }[],
): Promise<Map<string, VerificacionesDeSolicitud>> {
  const resultado = new Map<string, VerificacionesDeSolicitud>(
    solicitudes.map((s) => [s.id, { verificaciones: [], archivos: [] }]),
  );
  if (solicitudes.length === 0) return resultado;
  const numeroDe = new Map(solicitudes.map((s) => [s.id, s.numero]));
  const filas = await db
    .selectFrom('verificaciones as v')
    .innerJoin('personal as p', 'p.id', 'v.personal_id')
    .select([
      'v.solicitud_id',
      'v.documento',
      'v.fuente',
      'v.fecha',
      'v.nota',
      'v.creada_en',
      'v.evidencia_archivo',
      'v.evidencia_extension',
      'v.evidencia_mime',
      'v.evidencia_bytes',
      'v.evidencia_sha256',
      'p.usuario',
      'p.nombre',
    ])
    .where(
      'v.solicitud_id',
      'in',
      solicitudes.map((s) => s.id),
    )
    .orderBy('v.creada_en')
    .orderBy('v.id')
    .execute();
  for (const f of filas) {
    const de = resultado.get(f.solicitud_id)!;
    const numero = numeroDe.get(f.solicitud_id)!;
    let evidencia: VerificacionExportada['evidencia'] = null;
    if (f.evidencia_archivo && f.evidencia_extension && f.evidencia_mime && f.evidencia_sha256) {
      // Numbered in the order recorded: one document may have been verified more than once.
      const n = de.verificaciones.length + 1;
      const archivo = `documentos/${numero}/verificaciones/${n}-${nombreDeEvidencia(numero, f.documento, f.evidencia_extension)}`;
      evidencia = {
        archivo,
        mime: f.evidencia_mime,
        bytes: Number(f.evidencia_bytes),
        sha256: f.evidencia_sha256,
      };
      de.archivos.push({ almacen: f.evidencia_archivo, ruta: archivo, ...evidencia });
    }
    de.verificaciones.push({
      documento: f.documento,
      label: ROTULO.get(f.documento) ?? f.documento,
      fuente: rotuloDeFuente(f.fuente),
      fecha: f.fecha,
      usuario: f.usuario,
      nombre: f.nombre,
      nota: f.nota,
      en: f.creada_en,
      evidencia,
    });
  }
  return resultado;
}
