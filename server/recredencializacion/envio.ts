// Sending the draft a re-credentialing link made (producto §17) is sending an application: the
// same route, rules, padrón check and lifecycle chart (server/solicitud/solicitudes.ts). In the
// transaction that stores it, this uses the link — on condition that it is still unused and
// unexpired, so a second sending (another browser that opened the same link) or one after the
// last day fails whole with "Este enlace ya fue usado o venció." — and links the new application
// to the approved one it renews: its inbox row reads "Recredencialización".
// A document the new application sends unchanged (the copy of borrador.ts, same key and SHA-256)
// keeps the "Vigencia hasta" staff recorded for it on the approved application: the same paper,
// already read by a person; its reminders and "Vence en 30 días" go on without typing it again.
import type { Db } from '../db/esquema.js';
import { recalcularVigenciaMinima } from '../gestion/vigencias.js';
import { enlaceUsadoOVencido } from './enlace.js';

export async function usarRecredencializacion(
  trx: Db,
  borradorId: string,
  solicitudId: string,
  ahora: Date,
): Promise<void> {
  const borrador = await trx
    .selectFrom('borradores')
    .select('recredencializacion_id')
    .where('id', '=', borradorId)
    .executeTakeFirst();
  const enlace = borrador?.recredencializacion_id;
  if (!enlace) return;
  const usada = await trx
    .updateTable('recredencializaciones')
    .set({ usada_en: ahora.toISOString(), nueva_solicitud_id: solicitudId })
    .where('id', '=', enlace)
    .where('usada_en', 'is', null)
    .where('vence_ms', '>=', ahora.getTime())
    .executeTakeFirst();
  if (Number(usada.numUpdatedRows) !== 1) throw enlaceUsadoOVencido();
  await vigenciasDeLasCopias(trx, enlace, solicitudId);
}

async function vigenciasDeLasCopias(trx: Db, enlace: string, solicitudId: string): Promise<void> {
  const documentosDe = (id: string) =>
    trx
      .selectFrom('solicitud_documentos as sd')
      .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
      .select(['sd.documento_id', 'd.clave', 'd.sha256', 'sd.vigente_hasta'])
      .where('sd.solicitud_id', '=', id)
      .execute();
  const { solicitud_id: aprobada } = await trx
    .selectFrom('recredencializaciones')
    .select('solicitud_id')
    .where('id', '=', enlace)
    .executeTakeFirstOrThrow();
  const [anteriores, nuevos] = await Promise.all([documentosDe(aprobada), documentosDe(solicitudId)]);
  let alguna = false;
  for (const n of nuevos) {
    const igual = anteriores.find(
      (a) => a.clave === n.clave && a.sha256 === n.sha256 && a.vigente_hasta !== null,
    );
    if (!igual) continue;
    await trx
      .updateTable('solicitud_documentos')
      .set({ vigente_hasta: igual.vigente_hasta })
      .where('solicitud_id', '=', solicitudId)
      .where('documento_id', '=', n.documento_id)
      .execute();
    alguna = true;
  }
  if (alguna) await recalcularVigenciaMinima(trx, [solicitudId]);
}
