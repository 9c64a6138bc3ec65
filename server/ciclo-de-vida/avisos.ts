// What a change of an application tells its applicant and the staff (producto §11), queued in the
// change's own transaction (server/correo/salida.ts).
import type { Kysely } from 'kysely';
import type { AvisoAlSolicitante } from '../../domain/ciclo-de-vida.js';
import type { DocumentoKey } from '../../domain/index.js';
import type { CorreccionAbierta } from '../correcciones/crear.js';
import type { Database } from '../db/esquema.js';
import { CLAVES_CORREO, encolarCorreo } from '../correo/salida.js';

/** A new application: the receipt (its version 1) to the applicant, a notice to the staff address. */
export async function avisarEnvio(
  trx: Kysely<Database>,
  {
    solicitudId,
    email,
    personal,
    version,
  }: { solicitudId: string; email: string; personal: string | null; version: number },
): Promise<void> {
  await encolarCorreo(trx, {
    clave: CLAVES_CORREO.enviada(solicitudId),
    para: email,
    evento: { tipo: 'enviada', solicitudId, version },
  });
  if (personal) {
    await encolarCorreo(trx, {
      clave: CLAVES_CORREO.avisoPersonal(solicitudId),
      para: personal,
      evento: { tipo: 'aviso_personal', solicitudId },
    });
  }
}

export interface MovimientoHecho {
  solicitudId: string;
  historialId: string;
  /** Which e-mail the move's transition names (domain/ciclo-de-vida.ts). */
  aviso: AvisoAlSolicitante;
  motivo: string | null;
  documentos: DocumentoKey[] | null;
  /** Observada: the correction link the same transition opened just before (its raw token and deadline). */
  correccion: CorreccionAbierta | null;
  /** Corregida: the receipt's version the same transition issued just before. */
  version: number | null;
}

/**
 * The applicant's e-mail of a move: Observada (with the link the move opened), "Recibimos tu
 * corrección" (with the version just issued), Aprobada or Rechazada. Queued in the move's
 * transaction, one outbox key per history row.
 */
export async function avisarMovimiento(trx: Kysely<Database>, hecho: MovimientoHecho): Promise<void> {
  const { solicitudId, historialId, aviso } = hecho;
  const { email } = await trx
    .selectFrom('solicitudes')
    .select('email')
    .where('id', '=', solicitudId)
    .executeTakeFirstOrThrow();
  const clave = CLAVES_CORREO.movimiento(historialId);
  if (aviso === 'observada') {
    if (!hecho.correccion) throw new Error('Observada sin enlace de corrección abierto');
    const { token, plazo } = hecho.correccion;
    await encolarCorreo(trx, {
      clave,
      para: email,
      evento: {
        tipo: 'observada',
        solicitudId,
        motivo: hecho.motivo ?? '',
        documentos: hecho.documentos ?? [],
        token,
        plazo,
      },
    });
  } else if (aviso === 'corregida') {
    if (hecho.version === null) throw new Error('Corrección sin versión del comprobante emitida');
    await encolarCorreo(trx, {
      clave,
      para: email,
      evento: { tipo: 'correccion_recibida', solicitudId, version: hecho.version },
    });
  } else if (aviso === 'aprobada') {
    await encolarCorreo(trx, { clave, para: email, evento: { tipo: 'aprobada', solicitudId } });
  } else {
    await encolarCorreo(trx, {
      clave,
      para: email,
      evento: { tipo: 'rechazada', solicitudId, motivo: hecho.motivo ?? '' },
    });
  }
}
