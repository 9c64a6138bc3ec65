// Finding a correction link by its token (producto §11) and what its page shows. Only the token's
// SHA-256 is stored, so the raw token is hashed and looked up; an unknown or malformed token is a
// 404, a used, expired or superseded one (the application left "observada") a 410 — both with
// the same Spanish message, so neither tells anything about other links.
import {
  DOCUMENTOS,
  TEXTOS_SEGUIMIENTO,
  esDocumentoKey,
  type CorreccionPendiente,
  type DocumentoKey,
} from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio } from '../errores.js';
import { nombreDeDocumento } from '../archivos/documentos.js';
import { esToken, hashDeToken } from '../solicitud/tokens.js';

const enlaceDesconocido = () =>
  new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido);
export const enlaceVencido = () =>
  new ErrorDeDominio('ya_no_esta', CODIGOS.ENLACE_VENCIDO, TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido);

const ROTULOS = new Map<string, string>(DOCUMENTOS.map((d) => [d.key, d.label]));
/** A document's label (producto §4), e.g. "Foto DNI (frente)". */
export const rotuloDe = (clave: string): string => ROTULOS.get(clave) ?? clave;

export interface Correccion {
  id: string;
  solicitudId: string;
  numero: string;
  borradorId: string;
  motivo: string;
  plazo: string;
  venceMs: number;
  /** The observed document keys, in the order of producto §4. */
  documentos: DocumentoKey[];
}

const ORDEN = new Map<string, number>(DOCUMENTOS.map((d, i) => [d.key, i]));

function clavesObservadas(valor: string): DocumentoKey[] {
  const claves: unknown = JSON.parse(valor);
  if (!Array.isArray(claves)) return [];
  return claves
    .filter((c): c is DocumentoKey => typeof c === 'string' && esDocumentoKey(c))
    .sort((a, b) => ORDEN.get(a)! - ORDEN.get(b)!);
}

/** The usable correction of `token`, or the 404 / 410 above. */
export async function correccionPorToken(db: Db, token: string, ahora: Date = new Date()): Promise<Correccion> {
  if (!esToken(token)) throw enlaceDesconocido();
  const fila = await db
    .selectFrom('correcciones as c')
    .innerJoin('solicitudes as s', 's.id', 'c.solicitud_id')
    .select([
      'c.id',
      'c.solicitud_id',
      'c.borrador_id',
      'c.motivo',
      'c.documentos',
      'c.plazo',
      'c.vence_ms',
      'c.usada_en',
      's.numero',
      's.estado',
    ])
    .where('c.token_hash', '=', hashDeToken(token))
    .executeTakeFirst();
  if (!fila) {
    // A link replaced by "Reenviar el enlace de corrección" (producto §14) was real: it is used up.
    const retirado = await db
      .selectFrom('enlaces_retirados')
      .select('correccion_id')
      .where('token_hash', '=', hashDeToken(token))
      .executeTakeFirst();
    throw retirado ? enlaceVencido() : enlaceDesconocido();
  }
  const venceMs = Number(fila.vence_ms);
  if (fila.usada_en !== null || venceMs < ahora.getTime() || fila.estado !== 'observada') throw enlaceVencido();
  return {
    id: fila.id,
    solicitudId: fila.solicitud_id,
    numero: fila.numero,
    borradorId: fila.borrador_id,
    motivo: fila.motivo,
    plazo: fila.plazo,
    venceMs,
    documentos: clavesObservadas(fila.documentos),
  };
}

/**
 * What the page shows: the reason, the deadline, and each observed document with its replacement
 * and the file the application holds for it now (what staff observed).
 */
export async function correccionPendiente(db: Db, c: Correccion): Promise<CorreccionPendiente> {
  const reemplazos =
    c.documentos.length === 0
      ? []
      : await db
          .selectFrom('documentos')
          .select(['clave', 'extension', 'bytes'])
          .where('borrador_id', '=', c.borradorId)
          .where('clave', 'in', c.documentos)
          .execute();
  const porClave = new Map(reemplazos.map((r) => [r.clave, r]));
  const observados =
    c.documentos.length === 0
      ? []
      : await db
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
          .select(['d.clave', 'sd.nombre', 'd.bytes'])
          .where('sd.solicitud_id', '=', c.solicitudId)
          .where('d.clave', 'in', c.documentos)
          .execute();
  const observadoDe = new Map(observados.map((o) => [o.clave, o]));
  return {
    numeroSolicitud: c.numero,
    motivo: c.motivo,
    plazo: c.plazo,
    documentos: c.documentos.map((clave) => {
      const r = porClave.get(clave);
      const o = observadoDe.get(clave);
      return {
        clave,
        etiqueta: rotuloDe(clave),
        reemplazo: r ? { nombre: nombreDeDocumento(r), bytes: Number(r.bytes) } : null,
        observado: o ? { nombre: o.nombre, bytes: Number(o.bytes) } : null,
      };
    }),
  };
}
