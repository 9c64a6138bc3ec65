// The audit log (producto §9): one row per action, written in the transaction of the change it
// records, and chained — each row's hash is an HMAC of the previous hash and the row, keyed with a
// secret outside the database (auditoria/claves.ts, decision 098) — so that an edited or removed
// row breaks the chain from there on, and whoever can only write the tables cannot mend it. The
// head (auditoria_cabeza, one row) holds the last number and hash: every audited transaction
// updates it first, which serialises the chain on PostgreSQL (a row lock until commit) and on
// SQLite (the write lock), and lets the check see a removed last row. Removing the newest rows
// together with the head is seen only against a head published outside (auditoria/cabeza.ts).
import type { AccionAuditoria } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import {
  anilloDeDesarrollo,
  claveDeId,
  clavesDeAuditoria,
  HASH_INICIAL,
  hashConClave,
  hashSinClave,
  type AnilloDeClaves,
  type FilaEncadenada,
} from './claves.js';

export interface EventoAuditoria {
  /** The staff account's user name; null for the applicant or the system. */
  usuario: string | null;
  ip: string;
  accion: AccionAuditoria;
  /** What it was about: an application number, a document key, an account. Never personal data. */
  objeto?: string | null;
  detalle?: Record<string, unknown> | null;
}

/** Appends one row. Call it inside the transaction of the change (`trx`), after the change. */
export async function auditar(trx: Db, evento: EventoAuditoria, ahora = new Date()): Promise<number> {
  const cabeza = await trx
    .updateTable('auditoria_cabeza')
    .set((eb) => ({ n: eb('n', '+', 1) }))
    .where('id', '=', 1)
    .returning(['n', 'hash'])
    .executeTakeFirstOrThrow();
  const clave = clavesDeAuditoria().actual;
  const fila: FilaEncadenada = {
    n: Number(cabeza.n),
    en: ahora.toISOString(),
    usuario: evento.usuario,
    ip: evento.ip,
    accion: evento.accion,
    objeto: evento.objeto ?? null,
    detalle: evento.detalle ? JSON.stringify(evento.detalle) : null,
    clave: clave.id,
  };
  const hash = hashConClave(clave, cabeza.hash, fila);
  await trx
    .insertInto('auditoria')
    .values({ ...fila, hash })
    .execute();
  await trx.updateTable('auditoria_cabeza').set({ hash }).where('id', '=', 1).execute();
  return fila.n;
}

/**
 * At start-up: when the newest row was not sealed with the current key — the rows written before
 * the chain was keyed, or a rotated key — a row sealed with it goes after them, so they are
 * vouched for (a row's hash covers the previous one) and the rotation is on record.
 */
export async function sellarCadena(db: Db): Promise<boolean> {
  const anillo = clavesDeAuditoria();
  const ultimaClave = (lector: Db) =>
    lector.selectFrom('auditoria').select('clave').orderBy('n', 'desc').limit(1).executeTakeFirst();
  // A read first: the usual start finds the chain sealed and writes nothing (and takes no lock
  // that another process starting on the same SQLite file would wait for).
  const vista = await ultimaClave(db);
  if (!vista || vista.clave === anillo.actual.id) return false;
  return db.transaction().execute(async (trx) => {
    // The head's row lock first, as every append takes it: of two processes starting together,
    // the second sees the first one's seal.
    await trx
      .updateTable('auditoria_cabeza')
      .set((eb) => ({ n: eb.ref('n') }))
      .where('id', '=', 1)
      .execute();
    const ultima = await ultimaClave(trx);
    if (!ultima || ultima.clave === anillo.actual.id) return false;
    await auditar(trx, {
      usuario: null,
      ip: 'sistema',
      accion: 'clave_de_auditoria',
      detalle: { clave: anillo.actual.id, anterior: ultima.clave ?? null },
    });
    return true;
  });
}

/** A head of the chain as published outside the database: `n:hash`. */
export interface Cabeza {
  n: number;
  hash: string;
}

export type Verificacion =
  | { intacta: true; filas: number; cabeza: Cabeza }
  | { intacta: false; filas: number; n: number; motivo: string };

export interface OpcionesVerificacion {
  /** The keys to verify with (the process's by default). */
  anillo?: AnilloDeClaves;
  /** Heads published earlier: each must still be in the chain, with the same hash. */
  cabezas?: Cabeza[];
}

const LOTE = 1000;

/**
 * Walks the chain in order, a batch at a time, and names the first row that does not fit. All of
 * it in one snapshot (one read transaction; repeatable read on PostgreSQL), so rows a running
 * server appends meanwhile are not taken for a broken head.
 */
export function verificarAuditoria(db: Db, opciones: OpcionesVerificacion = {}): Promise<Verificacion> {
  const anillo = opciones.anillo ?? clavesDeAuditoria();
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => verificarEn(trx, anillo, opciones.cabezas ?? []));
}

const DESARROLLO = anilloDeDesarrollo().actual.id;

/** The row's expected hash, or why it cannot be computed (a key this process does not hold). */
function hashEsperado(
  anillo: AnilloDeClaves,
  anterior: string,
  fila: FilaEncadenada,
): string | { motivo: string } {
  if (fila.clave === null) return hashSinClave(anterior, fila);
  const clave = claveDeId(anillo, fila.clave);
  if (clave) return hashConClave(clave, anterior, fila);
  const cual =
    fila.clave === DESARROLLO
      ? 'la clave de desarrollo, que está publicada'
      : `una clave que no está configurada (id ${fila.clave})`;
  return { motivo: `la fila ${fila.n} está firmada con ${cual}` };
}

async function verificarEn(db: Db, anillo: AnilloDeClaves, cabezas: Cabeza[]): Promise<Verificacion> {
  const publicadas = new Map(cabezas.map((c) => [c.n, c.hash]));
  let anterior = HASH_INICIAL;
  let esperado = 1;
  let ultimaConClave = false;
  const cabezaPublicadaDistinta = (n: number, hash: string): boolean =>
    publicadas.has(n) && publicadas.get(n) !== hash;
  if (cabezaPublicadaDistinta(0, HASH_INICIAL)) {
    return {
      intacta: false,
      filas: 0,
      n: 0,
      motivo: 'la cabeza publicada 0 no es la del comienzo de la cadena',
    };
  }
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
      const fila: FilaEncadenada = { ...f, n, clave: f.clave ?? null };
      const hash = hashEsperado(anillo, anterior, fila);
      if (typeof hash !== 'string') return { intacta: false, filas: esperado - 1, n, motivo: hash.motivo };
      if (hash !== f.hash) {
        return { intacta: false, filas: esperado - 1, n, motivo: `la fila ${n} fue modificada` };
      }
      if (cabezaPublicadaDistinta(n, f.hash)) {
        return {
          intacta: false,
          filas: esperado - 1,
          n,
          motivo: `la fila ${n} ya no es la de la cabeza publicada: la cadena fue reescrita desde entonces`,
        };
      }
      anterior = f.hash;
      ultimaConClave = fila.clave !== null;
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
  // Rows without a key are only the ones written before the chain was keyed: a key-sealed row
  // after them vouches for them. One at the end has nothing after it — it could have been
  // rewritten, or the whole chain recomputed without the key.
  if (ultima > 0 && !ultimaConClave) {
    return {
      intacta: false,
      filas: ultima - 1,
      n: ultima,
      motivo: `la fila ${ultima}, la última, no está firmada con la clave`,
    };
  }
  const perdida = cabezas.filter((c) => c.n > ultima).sort((a, b) => a.n - b.n)[0];
  if (perdida) {
    return {
      intacta: false,
      filas: ultima,
      n: ultima + 1,
      motivo:
        `la cabeza publicada ${perdida.n}:${perdida.hash} ya no está en la cadena, que llega a la fila ${ultima}: ` +
        'se quitaron filas',
    };
  }
  return { intacta: true, filas: ultima, cabeza: { n: ultima, hash: anterior } };
}
