// Finding a re-credentialing link by its token (producto §17). Only the token's SHA-256 is stored;
// as with a correction link (decision 086), an unknown or malformed token answers 404 and a used
// or expired one 410, both with "Este enlace ya fue usado o venció.", never 401/403.
import { TEXTOS_SEGUIMIENTO } from '../../domain/seguimiento.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio } from '../errores.js';
import { esToken, hashDeToken } from '../solicitud/tokens.js';

export const enlaceDesconocido = () =>
  new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido);
export const enlaceUsadoOVencido = () =>
  new ErrorDeDominio('ya_no_esta', CODIGOS.ENLACE_VENCIDO, TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido);

export interface Recredencializacion {
  id: string;
  /** The approved application it renews. */
  solicitudId: string;
  numero: string;
  /** YYYY-MM-DD, its last day. */
  vence: string;
}

/** The usable link of `token`, or the 404 / 410 above. */
export async function recredencializacionPorToken(
  db: Db,
  token: string,
  ahora: Date = new Date(),
): Promise<Recredencializacion> {
  if (!esToken(token)) throw enlaceDesconocido();
  const fila = await db
    .selectFrom('recredencializaciones as r')
    .innerJoin('solicitudes as s', 's.id', 'r.solicitud_id')
    .select(['r.id', 'r.solicitud_id', 'r.vence', 'r.vence_ms', 'r.usada_en', 's.numero', 's.suprimida_en'])
    .where('r.token_hash', '=', hashDeToken(token))
    .executeTakeFirst();
  if (!fila) throw enlaceDesconocido();
  // A deletion of the person's data marks the link used too (datos-personales.ts); checked here
  // as well, so no copy of a deleted document can ever be made from it.
  if (fila.usada_en !== null || Number(fila.vence_ms) < ahora.getTime() || fila.suprimida_en !== null)
    throw enlaceUsadoOVencido();
  return { id: fila.id, solicitudId: fila.solicitud_id, numero: fila.numero, vence: fila.vence };
}
