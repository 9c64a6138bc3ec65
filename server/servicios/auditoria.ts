// The audit log (producto §9): one row per action, written in the transaction of the change it
// records, and chained — each row's hash is sha256(previous hash ‖ the row) — so that an edited
// or removed row breaks the chain from there on. The head (auditoria_cabeza, one row) holds the
// last number and hash: every audited transaction updates it first, which serialises the chain on
// PostgreSQL (a row lock until commit) and on SQLite (the write lock), and lets the check see a
// removed last row.
import { createHash } from 'node:crypto';
import type { AccionAuditoria } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';

export const HASH_INICIAL = '0'.repeat(64);

export interface EventoAuditoria {
  /** The staff account's user name; null for the applicant or the system. */
  usuario: string | null;
  ip: string;
  accion: AccionAuditoria;
  /** What it was about: an application number, a document key, an account. Never personal data. */
  objeto?: string | null;
  detalle?: Record<string, unknown> | null;
}

interface FilaEncadenada {
  n: number;
  en: string;
  usuario: string | null;
  ip: string;
  accion: string;
  objeto: string | null;
  detalle: string | null;
}

export function hashDeFila(anterior: string, fila: FilaEncadenada): string {
  const canonica = JSON.stringify([
    fila.n,
    fila.en,
    fila.usuario,
    fila.ip,
    fila.accion,
    fila.objeto,
    fila.detalle,
  ]);
  return createHash('sha256').update(anterior).update('\n').update(canonica).digest('hex');
}

/** Appends one row. Call it inside the transaction of the change (`trx`), after the change. */
export async function auditar(trx: Db, evento: EventoAuditoria, ahora = new Date()): Promise<number> {
  const cabeza = await trx
    .updateTable('auditoria_cabeza')
    .set((eb) => ({ n: eb('n', '+', 1) }))
    .where('id', '=', 1)
    .returning(['n', 'hash'])
    .executeTakeFirstOrThrow();
  const fila: FilaEncadenada = {
    n: Number(cabeza.n),
    en: ahora.toISOString(),
    usuario: evento.usuario,
    ip: evento.ip,
    accion: evento.accion,
    objeto: evento.objeto ?? null,
    detalle: evento.detalle ? JSON.stringify(evento.detalle) : null,
  };
  const hash = hashDeFila(cabeza.hash, fila);
  await trx
    .insertInto('auditoria')
    .values({ ...fila, hash })
    .execute();
  await trx.updateTable('auditoria_cabeza').set({ hash }).where('id', '=', 1).execute();
  return fila.n;
}

/** Runs `cambio` and its audit row in one transaction; both or neither are kept. */
export function conAuditoria<T>(
  db: Db,
  evento: EventoAuditoria | ((resultado: T) => EventoAuditoria),
  cambio: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const resultado = await cambio(trx);
    await auditar(trx, typeof evento === 'function' ? evento(resultado) : evento);
    return resultado;
  });
}

export type Verificacion =
  { intacta: true; filas: number } | { intacta: false; filas: number; n: number; motivo: string };

const LOTE = 1000;

/**
 * Walks the chain in order, a batch at a time, and names the first row that does not fit. All of
 * it in one snapshot (one read transaction; repeatable read on PostgreSQL), so rows a running
 * server appends meanwhile are not taken for a broken head.
 */
export function verificarAuditoria(db: Db): Promise<Verificacion> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => verificarEn(trx));
}

async function verificarEn(db: Db): Promise<Verificacion> {
  let anterior = HASH_INICIAL;
  let esperado = 1;
  for (;;) {
    const filas = await db
      .selectFrom('auditoria')
      .selectAll()
      .where('n', '>=', esperado)
      .orderBy('n')
      .limit(LOTE)
      .execute();
    for (const f of filas) {
      const n = Number(f.n);
      if (n !== esperado) {
        return { intacta: false, filas: esperado - 1, n: esperado, motivo: `falta la fila ${esperado}` };
      }
      const fila: FilaEncadenada = { ...f, n };
      if (hashDeFila(anterior, fila) !== f.hash) {
        return { intacta: false, filas: esperado - 1, n, motivo: `la fila ${n} fue modificada` };
      }
      anterior = f.hash;
      esperado++;
    }
    if (filas.length < LOTE) break;
  }
  // The head holds the last number and hash written: it sees a removed (or added) last row and a
  // last row rewritten together with its hash.
  const cabeza = await db
    .selectFrom('auditoria_cabeza')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const ultima = esperado - 1;
  const enCabeza = Number(cabeza.n);
  if (enCabeza > ultima) {
    return {
      intacta: false,
      filas: ultima,
      n: ultima + 1,
      motivo: `falta la fila ${ultima + 1} (la cadena llega a la ${ultima} y se escribieron ${enCabeza})`,
    };
  }
  if (enCabeza < ultima) {
    return {
      intacta: false,
      filas: enCabeza,
      n: enCabeza + 1,
      motivo: `la fila ${enCabeza + 1} no fue escrita por el servidor (se escribieron ${enCabeza})`,
    };
  }
  if (cabeza.hash !== anterior) {
    return { intacta: false, filas: ultima - 1, n: ultima, motivo: `la fila ${ultima} fue modificada` };
  }
  return { intacta: true, filas: ultima };
}
