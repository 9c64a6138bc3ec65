// The yearly re-attestation link (producto §17): on each anniversary of an application's first
// approval — `resuelta_en`, which a later approval never moves (../ciclo-de-vida/tiempos.ts) — the
// approved provider gets /confirmar/<token> by e-mail, valid 30 days. Run by the scheduler
// (plugins/tareas.ts) in one process at a time, but nothing here relies on that: the link of an
// application and anniversary is a unique pair (migration 019), so two processes, two runs or a
// run after a missed day open it once, and its e-mail is queued in the same transaction as the
// row that won. A run that finds several anniversaries passed (the job was down, or the
// application was approved before this existed) opens only the latest: one link, not a backlog.
//
// Which applications: Aprobada, data not deleted, and the newest approved application of its DNI
// (a re-credentialing approved later is the one the provider answers for, as
// ../recredencializacion/apertura.ts counts its cycles). Which years: every anniversary but those
// on which re-credentialing is due (a multiple of RECREDENCIALIZACION_ANOS): that year the provider
// sends everything again, and two requests at once about the same data would only confuse.
import { randomUUID } from 'node:crypto';
import { DIAS_CONFIRMACION } from '../../domain/confirmacion.js';
import type { Db } from '../db/esquema.js';
import { auditar } from '../auditoria/cadena.js';
import { CLAVES_CORREO, encolarCorreo } from '../correo/salida.js';
import { diaArgentino, finDelDiaArgentina } from '../correcciones/plazo.js';
import { sumarDias } from '../gestion/vigencias.js';
import { insertarBorrador } from '../solicitud/borradores.js';
import { hashDeToken, tokenAleatorio } from '../solicitud/tokens.js';
import { esLaUltimaAprobadaDeSuDni } from '../solicitud/ultima-aprobada.js';

/**
 * The `n`-th anniversary (YYYY-MM-DD) of the day `dia`: the same date `n` years later, and 28
 * February for a 29 February in a year that has none.
 */
export function aniversarioDe(dia: string, n: number): string {
  const anio = Number(dia.slice(0, 4)) + n;
  const fecha = `${String(anio).padStart(4, '0')}${dia.slice(4)}`;
  const bisiesto = anio % 4 === 0 && (anio % 100 !== 0 || anio % 400 === 0);
  return dia.slice(5) === '02-29' && !bisiesto ? `${fecha.slice(0, 4)}-02-28` : fecha;
}

/** The latest anniversary of `aprobadaEl` reached on `hoy` (both YYYY-MM-DD), 0 before the first. */
export function aniversarioAlcanzado(aprobadaEl: string, hoy: string): number {
  let n = Math.max(0, Number(hoy.slice(0, 4)) - Number(aprobadaEl.slice(0, 4)));
  while (n > 0 && aniversarioDe(aprobadaEl, n) > hoy) n--;
  return n;
}

export interface LinkAbierto {
  confirmacionId: string;
  /** The raw token: it travels once, in the e-mail queued with it. */
  token: string;
  /** YYYY-MM-DD, the link's last day. */
  plazo: string;
}

/**
 * Opens the link of anniversary `aniversario` of an application in `trx`, with its draft, its audit
 * row and its e-mail; null when that anniversary's link exists already (another run won).
 */
export async function abrirConfirmacion(
  trx: Db,
  s: { id: string; numero: string; email: string },
  aniversario: number,
  ahora: Date,
): Promise<LinkAbierto | null> {
  const en = ahora.toISOString();
  const token = tokenAleatorio();
  const plazo = sumarDias(diaArgentino(ahora), DIAS_CONFIRMACION);
  // The draft's id is a hash like a browser draft's, but of nothing any cookie holds.
  const borradorId = hashDeToken(`confirmacion|${randomUUID()}`);
  await insertarBorrador(trx, borradorId, en, 0);
  const abierta = await trx
    .insertInto('confirmaciones')
    .values({
      id: randomUUID(),
      solicitud_id: s.id,
      aniversario,
      token_hash: hashDeToken(token),
      borrador_id: borradorId,
      creada_en: en,
      vence_ms: finDelDiaArgentina(plazo),
      respondida_en: null,
      respuesta: null,
    })
    .onConflict((oc) => oc.columns(['solicitud_id', 'aniversario']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!abierta) {
    await trx.deleteFrom('borradores').where('id', '=', borradorId).execute();
    return null;
  }
  await auditar(
    trx,
    {
      usuario: null,
      ip: 'sistema',
      accion: 'abrir_confirmacion',
      objeto: s.numero,
      detalle: { aniversario },
    },
    ahora,
  );
  await encolarCorreo(
    trx,
    {
      clave: CLAVES_CORREO.confirmacion(abierta.id),
      para: s.email,
      evento: { tipo: 'confirmacion', solicitudId: s.id, token, plazo },
    },
    ahora.getTime(),
  );
  return { confirmacionId: abierta.id, token, plazo };
}

/** A little under a year: the candidates' first filter, exact per application after it. */
const CASI_UN_ANIO_MS = 360 * 86_400_000;

interface PorAbrir {
  id: string;
  numero: string;
  email: string;
  aniversario: number;
}

/**
 * The links due at `ahora`: approved applications (data not deleted) whose latest reached
 * anniversary has no link yet. A read, also the scheduler's question (./tarea.ts).
 */
export async function confirmacionesPorAbrir(
  db: Db,
  ahora: Date,
  recredencializacionAnos: number,
): Promise<PorAbrir[]> {
  const hoy = diaArgentino(ahora);
  const candidatas = await db
    .selectFrom('solicitudes as s')
    .select((eb) => [
      's.id',
      's.numero',
      's.email',
      's.resuelta_en',
      eb
        .selectFrom('confirmaciones as c')
        .select((e) => e.fn.max('c.aniversario').as('ultimo'))
        .whereRef('c.solicitud_id', '=', 's.id')
        .as('ultimo'),
    ])
    .where('s.estado', '=', 'aprobada')
    .where('s.suprimida_en', 'is', null)
    .where('s.resuelta_en', '<=', new Date(ahora.getTime() - CASI_UN_ANIO_MS).toISOString())
    .where(esLaUltimaAprobadaDeSuDni)
    .execute();
  return candidatas.flatMap((s) => {
    const aniversario =
      s.resuelta_en === null ? 0 : aniversarioAlcanzado(diaArgentino(new Date(s.resuelta_en)), hoy);
    const debida = aniversario > Number(s.ultimo ?? 0) && aniversario % recredencializacionAnos !== 0;
    return debida ? [{ id: s.id, numero: s.numero, email: s.email, aniversario }] : [];
  });
}

/** Opens every link due at `ahora`, each in its own transaction; answers how many were opened here. */
export async function abrirConfirmaciones(
  db: Db,
  ahora: Date,
  recredencializacionAnos: number,
): Promise<number> {
  let abiertas = 0;
  for (const s of await confirmacionesPorAbrir(db, ahora, recredencializacionAnos)) {
    const link = await db.transaction().execute((trx) => abrirConfirmacion(trx, s, s.aniversario, ahora));
    if (link) abiertas++;
  }
  return abiertas;
}
