// Reading "Verificado en la fuente" (producto §17): the verification each current file of an
// application has — the newest recorded for that very file, so a file a correction brought in is
// unverified until someone verifies it — and the documents VERIFICACION_REQUERIDA names that the
// application has and are still unverified: the lifecycle chart's `sinVerificar`
// (domain/ciclo-de-vida.ts), filled wherever a decision's snapshot is built (the detail page's
// buttons, a move, a proposal, its confirmation).
import { DOCUMENTOS } from '../../domain/documentos.js';
import { TEXTOS_VERIFICACION, esFuente, type VerificacionDetalle } from '../../domain/verificacion-fuente.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio } from '../errores.js';

const ORDEN = new Map<string, number>(DOCUMENTOS.map((d, i) => [d.key, i]));
const enOrden = (claves: string[]) => claves.sort((a, b) => (ORDEN.get(a) ?? 99) - (ORDEN.get(b) ?? 99));

/** An evidence file's name as staff download it: `<numero>-<clave>-verificacion.<ext>`. */
export const nombreDeEvidencia = (numero: string, clave: string, extension: string) =>
  `${numero}-${clave}-verificacion.${extension}`;

/**
 * The verification of each file application `solicitudId` links now (by documentos.id): the
 * newest of that file. Files with none are absent.
 */
export async function verificacionesVigentes(
  db: Db,
  solicitud: { id: string; numero: string },
): Promise<Map<string, VerificacionDetalle>> {
  const filas = await db
    .selectFrom('verificaciones as v')
    .innerJoin('solicitud_documentos as sd', (j) =>
      j.onRef('sd.solicitud_id', '=', 'v.solicitud_id').onRef('sd.documento_id', '=', 'v.documento_id'),
    )
    .innerJoin('personal as p', 'p.id', 'v.personal_id')
    .select([
      'v.id',
      'v.documento',
      'v.documento_id',
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
    .where('v.solicitud_id', '=', solicitud.id)
    .orderBy('v.creada_en', 'desc')
    .orderBy('v.id', 'desc')
    .execute();
  const vigentes = new Map<string, VerificacionDetalle>();
  for (const f of filas) {
    if (vigentes.has(f.documento_id) || !esFuente(f.fuente)) continue;
    vigentes.set(f.documento_id, {
      id: f.id,
      fuente: f.fuente,
      fecha: f.fecha,
      usuario: f.usuario,
      nombre: f.nombre,
      nota: f.nota,
      en: f.creada_en,
      evidencia:
        f.evidencia_archivo && f.evidencia_extension && f.evidencia_mime && f.evidencia_sha256
          ? {
              nombre: nombreDeEvidencia(solicitud.numero, f.documento, f.evidencia_extension),
              mime: f.evidencia_mime,
              bytes: Number(f.evidencia_bytes),
              sha256: f.evidencia_sha256,
            }
          : null,
    });
  }
  return vigentes;
}

/**
 * Of `requeridas` (VERIFICACION_REQUERIDA), the keys of the documents the application has whose
 * file has no verification, in the order of producto §4 — from what the caller already read.
 */
export const pendientesDe = (
  documentos: readonly { clave: string; id: string }[],
  verificados: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  requeridas: readonly string[],
): string[] =>
  enOrden(
    documentos.filter((d) => requeridas.includes(d.clave) && !verificados.has(d.id)).map((d) => d.clave),
  );

/** `sinVerificar` of application `solicitudId`: one query, none when nothing is required. */
export async function sinVerificar(
  db: Db,
  solicitudId: string,
  requeridas: readonly string[],
): Promise<string[]> {
  if (requeridas.length === 0) return [];
  const filas = await db
    .selectFrom('solicitud_documentos as sd')
    .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
    .select('d.clave')
    .where('sd.solicitud_id', '=', solicitudId)
    .where('d.clave', 'in', [...requeridas])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('verificaciones as v')
            .select('v.id')
            .whereRef('v.solicitud_id', '=', 'sd.solicitud_id')
            .whereRef('v.documento_id', '=', 'sd.documento_id'),
        ),
      ),
    )
    .execute();
  return enOrden(filas.map((f) => f.clave));
}

/** 409: approval asked for while `claves` are unverified, naming them ("Falta verificar en la fuente: …"). */
export const faltaVerificar = (claves: readonly string[]) =>
  new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, TEXTOS_VERIFICACION.faltaVerificar(claves));

export interface EvidenciaAlmacenada {
  /** The verified document's key. */
  clave: string;
  /** Its name as a download (nombreDeEvidencia). */
  nombre: string;
  mime: string;
  bytes: number;
  /** The document store's name of the file. */
  archivo: string;
}

/**
 * The evidence file of verification `id` of application `numero` (any verification of it, the
 * superseded ones too): 404 when the application, the verification or its evidence does not exist.
 */
export async function evidenciaDe(db: Db, numero: string, id: string): Promise<EvidenciaAlmacenada> {
  const fila = await db
    .selectFrom('verificaciones as v')
    .innerJoin('solicitudes as s', 's.id', 'v.solicitud_id')
    .select([
      'v.documento',
      'v.evidencia_archivo',
      'v.evidencia_extension',
      'v.evidencia_mime',
      'v.evidencia_bytes',
    ])
    .where('s.numero', '=', numero)
    .where('v.id', '=', id)
    .executeTakeFirst();
  if (!fila?.evidencia_archivo || !fila.evidencia_extension || !fila.evidencia_mime)
    throw new ErrorDeDominio(
      'no_encontrado',
      CODIGOS.NO_ENCONTRADO,
      TEXTOS_VERIFICACION.evidenciaInexistente,
    );
  return {
    clave: fila.documento,
    nombre: nombreDeEvidencia(numero, fila.documento, fila.evidencia_extension),
    mime: fila.evidencia_mime,
    bytes: Number(fila.evidencia_bytes),
    archivo: fila.evidencia_archivo,
  };
}
