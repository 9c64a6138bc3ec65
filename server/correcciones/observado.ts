// "Ver el documento observado" (producto §14): the applicant opens, with the correction link, the
// file the application holds now for an observed document — their own earlier upload, the one
// staff observed. The token is the only credential, with the rules of consulta.ts (404 unknown,
// 410 used or expired); a key that was not observed, or that the application has no file for, is
// a 404 too, so the link never reaches a document staff did not ask about.
import { TEXTOS_SEGUIMIENTO, type DocumentoKey } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio } from '../errores.js';
import { correccionPorToken } from './consulta.js';

interface DocumentoObservado {
  /** The name the application lists it by, `<key>.<ext>`. */
  nombre: string;
  /** The type judged by content at upload, never taken from the name. */
  mime: string;
  bytes: number;
  /** Its name in the document store. */
  archivo: string;
}

export const documentoNoObservado = () =>
  new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, TEXTOS_SEGUIMIENTO.documentoNoObservado);

/** The observed document `clave` of the link `token`, as the application holds it now. */
export async function documentoObservado(db: Db, token: string, clave: string): Promise<DocumentoObservado> {
  const correccion = await correccionPorToken(db, token);
  if (!correccion.documentos.includes(clave as DocumentoKey)) throw documentoNoObservado();
  const fila = await db
    .selectFrom('solicitud_documentos as sd')
    .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
    .select(['sd.nombre', 'd.mime', 'd.bytes', 'd.archivo'])
    .where('sd.solicitud_id', '=', correccion.solicitudId)
    .where('d.clave', '=', clave)
    .executeTakeFirst();
  if (!fila) throw documentoNoObservado();
  return { nombre: fila.nombre, mime: fila.mime, bytes: Number(fila.bytes), archivo: fila.archivo };
}
