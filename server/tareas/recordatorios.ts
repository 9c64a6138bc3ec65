// The end-date reminders (producto §11): the holder of a document whose "Vigencia hasta" comes
// within 30 days is written to 30, 15 and 5 days before, each once. Run hourly by the scheduler
// (plugins/tareas.ts) in one process at a time, but nothing here relies on that: each reminder's
// outbox key (CLAVES_CORREO.recordatorio: application, document, end date, threshold) is unique,
// so a second process, a run every hour or a run after a missed day queue nothing twice. A run
// that finds a document already past a threshold (the job was down, or the date was recorded
// late) queues only the nearest one — one e-mail, not three at once. A new end date is a new key:
// its reminders start over. Rejected applications are not reminded.
import { DIAS_RECORDATORIO, DIAS_VENCE_PRONTO, type DocumentoKey } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { diasEntre, ventanaVencePronto } from '../gestion/vigencias.js';
import { CLAVES_CORREO, encolarCorreo, sinEncolar } from '../correo/salida.js';

/** The threshold a document `dias` days from its end is reminded at: the smallest one ≥ dias. */
export function umbralDeRecordatorio(dias: number): number | null {
  if (dias < 0) return null;
  const umbrales = [...DIAS_RECORDATORIO].sort((a, b) => a - b);
  return umbrales.find((t) => dias <= t) ?? null;
}

/** Queues every reminder due at `ahora` (each key once); answers how many were new. */
export async function encolarRecordatorios(db: Db, ahora: Date): Promise<number> {
  const { desde: hoy, hasta } = ventanaVencePronto(ahora, Math.max(DIAS_VENCE_PRONTO, ...DIAS_RECORDATORIO));
  // A range of the index solicitud_documentos_vigencia: the documents ending from today on.
  const vencen = await db
    .selectFrom('solicitud_documentos as sd')
    .innerJoin('solicitudes as s', 's.id', 'sd.solicitud_id')
    .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
    .select(['s.id as solicitudId', 's.email', 'd.clave', 'sd.vigente_hasta as hasta'])
    .where('sd.vigente_hasta', '>=', hoy)
    .where('sd.vigente_hasta', '<=', hasta)
    .where('s.estado', '<>', 'rechazada')
    .where('s.suprimida_en', 'is', null)
    .execute();

  const pendientes = vencen.flatMap((v) => {
    const umbral = v.hasta === null ? null : umbralDeRecordatorio(diasEntre(hoy, v.hasta));
    if (umbral === null || v.hasta === null) return [];
    return [
      {
        clave: CLAVES_CORREO.recordatorio(v.solicitudId, v.clave, v.hasta, umbral),
        para: v.email,
        evento: {
          tipo: 'recordatorio' as const,
          solicitudId: v.solicitudId,
          documento: v.clave as DocumentoKey,
          hasta: v.hasta,
          dias: umbral,
        },
      },
    ];
  });
  if (pendientes.length === 0) return 0;

  // The keys already queued are skipped only to answer how many are new (the log's number); the
  // unique key is what keeps each reminder once, also against a run in another process.
  const faltan = await sinEncolar(db, pendientes);
  for (let i = 0; i < faltan.length; i += 500) {
    await db.transaction().execute(async (trx) => {
      for (const p of faltan.slice(i, i + 500)) await encolarCorreo(trx, p, ahora.getTime());
    });
  }
  return faltan.length;
}
