// What a change of an application tells its applicant and the staff (producto §11), queued in the
// change's own transaction (server/trabajos/salida.ts).
import type { Kysely } from 'kysely';
import type { DocumentoKey, Estado } from '../../domain/index.js';
import { abrirCorreccion } from '../correcciones/crear.js';
import type { Database } from '../db/esquema.js';
import { CLAVES_CORREO, encolarCorreo } from '../trabajos/salida.js';

/** A new application: the receipt to the applicant, a notice to the staff address. */
export async function avisarEnvio(
  trx: Kysely<Database>,
  { solicitudId, email, personal }: { solicitudId: string; email: string; personal: string | null },
): Promise<void> {
  await encolarCorreo(trx, {
    clave: CLAVES_CORREO.enviada(solicitudId),
    para: email,
    evento: { tipo: 'enviada', solicitudId },
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
  hacia: Estado;
  motivo: string | null;
  documentos: DocumentoKey[] | null;
  ahora: Date;
}

/**
 * A staff move: Observada (with a new correction link), Aprobada and Rechazada reach the
 * applicant; En revisión is internal.
 */
export async function avisarMovimiento(trx: Kysely<Database>, hecho: MovimientoHecho): Promise<void> {
  const { solicitudId, historialId, hacia } = hecho;
  if (hacia !== 'observada' && hacia !== 'aprobada' && hacia !== 'rechazada') return;
  const { email } = await trx
    .selectFrom('solicitudes')
    .select('email')
    .where('id', '=', solicitudId)
    .executeTakeFirstOrThrow();
  const clave = CLAVES_CORREO.movimiento(historialId);
  if (hacia === 'observada') {
    const motivo = hecho.motivo ?? '';
    const documentos = hecho.documentos ?? [];
    const { token, plazo } = await abrirCorreccion(trx, {
      solicitudId,
      historialId,
      motivo,
      documentos,
      ahora: hecho.ahora,
    });
    await encolarCorreo(trx, {
      clave,
      para: email,
      evento: { tipo: 'observada', solicitudId, motivo, documentos, token, plazo },
    });
  } else if (hacia === 'aprobada') {
    await encolarCorreo(trx, { clave, para: email, evento: { tipo: 'aprobada', solicitudId } });
  } else {
    await encolarCorreo(trx, {
      clave,
      para: email,
      evento: { tipo: 'rechazada', solicitudId, motivo: hecho.motivo ?? '' },
    });
  }
}
