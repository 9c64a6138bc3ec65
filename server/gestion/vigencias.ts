// "Vigencia hasta" (producto §11): the last day a document of an application is valid, recorded by
// staff for the documents issued for a period (DOCUMENTOS_CON_VIGENCIA: the malpractice policy
// and the like). It lives on the application's link to the document (solicitud_documentos), so
// the inbox's "Vence en 30 días" and the reminders (tareas/recordatorios.ts) read it from one
// indexed column. The change and its audit row are one transaction. The earliest end date of each
// application is also kept on its row (`vigencia_minima`, for "Vencidas": ./para-hoy.ts), by
// recalcularVigenciaMinima after every write of an end date, here and where documents change.
import {
  DIAS_VENCE_PRONTO,
  DOCUMENTOS,
  DOCUMENTOS_CON_VIGENCIA,
  TEXTOS_GESTION,
  type DocumentoKey,
  type VigenciaRegistrada,
} from '../../domain/index.js';
import { esquemaVigencia, MENSAJES_VIGENCIA as MENSAJES_FECHA, problemas } from '../../domain/formularios.js';
import type { Db } from '../db/esquema.js';
import { diaArgentino } from '../correcciones/plazo.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import { auditar } from '../auditoria/cadena.js';
import { solicitudInexistente } from './expediente.js';
import type { SesionActiva } from '../personal/sesiones.js';

/** The date's messages are the form's (domain/formularios.ts); this one only the server says. */
export const MENSAJES_VIGENCIA = {
  ...MENSAJES_FECHA,
  sinVigencia: (label: string) => `${label} no lleva fecha de vigencia.`,
} as const;

const DIA_MS = 86_400_000;

/** `fecha` (YYYY-MM-DD) plus `dias` calendar days. */
export const sumarDias = (fecha: string, dias: number): string =>
  new Date(Date.parse(`${fecha}T00:00:00Z`) + dias * DIA_MS).toISOString().slice(0, 10);

/** Calendar days from `desde` to `hasta` (both YYYY-MM-DD): 0 the same day, negative before. */
export const diasEntre = (desde: string, hasta: string): number =>
  Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / DIA_MS);

/**
 * The end dates "Vence en 30 días" covers at `ahora`: from today to today + 30, both included,
 * in Argentine days (an end date is the last day a document is valid there).
 */
export function ventanaVencePronto(ahora: Date, dias: number = DIAS_VENCE_PRONTO): { desde: string; hasta: string } {
  const hoy = diaArgentino(ahora);
  return { desde: hoy, hasta: sumarDias(hoy, dias) };
}

const tieneVigencia = (clave: string): clave is DocumentoKey =>
  (DOCUMENTOS_CON_VIGENCIA as readonly string[]).includes(clave);

const invalida = (mensaje: string) =>
  new ErrorDeDominio('invalido', CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, { hasta: mensaje });

/**
 * Writes each application's earliest end date (`vigencia_minima`) from its documents' links: of
 * `solicitudIds`, or of every application. Called in the transaction that changed an end date.
 */
export async function recalcularVigenciaMinima(db: Db, solicitudIds?: readonly string[]): Promise<void> {
  if (solicitudIds?.length === 0) return;
  let q = db.updateTable('solicitudes').set((eb) => ({
    vigencia_minima: eb
      .selectFrom('solicitud_documentos as sd')
      .select((e) => e.fn.min('sd.vigente_hasta').as('minima'))
      .whereRef('sd.solicitud_id', '=', 'solicitudes.id'),
  }));
  if (solicitudIds) q = q.where('id', 'in', solicitudIds);
  await q.execute();
}

export interface RegistrarVigencia {
  numero: string;
  clave: string;
  /** YYYY-MM-DD, or null to clear it. */
  hasta: string | null;
  sesion: SesionActiva;
  ip: string;
  ahora?: Date;
  /**
   * Checked in the transaction before the write: "Aceptar vigencia propuesta" (producto §17,
   * gestion/lecturas.ts) refuses a proposal that is no longer the one shown.
   */
  condicion?: (trx: Db, enlace: { solicitudId: string; documentoId: string }) => Promise<void>;
  /** Added to the audit row's detail: where the date came from. */
  origen?: string;
}

/**
 * Records (or clears) the end date of document `clave` of application `numero`: 404 when either
 * does not exist, 400 for a document without an end date or a date that is not a real day, not
 * before the day the application was sent, and not past VIGENCIA_MAXIMA.
 */
export async function registrarVigencia(
  db: Db,
  { numero, clave, hasta, sesion, ip, ahora = new Date(), condicion, origen }: RegistrarVigencia,
): Promise<VigenciaRegistrada> {
  return db.transaction().execute(async (trx) => {
    const solicitud = await trx
      .selectFrom('solicitudes')
      .select(['id', 'creada_en'])
      .where('numero', '=', numero)
      .executeTakeFirst();
    if (!solicitud) throw solicitudInexistente();
    const enlace = await trx
      .selectFrom('solicitud_documentos as sd')
      .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
      .select('sd.documento_id')
      .where('sd.solicitud_id', '=', solicitud.id)
      .where('d.clave', '=', clave)
      .executeTakeFirst();
    if (!enlace) throw new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, TEXTOS_GESTION.documentoInexistente);
    if (!tieneVigencia(clave)) {
      const label = DOCUMENTOS.find((d) => d.key === clave)?.label ?? clave;
      throw new ErrorDeDominio('invalido', CODIGOS.VALIDACION, MENSAJES_VIGENCIA.sinVigencia(label));
    }
    await condicion?.(trx, { solicitudId: solicitud.id, documentoId: enlace.documento_id });
    const enviada = diaArgentino(new Date(solicitud.creada_en));
    const problema = problemas(esquemaVigencia, { hasta }, { enviada }).hasta;
    if (problema) throw invalida(problema);
    await trx
      .updateTable('solicitud_documentos')
      .set({ vigente_hasta: hasta })
      .where('solicitud_id', '=', solicitud.id)
      .where('documento_id', '=', enlace.documento_id)
      .execute();
    await recalcularVigenciaMinima(trx, [solicitud.id]);
    await auditar(
      trx,
      {
        usuario: sesion.usuario,
        ip,
        accion: 'registrar_vigencia',
        objeto: numero,
        detalle: { documento: clave, hasta, ...(origen ? { origen } : {}) },
      },
      ahora,
    );
    return { clave, vigenteHasta: hasta };
  });
}
