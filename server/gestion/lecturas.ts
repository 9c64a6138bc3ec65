// "Aceptar vigencia propuesta" (producto §17): records the date the automatic reading proposed as
// the document's "Vigencia hasta" through the one writer of end dates (./vigencias.ts
// registrarVigencia: its checks, vigencia_minima and its audit row, in one transaction). The
// reading job only proposes (lectura-tarea/cola.ts); nothing becomes "Vigencia hasta" without a
// person.
import { TEXTOS_LECTURA } from '../../domain/lectura.js';
import type { VigenciaRegistrada } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio } from '../errores.js';
import type { SesionActiva } from '../personal/sesiones.js';
import { registrarVigencia } from './vigencias.js';

export interface AceptarVigencia {
  numero: string;
  clave: string;
  /** The proposal the page showed (YYYY-MM-DD). */
  fecha: string;
  sesion: SesionActiva;
  ip: string;
  ahora?: Date;
}

const propuestaCambio = () =>
  new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, TEXTOS_LECTURA.propuestaCambio);

/**
 * "Aceptar vigencia propuesta": records `fecha` as "Vigencia hasta" of document `clave` while it
 * is still that document's proposal (409 otherwise: read again, or the document replaced since
 * the page was shown); 404 and 400 as registrarVigencia answers them (a proposed date before the
 * day of sending, say). Audited as registrar_vigencia with `origen` 'vigencia_propuesta'.
 */
export function aceptarVigenciaPropuesta(
  db: Db,
  { numero, clave, fecha, sesion, ip, ahora }: AceptarVigencia,
): Promise<VigenciaRegistrada> {
  return registrarVigencia(db, {
    numero,
    clave,
    hasta: fecha,
    sesion,
    ip,
    ahora,
    origen: 'vigencia_propuesta',
    // An UPDATE that changes nothing: it checks the proposal and, on PostgreSQL, holds the row
    // until the transaction ends, so a correction cannot replace the document in between.
    condicion: async (trx, { solicitudId, documentoId }) => {
      const r = await trx
        .updateTable('solicitud_documentos')
        .set((eb) => ({ lectura_estado: eb.ref('lectura_estado') }))
        .where('solicitud_id', '=', solicitudId)
        .where('documento_id', '=', documentoId)
        .where('lectura_estado', '=', 'propuesta')
        .where('vigencia_propuesta', '=', fecha)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw propuestaCambio();
    },
  });
}
