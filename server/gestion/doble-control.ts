// What four eyes asks of an application now (producto §15): the setting DOBLE_CONTROL read with
// how many administradores are active — with only one, nobody could confirm, so the setting
// cannot apply — and the application's open proposal as its row keeps it (migration 013), with
// its proposer's name. The detail page, the moves and the proposals read them from here.
import {
  dobleControlCon,
  esDecision,
  type AjusteDobleControl,
  type DobleControl,
  type PropuestaDetalle,
} from '../../domain/propuestas.js';
import type { Db } from '../db/esquema.js';
import type { PropuestaGuardada } from '../ciclo-de-vida/propuesta.js';

export async function dobleControlAhora(db: Db, ajuste: AjusteDobleControl): Promise<DobleControl> {
  if (ajuste === 'no') return dobleControlCon(ajuste, 0);
  const fila = await db
    .selectFrom('personal')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('rol', '=', 'administrador')
    .where('activo', '=', 1)
    .executeTakeFirstOrThrow();
  return dobleControlCon(ajuste, Number(fila.n));
}

/** An open proposal: as the record's writer needs it, and as the page shows it. */
export type PropuestaLeida = PropuestaGuardada & { detalle: PropuestaDetalle };

/** The open proposal of application `solicitudId`, or null. */
export async function propuestaAbierta(db: Db, solicitudId: string): Promise<PropuestaLeida | null> {
  const f = await db
    .selectFrom('solicitudes as s')
    .leftJoin('personal as p', 'p.id', 's.propuesta_por')
    .select([
      's.propuesta_id',
      's.propuesta',
      's.propuesta_por',
      's.propuesta_en',
      's.propuesta_motivo',
      'p.usuario',
      'p.nombre',
    ])
    .where('s.id', '=', solicitudId)
    .executeTakeFirst();
  if (!f?.propuesta_id || !f.propuesta || !esDecision(f.propuesta) || !f.propuesta_por) return null;
  return {
    id: f.propuesta_id,
    decision: f.propuesta,
    por: f.propuesta_por,
    motivo: f.propuesta_motivo,
    detalle: {
      id: f.propuesta_id,
      decision: f.propuesta,
      usuario: f.usuario ?? '',
      nombre: f.nombre ?? f.usuario ?? '',
      en: f.propuesta_en ?? '',
      motivo: f.propuesta_motivo,
    },
  };
}
