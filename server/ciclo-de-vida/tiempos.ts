// How long an application has waited (producto §15), kept on its row so the inbox sorts and the
// Tablero counts at 100,000 applications without reading the history:
// - `estado_desde`: when it entered its current status (a move, or its arrival);
// - `ultimo_cambio_en`: its newest history row of any kind (a move, Responsable, a rectification);
// - `resuelta_en` and `dias_resolucion`: when it first became Aprobada or Rechazada, and the working
//   days from sending to then, those spent in Observada not counted ("Tiempo de resolución"). The
//   first time only: the provider's re-attestation may take an approved application back to
//   Corregida and staff approve it again (producto §17), which reviews data already resolved —
//   counting it would add a year to that application's resolution, and its first anniversary is
//   what the re-attestation is timed from (server/confirmacion/apertura.ts).
// The record's one writer (./asentar.ts) keeps them with each entry; `recalcularTiempos` derives
// them from the history itself — for rows written before they existed (migration 012) and for
// histories written directly (the bench's seed).
import { sql } from 'kysely';
import { esFinal } from '../../domain/ciclo-de-vida.js';
import { CLAVES_ESTADO, esEstado } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { diasHabilesEntre } from '../correcciones/plazo.js';

/** A status move of the history: where from (null: the arrival), where to, when. */
export interface Paso {
  desde: string | null;
  hacia: string;
  en: string;
}

export interface Resolucion {
  resueltaEn: string;
  dias: number;
}

/**
 * The resolution of an application sent at `creadaEn` whose status moves are `pasos` (oldest
 * first) — its first move into a resolved status —, or null while it has none. Each stretch in
 * Observada before it — from the move into it to the move out of it — is taken off the total, as
 * working days of its own.
 */
export function resolucionDe(creadaEn: string, pasos: readonly Paso[]): Resolucion | null {
  const hasta = pasos.findIndex((p) => p.desde !== p.hacia && esEstado(p.hacia) && esFinal(p.hacia));
  if (hasta < 0) return null;
  const ultimo = pasos[hasta]!;
  const fin = new Date(ultimo.en);
  let dias = diasHabilesEntre(new Date(creadaEn), fin);
  let observadaDesde: Date | null = null;
  for (const p of pasos.slice(0, hasta + 1)) {
    if (p.desde === p.hacia) continue;
    if (observadaDesde && p.desde === 'observada') {
      dias -= diasHabilesEntre(observadaDesde, new Date(p.en));
      observadaDesde = null;
    }
    if (p.hacia === 'observada') observadaDesde = new Date(p.en);
  }
  return { resueltaEn: ultimo.en, dias: Math.max(0, dias) };
}

/** The status moves of an application, oldest first (rows where the status stays are not moves). */
export async function pasosDe(db: Db, solicitudId: string): Promise<Paso[]> {
  return db
    .selectFrom('historial')
    .select(['desde', 'hacia', 'en'])
    .where('solicitud_id', '=', solicitudId)
    .where((eb) => eb.or([eb('desde', 'is', null), eb('desde', '<>', eb.ref('hacia'))]))
    .orderBy('en')
    .orderBy('id')
    .execute();
}

/**
 * Derives the four columns of every application (or of `ids`) from its history: one update for
 * the instants (and no resolution), then the closed ones' resolution in batches.
 */
export async function recalcularTiempos(db: Db, ids?: readonly string[]): Promise<void> {
  if (ids && ids.length === 0) return;
  const donde = ids ? sql`where solicitudes.id in (${sql.join(ids)})` : sql``;
  await sql`update solicitudes set
      ultimo_cambio_en = coalesce(
        (select max(h.en) from historial h where h.solicitud_id = solicitudes.id), creada_en),
      estado_desde = coalesce(
        (select max(h.en) from historial h
          where h.solicitud_id = solicitudes.id and (h.desde is null or h.desde <> h.hacia)), creada_en),
      resuelta_en = null,
      dias_resolucion = null
    ${donde}`.execute(db);
  // Resolved once, whatever its status now (a re-attestation may have taken it back to Corregida).
  let consulta = db
    .selectFrom('solicitudes')
    .select(['id', 'creada_en'])
    .where('id', 'in', (eb) =>
      eb.selectFrom('historial').select('solicitud_id').where('hacia', 'in', CLAVES_ESTADO.filter(esFinal)),
    );
  if (ids) consulta = consulta.where('id', 'in', ids);
  const cerradas = await consulta.execute();
  for (let i = 0; i < cerradas.length; i += 500) {
    const lote = cerradas.slice(i, i + 500);
    const pasos = await db
      .selectFrom('historial')
      .select(['solicitud_id', 'desde', 'hacia', 'en'])
      .where(
        'solicitud_id',
        'in',
        lote.map((s) => s.id),
      )
      .where((eb) => eb.or([eb('desde', 'is', null), eb('desde', '<>', eb.ref('hacia'))]))
      .orderBy('solicitud_id')
      .orderBy('en')
      .orderBy('id')
      .execute();
    const porSolicitud = new Map<string, Paso[]>();
    for (const p of pasos) {
      const lista = porSolicitud.get(p.solicitud_id);
      if (lista) lista.push(p);
      else porSolicitud.set(p.solicitud_id, [p]);
    }
    for (const s of lote) {
      const r = resolucionDe(s.creada_en, porSolicitud.get(s.id) ?? []);
      await db
        .updateTable('solicitudes')
        .set({ resuelta_en: r?.resueltaEn ?? null, dias_resolucion: r?.dias ?? null })
        .where('id', '=', s.id)
        .execute();
    }
  }
}
