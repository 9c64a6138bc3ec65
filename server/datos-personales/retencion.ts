// Retention (producto §13, decision 095): personal data are kept only while they serve the
// application. A rechazada keeps them RETENTION_MONTHS after its rejection; an observada whose
// last correction link ended unused, RETENTION_MONTHS after that deadline. An aprobada keeps them
// (the member's record), and so does anything still in course. Drafts never sent are another
// matter: the draft sweep deletes them after DRAFT_MAX_AGE_HOURS.
import type { Db } from '../db/esquema.js';
import { borrarCopiasDeCorreo } from './copias-de-correo.js';
import { suprimirSolicitudes, type EntornoSupresion, type SupresionResultado } from './supresion.js';

export const MOTIVO_RETENCION = 'Venció el plazo de conservación de los datos personales.';

/** `ahora` minus `meses` calendar months (the 31st of a shorter month rolls to the next). */
export function mesesAntes(ahora: Date, meses: number): Date {
  const limite = new Date(ahora.getTime());
  limite.setUTCMonth(limite.getUTCMonth() - meses);
  return limite;
}

/** The ids of the applications whose retention period ended by `ahora`. */
async function vencidasPorRetencion(db: Db, meses: number, ahora: Date): Promise<string[]> {
  const limite = mesesAntes(ahora, meses);
  const rechazadas = await db
    .selectFrom('solicitudes as s')
    .select('s.id')
    .where('s.estado', '=', 'rechazada')
    .where('s.suprimida_en', 'is', null)
    .where(
      (eb) =>
        eb
          .selectFrom('historial as h')
          .select((h) => h.fn.max('h.en').as('en'))
          .whereRef('h.solicitud_id', '=', 's.id')
          .where('h.hacia', '=', 'rechazada')
          // A rectification row also reads hacia = rechazada; only the move counts.
          .where('h.campo', 'is', null),
      '<',
      limite.toISOString(),
    )
    .execute();
  const observadas = await db
    .selectFrom('solicitudes as s')
    .select('s.id')
    .where('s.estado', '=', 'observada')
    .where('s.suprimida_en', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('correcciones as c')
          .select('c.id')
          .whereRef('c.solicitud_id', '=', 's.id')
          .where('c.usada_en', 'is', null)
          .where('c.vence_ms', '<', limite.getTime())
          // The newest link only: an older one ended unused is superseded by a later request.
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('correcciones as n')
                  .select('n.id')
                  .whereRef('n.solicitud_id', '=', 'c.solicitud_id')
                  .whereRef('n.creada_en', '>', 'c.creada_en'),
              ),
            ),
          ),
      ),
    )
    .execute();
  return [...rechazadas, ...observadas].map((f) => f.id);
}

export interface RetencionResultado extends SupresionResultado {
  /** .eml copies of outbox rows that no longer exist (left by a crash mid-deletion). */
  copiasDeCorreo: number;
}

/**
 * Deletes what the retention periods no longer allow keeping (the 'retencion' task, `npm run
 * datos-personales -- retener`). Run daily even when nothing expired, it also finishes an earlier
 * deletion's file cleanup that a reader blocked (sin-copias.ts).
 */
export async function aplicarRetencion(
  entorno: EntornoSupresion,
  meses: number,
  ahora: Date = new Date(),
  ip = 'sistema',
): Promise<RetencionResultado> {
  const ids = await vencidasPorRetencion(entorno.db, meses, ahora);
  const hecho = await suprimirSolicitudes(
    entorno,
    ids,
    { usuario: null, personalId: null, ip, causa: 'retencion', motivo: MOTIVO_RETENCION },
    ahora,
  );
  // A message being written while its row was deleted leaves a copy behind: this finds it.
  const copiasDeCorreo = await borrarCopiasDeCorreo(entorno.db, entorno.dataDir);
  return { ...hecho, copiasDeCorreo };
}
