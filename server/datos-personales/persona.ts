// One person's applications, found by DNI (producto §13): what the access export, the deletion
// and the administrador's summary start from. Deleted applications (suprimida_en set) hold no
// personal data any more and are never listed.
import type { Estado, ResumenPersona, SolicitudDePersona } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';

export interface SolicitudDeTitular {
  id: string;
  numero: string;
  creadaEn: string;
  estado: Estado;
  borradorId: string;
  apellidoynombre: string;
}

/** The non-deleted applications whose `dni` column equals `dni`, oldest first. */
export async function solicitudesDePersona(db: Db, dni: string): Promise<SolicitudDeTitular[]> {
  const filas = await db
    .selectFrom('solicitudes')
    .select(['id', 'numero', 'creada_en', 'estado', 'borrador_id', 'apellidoynombre'])
    .where('dni', '=', dni)
    .where('suprimida_en', 'is', null)
    .orderBy('creada_en')
    .orderBy('numero')
    .execute();
  return filas.map((f) => ({
    id: f.id,
    numero: f.numero,
    creadaEn: f.creada_en,
    estado: f.estado as Estado,
    borradorId: f.borrador_id,
    apellidoynombre: f.apellidoynombre,
  }));
}

/** Counts per application id (bigint and count read as strings on PostgreSQL). */
async function contarPorSolicitud(
  consulta: Promise<{ solicitud_id: string; n: number | string | bigint }[]>,
): Promise<Map<string, number>> {
  return new Map((await consulta).map((f) => [f.solicitud_id, Number(f.n)]));
}

/** What is held about one DNI, or null when nothing (ResumenPersona of the consulta). */
export async function resumenDePersona(db: Db, dni: string): Promise<ResumenPersona | null> {
  const solicitudes = await solicitudesDePersona(db, dni);
  if (solicitudes.length === 0) return null;
  const ids = solicitudes.map((s) => s.id);
  const documentos = await db
    .selectFrom('solicitud_documentos as sd')
    .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
    .select([
      'sd.solicitud_id',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.sum<number | string>('d.bytes').as('bytes'),
    ])
    .where('sd.solicitud_id', 'in', ids)
    .groupBy('sd.solicitud_id')
    .execute();
  const porDocumentos = new Map(
    documentos.map((f) => [f.solicitud_id, { n: Number(f.n), bytes: Number(f.bytes ?? 0) }]),
  );
  const notas = await contarPorSolicitud(
    db
      .selectFrom('notas')
      .select(['solicitud_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('solicitud_id', 'in', ids)
      .groupBy('solicitud_id')
      .execute(),
  );
  const correos = await contarPorSolicitud(
    db
      .selectFrom('correos')
      .select((eb) => [
        eb.ref('solicitud_id').$notNull().as('solicitud_id'),
        eb.fn.countAll<number | string>().as('n'),
      ])
      .where('solicitud_id', 'in', ids)
      .groupBy('solicitud_id')
      .execute(),
  );
  const lista: SolicitudDePersona[] = solicitudes.map((s) => ({
    numero: s.numero,
    creadaEn: s.creadaEn,
    estado: s.estado,
    documentos: porDocumentos.get(s.id)?.n ?? 0,
    bytes: porDocumentos.get(s.id)?.bytes ?? 0,
    notas: notas.get(s.id) ?? 0,
    correos: correos.get(s.id) ?? 0,
  }));
  const masNueva = solicitudes[solicitudes.length - 1]!;
  return { dni, apellidoynombre: masNueva.apellidoynombre, solicitudes: lista };
}
