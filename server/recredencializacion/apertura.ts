// Opening the re-credentialing links (producto §17): every RECREDENCIALIZACION_ANOS years after an
// approval, the approved provider is written to with a link to send a new application. Run by
// the one scheduler (server/plugins/tareas.ts) in one process at a time, but nothing here relies
// on that: a link is one per application and cycle (the unique key of migration 020), and its
// e-mail and audit row are written in the link's own transaction, so two processes, two runs or
// a run after a missed week open each link once and send it once.
//
// Which applications: Aprobada, data not deleted, and the newest approved application of its
// DNI — once a re-credentialing (or any later application) is approved, the cycles count from
// that one, not from the one it renewed. The cycle due is the number of whole periods since the
// approval; a run that finds several missed periods opens only the current one.
import { randomUUID } from 'node:crypto';
import { DIAS_ENLACE_RECREDENCIALIZACION } from '../../domain/recredencializacion.js';
import { auditar } from '../auditoria/cadena.js';
import { diaArgentino, finDelDiaArgentina } from '../correcciones/plazo.js';
import { CLAVES_CORREO, encolarCorreo } from '../correo/salida.js';
import type { Db } from '../db/esquema.js';
import { sumarDias } from '../gestion/vigencias.js';
import { hashDeToken, tokenAleatorio } from '../solicitud/tokens.js';
import { esLaUltimaAprobadaDeSuDni } from '../solicitud/ultima-aprobada.js';

const DIA_MS = 86_400_000;
const HORA_MS = 3_600_000;

/** The same instant `anios` years later (negative: earlier), by the UTC calendar (29 Feb → 1 Mar). */
export function sumarAnios(iso: string, anios: number): string {
  const fecha = new Date(iso);
  fecha.setUTCFullYear(fecha.getUTCFullYear() + anios);
  return fecha.toISOString();
}

/** The cycle due at `ahora` of an approval at `aprobadaEn`: whole periods since; 0 before the first. */
export function cicloDebido(aprobadaEn: string, ahora: Date, anios: number): number {
  let ciclo = 0;
  while (Date.parse(sumarAnios(aprobadaEn, (ciclo + 1) * anios)) <= ahora.getTime()) ciclo++;
  return ciclo;
}

interface Pendiente {
  solicitudId: string;
  numero: string;
  email: string;
  ciclo: number;
}

/** The applications whose current cycle has no link yet, at `ahora`. */
export async function recredencializacionesPendientes(
  db: Db,
  ahora: Date,
  anios: number,
): Promise<Pendiente[]> {
  // A range of the index on resuelta_en; a day of slack for the calendar's edges, which
  // cicloDebido then settles exactly.
  const limite = new Date(Date.parse(sumarAnios(ahora.toISOString(), -anios)) + DIA_MS).toISOString();
  const filas = await db
    .selectFrom('solicitudes as s')
    .select((eb) => [
      's.id',
      's.numero',
      's.email',
      's.resuelta_en',
      eb
        .selectFrom('recredencializaciones as r')
        .select((e) => e.fn.max('r.ciclo').as('ciclo'))
        .whereRef('r.solicitud_id', '=', 's.id')
        .as('ultimo'),
    ])
    .where('s.resuelta_en', '<=', limite)
    .where('s.estado', '=', 'aprobada')
    .where('s.suprimida_en', 'is', null)
    .where(esLaUltimaAprobadaDeSuDni)
    .execute();
  return filas.flatMap((f) => {
    if (f.resuelta_en === null) return [];
    const ciclo = cicloDebido(f.resuelta_en, ahora, anios);
    return ciclo > Number(f.ultimo ?? 0)
      ? [{ solicitudId: f.id, numero: f.numero, email: f.email, ciclo }]
      : [];
  });
}

/**
 * Opens the link of one application and cycle, with its e-mail and audit row, in one
 * transaction; false when it was open already (another process, an earlier run).
 */
async function abrirUna(db: Db, p: Pendiente, ahora: Date, anios: number): Promise<boolean> {
  const token = tokenAleatorio();
  const vence = sumarDias(diaArgentino(ahora), DIAS_ENLACE_RECREDENCIALIZACION);
  return db.transaction().execute(async (trx) => {
    const abierta = await trx
      .insertInto('recredencializaciones')
      .values({
        id: randomUUID(),
        solicitud_id: p.solicitudId,
        ciclo: p.ciclo,
        token_hash: hashDeToken(token),
        creada_en: ahora.toISOString(),
        vence,
        vence_ms: finDelDiaArgentina(vence),
        usada_en: null,
        nueva_solicitud_id: null,
      })
      .onConflict((oc) => oc.columns(['solicitud_id', 'ciclo']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!abierta) return false;
    await encolarCorreo(
      trx,
      {
        clave: CLAVES_CORREO.recredencializacion(p.solicitudId, p.ciclo),
        para: p.email,
        evento: { tipo: 'recredencializacion', solicitudId: p.solicitudId, token, vence, anios },
      },
      ahora.getTime(),
    );
    await auditar(
      trx,
      {
        usuario: null,
        ip: 'sistema',
        accion: 'abrir_recredencializacion',
        objeto: p.numero,
        detalle: { ciclo: p.ciclo, vence },
      },
      ahora,
    );
    return true;
  });
}

/** Opens every link due at `ahora`; answers how many this run opened. */
export async function abrirRecredencializaciones(db: Db, ahora: Date, anios: number): Promise<number> {
  let abiertas = 0;
  for (const p of await recredencializacionesPendientes(db, ahora, anios)) {
    if (await abrirUna(db, p, ahora, anios)) abiertas++;
  }
  return abiertas;
}

/**
 * The scheduler's question "is there anything to open?" (planificador.ts `hayTrabajo`): a read, so
 * an idle process writes nothing. New work only comes with the calendar, so after a read that
 * found none the answer is "no" for an hour without reading again (the scheduler asks every tick).
 */
export function vigiaDeRecredencializaciones(db: Db, anios: number): (ahora: number) => Promise<boolean> {
  let nadaHasta = 0;
  return async (ahora) => {
    if (ahora < nadaHasta) return false;
    const hay = (await recredencializacionesPendientes(db, new Date(ahora), anios)).length > 0;
    nadaHasta = hay ? 0 : ahora + HORA_MS;
    return hay;
  };
}
