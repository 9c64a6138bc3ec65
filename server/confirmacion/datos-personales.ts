// The re-attestation links are the person's data (producto §13, producto §17): the access export
// lists them (../datos-personales/datos-exportados.ts) with the files uploaded through them and
// never sent, and a deletion removes them (../datos-personales/supresion.ts) — so no link of a
// deleted person works again — together with those files, whose drafts it is given here.
import type { Db } from '../db/esquema.js';
import { diaArgentino } from '../correcciones/plazo.js';

/** One link as datos.json lists it. */
export interface ConfirmacionExportada {
  /** 1 on the first anniversary of the approval. */
  aniversario: number;
  enviadaEn: string;
  /** Its last day, AAAA-MM-DD in Argentina. */
  venceEn: string;
  respondidaEn: string | null;
  /** 'correctos' or 'cambios'; null while unanswered (or never answered). */
  respuesta: string | null;
}

/** The links of these applications, by application, the first anniversary first. */
export async function confirmacionesExportadas(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, ConfirmacionExportada[]>> {
  const porSolicitud = new Map<string, ConfirmacionExportada[]>();
  if (ids.length === 0) return porSolicitud;
  const filas = await db
    .selectFrom('confirmaciones')
    .select(['solicitud_id', 'aniversario', 'creada_en', 'vence_ms', 'respondida_en', 'respuesta'])
    .where('solicitud_id', 'in', ids)
    .orderBy('aniversario')
    .execute();
  for (const f of filas) {
    const lista = porSolicitud.get(f.solicitud_id) ?? [];
    lista.push({
      aniversario: Number(f.aniversario),
      enviadaEn: f.creada_en,
      venceEn: diaArgentino(new Date(Number(f.vence_ms))),
      respondidaEn: f.respondida_en,
      respuesta: f.respuesta,
    });
    porSolicitud.set(f.solicitud_id, lista);
  }
  return porSolicitud;
}

/** The drafts of these applications' links: where "Necesito cambiar algo" uploads its files. */
export async function borradoresDeConfirmaciones(
  db: Db,
  ids: readonly string[],
): Promise<{ borradorId: string; solicitudId: string }[]> {
  if (ids.length === 0) return [];
  const filas = await db
    .selectFrom('confirmaciones')
    .select(['borrador_id', 'solicitud_id'])
    .where('solicitud_id', 'in', ids)
    .execute();
  return filas.map((f) => ({ borradorId: f.borrador_id, solicitudId: f.solicitud_id }));
}

/**
 * In a deletion's transaction: the application's links go (none works again). Answers their
 * drafts, whose files the deletion removes with the application's own; the drafts' rows, left
 * unused, go with the next sweep of abandoned drafts.
 */
export async function suprimirConfirmaciones(trx: Db, solicitudId: string): Promise<string[]> {
  const borradores = await borradoresDeConfirmaciones(trx, [solicitudId]);
  await trx.deleteFrom('confirmaciones').where('solicitud_id', '=', solicitudId).execute();
  return borradores.map((b) => b.borradorId);
}
