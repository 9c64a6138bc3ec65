// The audit chain's head published outside the database (decision 098): `n:hash` of its newest
// row. A key stops rows being forged, but not the newest rows being removed together with the
// head table; a head kept elsewhere — printed by `npm run auditoria -- cabeza`, or e-mailed once a
// day to CORREO_AUDITORIA through the outbox — later proves that the chain still holds it
// (`verificar --cabeza n:hash`).
import { diaArgentino } from '../correcciones/plazo.js';
import type { Db } from '../db/esquema.js';
import { CLAVES_CORREO, encolarCorreo } from '../correo/salida.js';
import { auditar, verificarAuditoria, type Cabeza } from './cadena.js';

export const formatearCabeza = (c: Cabeza): string => `${c.n}:${c.hash}`;

/** `n:hash` as printed; null when it is not one. */
export function leerCabeza(texto: string): Cabeza | null {
  const m = /^(\d{1,15}):([0-9a-f]{64})$/i.exec(texto.trim());
  return m ? { n: Number(m[1]), hash: m[2]!.toLowerCase() } : null;
}

export interface CabezaPublicada {
  cabeza: string;
  /** null when the chain was intact just before. */
  alteracion: string | null;
}

/**
 * Queues today's message to `para` with the head, once per day across processes and runs (the
 * outbox key has the date). The row that records the sending is the head published: the message
 * and the row are one transaction. Answers null when today's was already queued.
 */
export async function publicarCabeza(
  db: Db,
  para: string,
  ahora: Date = new Date(),
): Promise<CabezaPublicada | null> {
  const fecha = diaArgentino(ahora);
  const clave = CLAVES_CORREO.cabezaAuditoria(fecha);
  const yaEncolada = async (lector: Db) =>
    (await lector.selectFrom('correos').select('id').where('clave', '=', clave).executeTakeFirst()) !==
    undefined;
  if (await yaEncolada(db)) return null;
  const verificacion = await verificarAuditoria(db);
  const alteracion = verificacion.intacta ? null : verificacion.motivo;
  return db
    .transaction()
    .execute(async (trx) => {
      // auditar takes the head's lock first: a second process waits here and then sees the message.
      const n = await auditar(
        trx,
        { usuario: null, ip: 'sistema', accion: 'publicar_cabeza', detalle: { fecha } },
        ahora,
      );
      if (await yaEncolada(trx)) throw new YaPublicada();
      const { hash } = await trx
        .selectFrom('auditoria')
        .select('hash')
        .where('n', '=', n)
        .executeTakeFirstOrThrow();
      const cabeza = formatearCabeza({ n, hash });
      await encolarCorreo(
        trx,
        { clave, para, evento: { tipo: 'cabeza_auditoria', fecha, cabeza, alteracion } },
        ahora.getTime(),
      );
      return { cabeza, alteracion };
    })
    .catch((error: unknown) => {
      if (error instanceof YaPublicada) return null;
      throw error;
    });
}

/** Rolls the transaction back: another process queued today's message meanwhile. */
class YaPublicada extends Error {}
