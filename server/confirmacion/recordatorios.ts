// The re-attestation reminders (producto §17): a link still unanswered 7 and 21 days after it was
// sent is reminded, each once, with the same link. Run by the scheduler with the links' opening
// (plugins/tareas.ts), but each reminder's outbox key (link, day) is what keeps it once against a
// second process or run. A run that finds a link already past 21 days unreminded (the job was
// down) queues only that one — one e-mail, not two at once. An answered or expired link, or an
// application whose data were deleted, is not reminded.
//
// The raw token is kept nowhere but in the link's own e-mail (the outbox row queued with it,
// ./apertura.ts); the reminder takes it from there, so the provider gets the same address again
// and the links table still holds only its hash.
import { DIAS_RECORDATORIO_CONFIRMACION } from '../../domain/confirmacion.js';
import type { Db } from '../db/esquema.js';
import { CLAVES_CORREO, encolarCorreo, sinEncolar, type EventoDeConfirmacion } from '../correo/salida.js';
import { diaArgentino } from '../correcciones/plazo.js';
import { diasEntre } from '../gestion/vigencias.js';

/** The reminder due `dias` days after the link was sent: the latest day reached, or null. */
export function recordatorioDebido(dias: number): number | null {
  const alcanzados = DIAS_RECORDATORIO_CONFIRMACION.filter((d) => dias >= d);
  return alcanzados.length > 0 ? Math.max(...alcanzados) : null;
}

/** The reminders due at `ahora` not queued yet. A read, also the scheduler's question (./tarea.ts). */
export async function recordatoriosDebidos(db: Db, ahora: Date) {
  const hoy = diaArgentino(ahora);
  // A range of the partial index confirmaciones_sin_responder: the links still open.
  const abiertas = await db
    .selectFrom('confirmaciones as c')
    .innerJoin('solicitudes as s', 's.id', 'c.solicitud_id')
    .select(['c.id', 'c.solicitud_id', 'c.creada_en', 's.email'])
    .where('c.respondida_en', 'is', null)
    .where('c.vence_ms', '>=', ahora.getTime())
    .where('s.suprimida_en', 'is', null)
    .where('s.estado', '=', 'aprobada')
    .execute();
  const debidos = abiertas.flatMap((c) => {
    const dias = recordatorioDebido(diasEntre(diaArgentino(new Date(c.creada_en)), hoy));
    return dias === null ? [] : [{ ...c, dias, clave: CLAVES_CORREO.recordatorioConfirmacion(c.id, dias) }];
  });
  return sinEncolar(db, debidos);
}

/** Queues every reminder due at `ahora` (each key once); answers how many were new. */
export async function recordarConfirmaciones(db: Db, ahora: Date): Promise<number> {
  const faltan = await recordatoriosDebidos(db, ahora);
  if (faltan.length === 0) return 0;

  const enlaces = await db
    .selectFrom('correos')
    .select(['clave', 'datos'])
    .where(
      'clave',
      'in',
      faltan.map((f) => CLAVES_CORREO.confirmacion(f.id)),
    )
    .execute();
  const enlaceDe = new Map(enlaces.map((e) => [e.clave, JSON.parse(e.datos) as EventoDeConfirmacion]));
  let nuevos = 0;
  for (let i = 0; i < faltan.length; i += 500) {
    await db.transaction().execute(async (trx) => {
      for (const f of faltan.slice(i, i + 500)) {
        const enlace = enlaceDe.get(CLAVES_CORREO.confirmacion(f.id));
        if (!enlace) continue;
        await encolarCorreo(
          trx,
          {
            clave: f.clave,
            para: f.email,
            evento: {
              tipo: 'recordatorio_confirmacion',
              solicitudId: f.solicitud_id,
              token: enlace.token,
              plazo: enlace.plazo,
              dias: f.dias,
            },
          },
          ahora.getTime(),
        );
        nuevos++;
      }
    });
  }
  return nuevos;
}
