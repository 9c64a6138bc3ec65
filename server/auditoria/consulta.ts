// The audit log read through the page's filters (producto §15): by account, application number,
// action and Argentine days. Each filter walks an index ending in `n` (migration 011), so the
// newest matches come first without sorting the log; the count stops at CONTEO_MAXIMO.
import type { SelectQueryBuilder } from 'kysely';
import { CONTEO_MAXIMO, type Estado, type FilaAuditoria, type FiltroAuditoria } from '../../domain/index.js';
import { esEstado } from '../../domain/estados.js';
import type { Database, Db } from '../db/esquema.js';
import { filasPropias } from '../db/filas-propias.js';

/** Rows whose `objeto` lists several numbers (a DNI's applications): matched inside it. */
const ACCIONES_CON_VARIOS_NUMEROS = ['consultar_datos', 'exportar_datos'] as const;

// Argentina keeps UTC−3 all year (no daylight saving since 2009): a day starts at 03:00 UTC.
const inicioDelDia = (dia: string): string => new Date(`${dia}T00:00:00.000-03:00`).toISOString();
const inicioDelDiaSiguiente = (dia: string): string =>
  new Date(Date.parse(`${dia}T00:00:00.000-03:00`) + 86_400_000).toISOString();

export const hayFiltro = (f: FiltroAuditoria): boolean =>
  f.usuario !== '' || f.numero !== '' || f.accion !== '' || f.desde !== '' || f.hasta !== '';

type Consulta = SelectQueryBuilder<Database, 'auditoria', object>;

/** The filter's conditions on a query of `auditoria`. */
export function filtrar<C extends Consulta>(q: C, f: FiltroAuditoria): C {
  let r = q as Consulta;
  if (f.usuario !== '') r = r.where('usuario', '=', f.usuario.trim().toLowerCase());
  if (f.numero !== '') {
    const numero = f.numero.trim().toUpperCase();
    r = r.where((eb) =>
      eb.or([
        eb('objeto', '=', numero),
        eb.and([eb('accion', 'in', ACCIONES_CON_VARIOS_NUMEROS), eb('objeto', 'like', `%${numero}%`)]),
      ]),
    );
  }
  if (f.accion !== '') r = r.where('accion', '=', f.accion);
  if (f.desde !== '') r = r.where('en', '>=', inicioDelDia(f.desde));
  if (f.hasta !== '') r = r.where('en', '<', inicioDelDiaSiguiente(f.hasta));
  return r as C;
}

const COLUMNAS = ['n', 'en', 'usuario', 'ip', 'accion', 'objeto', 'detalle'] as const;

interface FilaLeida {
  n: number | string | bigint;
  en: string;
  usuario: string | null;
  ip: string;
  accion: string;
  objeto: string | null;
  detalle: string | null;
}

/**
 * A status move's ends: mover_estado and a confirmed proposal (producto §15) keep them in
 * `detalle`; a correction and a re-attestation's changes (producto §17) are always these.
 */
function movimientoDe(f: FilaLeida): FilaAuditoria['movimiento'] {
  if (f.accion === 'correccion') return { desde: 'observada', hacia: 'corregida' };
  if (f.accion === 'actualizar_datos') return { desde: 'aprobada', hacia: 'corregida' };
  if ((f.accion !== 'mover_estado' && f.accion !== 'confirmar_propuesta') || !f.detalle) return null;
  const d = JSON.parse(f.detalle) as { desde?: unknown; hacia?: unknown };
  if (!esEstado(d.hacia)) return null;
  return { desde: esEstado(d.desde) ? (d.desde as Estado) : null, hacia: d.hacia };
}

const comoFila = (f: FilaLeida): FilaAuditoria => ({
  n: Number(f.n),
  en: f.en,
  usuario: f.usuario,
  ip: f.ip,
  accion: f.accion,
  objeto: f.objeto,
  movimiento: movimientoDe(f),
});

/** The log's last number (the head): consecutive numbers below it are all the rows. */
export async function ultimoNumero(db: Db): Promise<number> {
  const cabeza = await db
    .selectFrom('auditoria_cabeza')
    .select('n')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(cabeza.n);
}

/** Unfiltered: a range of consecutive numbers below the head, no count and no OFFSET. */
export async function paginaSinFiltro(db: Db, pagina: number, porPagina: number) {
  const total = await ultimoNumero(db);
  const hasta = total - (pagina - 1) * porPagina;
  const filas =
    hasta < 1
      ? []
      : await db
          .selectFrom('auditoria')
          .select(COLUMNAS)
          .where('n', '<=', hasta)
          .where('n', '>', hasta - porPagina)
          .orderBy('n', 'desc')
          .execute();
  return { filas: filas.map(comoFila), total, totalExacto: true };
}

/** Filtered: a page of the matches newest first, and their count up to CONTEO_MAXIMO. */
export async function paginaFiltrada(db: Db, f: FiltroAuditoria, pagina: number, porPagina: number) {
  const [filas, conteo] = await Promise.all([
    filtrar(db.selectFrom('auditoria').select(COLUMNAS), f)
      .orderBy('n', 'desc')
      .limit(porPagina)
      .offset((pagina - 1) * porPagina)
      .execute(),
    db
      .selectFrom(
        filtrar(db.selectFrom('auditoria').select('n'), f)
          .limit(CONTEO_MAXIMO + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('c'))
      .executeTakeFirstOrThrow(),
  ]);
  const contadas = Number(conteo.c);
  return {
    filas: filas.map(comoFila),
    total: Math.min(contadas, CONTEO_MAXIMO),
    totalExacto: contadas <= CONTEO_MAXIMO,
  };
}

/** The matches at or below `desdeN`, newest first, a batch at a time (keyset on `n`). */
export async function* lotesFiltrados(
  db: Db,
  f: FiltroAuditoria,
  desdeN: number,
  tamanio = 1000,
): AsyncGenerator<FilaAuditoria[]> {
  let cursor = desdeN + 1;
  for (;;) {
    const lote = filasPropias(
      await filtrar(db.selectFrom('auditoria').select(COLUMNAS), f)
        .where('n', '<', cursor)
        .orderBy('n', 'desc')
        .limit(tamanio)
        .execute(),
    );
    if (lote.length > 0) yield lote.map(comoFila);
    if (lote.length < tamanio) return;
    cursor = Number(lote.at(-1)!.n);
  }
}
