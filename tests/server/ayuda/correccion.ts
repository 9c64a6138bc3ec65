// An application corrected through the real routes (producto §11, producto §14): staff move it to
// Observada naming the documents, the applicant uploads their replacements through the link of
// the e-mail and sends the correction, which issues the next version of the receipt.
import { expect } from 'vitest';
import { multipart, type Parte } from './cliente.js';
import type { Contexto } from './contexto.js';
import { idDeSolicitud } from './gestion-solicitudes.js';
import { ingresarComo } from './personal.js';

/**
 * Observes the documents of `reemplazos` (by key) of application `numero` (from Recibida or
 * Corregida through En revisión, or from its status) and sends their replacements; answers the
 * correction link's token.
 */
export async function corregirSolicitud(
  ctx: Contexto,
  numero: string,
  reemplazos: Record<string, Parte>,
  motivo = 'Hay que reemplazar documentos.',
): Promise<string> {
  const revisora = await ingresarComo(ctx, 'revisora.correccion', 'revisor');
  const solicitudId = await idDeSolicitud(ctx, numero);
  const { estado } = await ctx.db
    .selectFrom('solicitudes')
    .select('estado')
    .where('id', '=', solicitudId)
    .executeTakeFirstOrThrow();
  const aRevision = estado === 'recibida' || estado === 'corregida';
  if (aRevision) {
    const revisar = await revisora.post(`/api/gestion/solicitudes/${numero}/estado`, {
      desde: estado,
      hacia: 'en_revision',
    });
    expect(revisar.statusCode, revisar.body).toBe(200);
  }
  const observar = await revisora.post(`/api/gestion/solicitudes/${numero}/estado`, {
    desde: aRevision ? 'en_revision' : estado,
    hacia: 'observada',
    motivo,
    documentos: Object.keys(reemplazos),
  });
  expect(observar.statusCode, observar.body).toBe(200);
  const correos = await ctx.db
    .selectFrom('correos')
    .select('datos')
    .where('tipo', '=', 'observada')
    .where('solicitud_id', '=', solicitudId)
    .orderBy('creado_ms', 'desc')
    .execute();
  const token = (JSON.parse(correos[0]!.datos) as { token: string }).token;
  // Another browser: the applicant may correct from anywhere.
  const aplicante = await ctx.navegador().abrir();
  const { cuerpo, contentType } = multipart(Object.values(reemplazos));
  const subida = await aplicante.enviarCrudo(`/api/v2/correcciones/${token}/archivos`, cuerpo, contentType);
  expect(subida.statusCode, subida.body).toBe(200);
  const envio = await aplicante.post(`/api/v2/correcciones/${token}/enviar`, {});
  expect(envio.statusCode, envio.body).toBe(200);
  return token;
}
