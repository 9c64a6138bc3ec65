// A status move made by staff (producto §9), checked against domain/estados.ts: the role first
// (403), then what the move needs (400), then the current status (409). The update is
// conditional on the status the page showed, so of two people moving the same application at
// once only one wins; the history row and the audit row go in the same transaction.
import { randomUUID } from 'node:crypto';
import {
  LARGO_MAXIMO_MOTIVO,
  MENSAJES,
  TEXTOS_GESTION,
  movimientoHacia,
  rechazoDeMovimiento,
  tieneCaracteresNoPermitidos,
  type DocumentoKey,
  type PedidoMovimiento,
} from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP } from '../errores.js';
import { auditar } from './auditoria.js';
import { avisarMovimiento } from './avisos.js';
import { datosSuprimidos, solicitudPorNumero, tomarSiVigente } from './expediente.js';
import type { SesionActiva } from './sesiones.js';

export const movimientoVencido = () =>
  new ErrorHttp(409, CODIGOS.CONFLICTO, TEXTOS_GESTION.movimientoVencido);

/** A free text of staff, trimmed; the message of what is wrong with it, or null. */
export function problemaDeTexto(texto: string, maximo: number, vacio: string): string | null {
  if (texto === '') return vacio;
  if (texto.length > maximo) return MENSAJES.demasiadoLargo(maximo);
  if (tieneCaracteresNoPermitidos(texto, { multilinea: true })) return MENSAJES.caracteresInvalidos;
  return null;
}

export interface Mover {
  numero: string;
  pedido: PedidoMovimiento;
  sesion: SesionActiva;
  ip: string;
  ahora?: Date;
}

export async function moverEstado(
  db: Db,
  { numero, pedido, sesion, ip, ahora = new Date() }: Mover,
): Promise<void> {
  const { desde, hacia } = pedido;
  // The role decides alone, whatever the status: "corregida" is the applicant's move (producto §11).
  if (rechazoDeMovimiento(desde, hacia, sesion.rol) === 'rol') {
    throw new ErrorHttp(403, CODIGOS.SIN_PERMISO, TEXTOS_GESTION.sinPermiso);
  }
  const movimiento = movimientoHacia(hacia)!;
  const solicitud = await solicitudPorNumero(db, numero);
  if (solicitud.suprimida) throw datosSuprimidos();

  const campos: Record<string, string> = {};
  const motivo = (pedido.motivo ?? '').trim();
  if (movimiento.necesitaMotivo || motivo !== '') {
    const problema = problemaDeTexto(motivo, LARGO_MAXIMO_MOTIVO, TEXTOS_GESTION.motivoRequerido);
    if (problema) campos.motivo = problema;
  }
  let documentos: string[] | null = null;
  if (movimiento.necesitaDocumentos) {
    const pedidos = pedido.documentos ?? [];
    const tiene = new Set(
      (
        await db
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
          .select('d.clave')
          .where('sd.solicitud_id', '=', solicitud.id)
          .execute()
      ).map((d) => d.clave),
    );
    const repetido = pedidos.find((c, i) => pedidos.indexOf(c) !== i);
    if (pedidos.length === 0) campos.documentos = TEXTOS_GESTION.documentosRequeridos;
    else if (pedidos.some((c) => !tiene.has(c))) campos.documentos = TEXTOS_GESTION.documentoInexistente;
    else if (repetido !== undefined) campos.documentos = MENSAJES_HTTP.documentoRepetido(repetido);
    else documentos = pedidos;
  }
  if (Object.keys(campos).length > 0) {
    throw new ErrorHttp(400, CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, campos);
  }

  // The page showed another status, or the move is not allowed from it: someone moved it first.
  if (solicitud.estado !== desde || rechazoDeMovimiento(desde, hacia, sesion.rol) !== null) {
    throw movimientoVencido();
  }
  await db.transaction().execute(async (trx) => {
    await tomarSiVigente(trx, solicitud.id);
    const cambio = await trx
      .updateTable('solicitudes')
      .set({ estado: hacia })
      .where('id', '=', solicitud.id)
      .where('estado', '=', desde)
      .executeTakeFirst();
    // Between the read above and this update another move won: nothing of this one is kept.
    if (Number(cambio.numUpdatedRows) !== 1) throw movimientoVencido();
    const historialId = randomUUID();
    await trx
      .insertInto('historial')
      .values({
        id: historialId,
        solicitud_id: solicitud.id,
        desde,
        hacia,
        personal_id: sesion.personalId,
        en: ahora.toISOString(),
        motivo: motivo === '' ? null : motivo,
        documentos: documentos ? JSON.stringify(documentos) : null,
      })
      .execute();
    await auditar(
      trx,
      { usuario: sesion.usuario, ip, accion: 'mover_estado', objeto: numero, detalle: { desde, hacia } },
      ahora,
    );
    await avisarMovimiento(trx, {
      solicitudId: solicitud.id,
      historialId,
      hacia,
      motivo: motivo === '' ? null : motivo,
      documentos: documentos as DocumentoKey[] | null,
      ahora,
    });
  });
}
