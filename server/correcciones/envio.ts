// "Enviar corrección" (producto §11), in one transaction: the link is marked used on condition
// that it still is usable, the application's observed documents point to their replacements,
// and the lifecycle chart's move observada → corregida is written by the record's one writer
// (ciclo-de-vida/asentar.ts): the status on condition, the history row, the audit row and the
// staff notice. Any step failing keeps nothing, so a retried request (or two
// tabs) finds the link used and gets 410 with nothing done twice. The replaced documents stay in
// the application's first draft: staff can still see what they observed (docs/decisions/086).
import { TEXTOS_SEGUIMIENTO } from '../../domain/index.js';
import { esViolacionDeClaveForanea } from '../db/conexion.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import { asentar } from '../ciclo-de-vida/asentar.js';
import { nombreDeDocumento } from '../archivos/documentos.js';
import { recalcularVigenciaMinima } from '../gestion/vigencias.js';
import { lecturaAlLlegar } from '../lectura-tarea/cola.js';
import { correccionPorToken, enlaceVencido, rotuloDe } from './consulta.js';

export interface Envio {
  ip: string;
  /** The staff address (CORREO_PERSONAL); null: no notice is queued. */
  personal: string | null;
  ahora?: Date;
}

export const faltaReemplazo = (etiqueta: string) => `Falta reemplazar "${etiqueta}".`;

export async function enviarCorreccion(
  db: Db,
  token: string,
  { ip, personal, ahora = new Date() }: Envio,
): Promise<{ historialId: string }> {
  const c = await correccionPorToken(db, token, ahora);
  const en = ahora.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const marcado = await trx
        .updateTable('correcciones')
        .set({ usada_en: en })
        .where('id', '=', c.id)
        .where('usada_en', 'is', null)
        .where('vence_ms', '>=', ahora.getTime())
        .executeTakeFirst();
      if (Number(marcado.numUpdatedRows) !== 1) throw enlaceVencido();

      const reemplazos =
        c.documentos.length === 0
          ? []
          : await trx
              .selectFrom('documentos')
              .select(['id', 'clave', 'extension'])
              .where('borrador_id', '=', c.borradorId)
              .where('clave', 'in', c.documentos)
              .execute();
      const porClave = new Map(reemplazos.map((r) => [r.clave, r]));
      const faltan = c.documentos.filter((clave) => !porClave.has(clave));
      if (c.documentos.length === 0 || faltan.length > 0) {
        throw new ErrorDeDominio(
          'invalido',
          CODIGOS.VALIDACION,
          TEXTOS_SEGUIMIENTO.faltanReemplazos,
          Object.fromEntries(faltan.map((clave) => [clave, faltaReemplazo(rotuloDe(clave))])),
        );
      }

      const actuales = await trx
        .selectFrom('solicitud_documentos as sd')
        .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
        .select(['sd.documento_id', 'd.clave'])
        .where('sd.solicitud_id', '=', c.solicitudId)
        .where('d.clave', 'in', c.documentos)
        .execute();
      const anteriorDe = new Map(actuales.map((a) => [a.clave, a.documento_id]));
      for (const clave of c.documentos) {
        const nuevo = porClave.get(clave)!;
        // The new document's end date is read again (producto §17): an earlier proposal is dropped.
        const valores = {
          documento_id: nuevo.id,
          nombre: nombreDeDocumento(nuevo),
          vigente_hasta: null,
          ...lecturaAlLlegar(clave),
        };
        const anterior = anteriorDe.get(clave);
        if (anterior === undefined) {
          // Staff can only observe documents the application has; kept for a row removed since.
          await trx
            .insertInto('solicitud_documentos')
            .values({ solicitud_id: c.solicitudId, ...valores })
            .execute();
        } else {
          await trx
            .updateTable('solicitud_documentos')
            .set(valores)
            .where('solicitud_id', '=', c.solicitudId)
            .where('documento_id', '=', anterior)
            .execute();
        }
      }
      // A replaced document has no end date yet: the application's earliest one may have gone.
      await recalcularVigenciaMinima(trx, [c.solicitudId]);

      // The applicant's move of the lifecycle chart, written by the record's one writer on
      // condition that it still is Observada: staff may have moved it meanwhile (rejected it, say),
      // and then nothing of this correction is kept.
      const hecho = await asentar(trx, {
        solicitudId: c.solicitudId,
        asiento: {
          tipo: 'movimiento',
          desde: 'observada',
          evento: { type: 'ENVIAR_CORRECCION', actor: 'solicitante', documentos: c.documentos },
        },
        personalId: null,
        auditoria: {
          usuario: null,
          ip,
          accion: 'correccion',
          objeto: c.numero,
          detalle: { documentos: c.documentos },
        },
        personal,
        ahora,
      });
      if (!hecho) throw enlaceVencido();
      return { historialId: hecho.historialId };
    });
  } catch (error) {
    // A replacement replaced again while this ran (PostgreSQL): nothing was kept; try again.
    if (esViolacionDeClaveForanea(error)) {
      throw new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, MENSAJES_HTTP.archivosCambiaron);
    }
    throw error;
  }
}
