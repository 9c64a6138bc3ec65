// Re-credentialing and the person's rights (producto §13, producto §17). An approved application's
// links are part of what is held about the person: the access export lists them (when opened,
// last day, used, the application they made), and the documents copied into a draft a link
// opened and never sent are that person's documents too — exported with the application and
// deleted with it. A deletion also marks its unused links used: they never open again.
import type { Db } from '../db/esquema.js';

export interface RecredencializacionExportada {
  ciclo: number;
  creadaEn: string;
  /** AAAA-MM-DD, its last day. */
  vence: string;
  usadaEn: string | null;
  /** The number of the application it sent; null while unused. */
  nuevaSolicitud: string | null;
}

/** The links of each of `ids` (approved applications), oldest first. */
export async function recredencializacionesExportadas(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, RecredencializacionExportada[]>> {
  const porSolicitud = new Map<string, RecredencializacionExportada[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return porSolicitud;
  const filas = await db
    .selectFrom('recredencializaciones as r')
    .leftJoin('solicitudes as n', 'n.id', 'r.nueva_solicitud_id')
    .select(['r.solicitud_id', 'r.ciclo', 'r.creada_en', 'r.vence', 'r.usada_en', 'n.numero'])
    .where('r.solicitud_id', 'in', ids)
    .orderBy('r.ciclo')
    .execute();
  for (const f of filas) {
    porSolicitud.get(f.solicitud_id)?.push({
      ciclo: Number(f.ciclo),
      creadaEn: f.creada_en,
      vence: f.vence,
      usadaEn: f.usada_en,
      nuevaSolicitud: f.numero ?? null,
    });
  }
  return porSolicitud;
}

/** The drafts the links of `ids` opened that never became an application, with their application. */
export async function borradoresSinEnviar(
  db: Db,
  ids: readonly string[],
): Promise<{ borradorId: string; solicitudId: string }[]> {
  if (ids.length === 0) return [];
  const filas = await db
    .selectFrom('borradores as b')
    .innerJoin('recredencializaciones as r', 'r.id', 'b.recredencializacion_id')
    .leftJoin('solicitudes as enviada', 'enviada.borrador_id', 'b.id')
    .select(['b.id', 'r.solicitud_id'])
    .where('r.solicitud_id', 'in', ids)
    .where('enviada.id', 'is', null)
    .execute();
  return filas.map((f) => ({ borradorId: f.id, solicitudId: f.solicitud_id }));
}

/** In the deletion's transaction: the application's unused links are used up. */
export async function cerrarRecredencializaciones(trx: Db, solicitudId: string, en: string): Promise<void> {
  await trx
    .updateTable('recredencializaciones')
    .set({ usada_en: en })
    .where('solicitud_id', '=', solicitudId)
    .where('usada_en', 'is', null)
    .execute();
}
