// The inbox's order (producto §15, "Ageing and order"): which numbers make a page in the order the
// page asks for (domain/orden-bandeja.ts), every sort stable by the application's number. As for
// the newest-first inbox (./bandeja.ts), the page's 25 numbers come first, from an index alone,
// and then their rows; the count does not depend on the order.
//
// Two kinds of order (migration 014 holds their indexes; decision 122 says why these):
// - A column of the row — Número, Fecha, Apellido y nombres, DNI, Matrícula, Último cambio, En
//   este estado — walks an index that starts with the column and holds the number, the search key,
//   the status and the holder, so a search, the Estado filter and the Responsable filter are
//   tested on the index entry and the wide rows are never read. The columns whose values follow
//   the status (the dates) have an index after the status too, so with the Estado filter they walk
//   only that status's entries; the others (name, DNI, matrícula, number) are spread evenly over
//   the statuses, and walking their own index finds a page of any status within a few thousand
//   entries. Apellido y nombres sorts by the search key, which starts with the name without
//   accents or case (./busqueda.ts); the DNI and the matrícula by their length first, so those
//   made of digits (most matrículas, every DNI) sort as numbers.
// - Estado and Responsable are few values, each a range of an index that already holds the inbox's
//   order (status or holder, then date): the page is read from them group by group — statuses in
//   the order of their lifecycle, holders by name with "Sin asignar" last — each group newest
//   first (numerosPorGrupos).
//
// SQLite plans without statistics (the server never runs ANALYZE), and would take the status's or
// the holder's index for an equality, then sort, reading thousands of wide rows for the sorted
// column. There, the filter's status or holder is written so no index can serve it (`+estado`:
// ColumnaSinIndice), leaving the walk described above as the only plan that avoids a sort.
// One filter keeps few rows whatever the order: "Con propuesta", whose partial index (migration
// 013) holds only the open proposals. Walking an order's index would read the wide row of every
// entry to test it (70 to 210 ms at 100,000 on SQLite); on SQLite that filter's page is instead
// read from its own index and its few rows sorted (ConsultaDeOrden.pocas: every key and every
// filter column written so no other index can serve them).
// PostgreSQL chooses with its statistics; on it the text columns sort byte by byte (COLLATE "C")
// like SQLite, so both engines give the same order whatever the database's collation.
import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { CLAVES_ESTADO, type Estado, type OrdenDeBandeja, type OrdenBandeja } from '../../domain/index.js';
import type { Database, Db } from '../db/esquema.js';

type Eb = ExpressionBuilder<Database, 'solicitudes'>;

/** A filter's columns that a page's query may be told not to look up by index (SQLite only). */
export type ColumnaSinIndice = 'estado' | 'responsable_id';

/** The filter's condition on a row, with the columns it must not use an index for. */
export type CondicionDelFiltro = (eb: Eb, sinIndice: ReadonlySet<ColumnaSinIndice>) => Expression<SqlBool>;

/** A filter's column as its condition reads it: `+columna` when no index may serve it. */
export const columnaDelFiltro = (columna: ColumnaSinIndice, sinIndice?: ReadonlySet<ColumnaSinIndice>) =>
  sinIndice?.has(columna) ? sql<string | null>`+${sql.ref(columna)}` : sql.ref<string | null>(columna);

const esPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

const TODAS_SIN_INDICE: readonly ColumnaSinIndice[] = ['estado', 'responsable_id'];

/** An order's key that no index may serve (SQLite's unary plus): the rows are sorted. */
const sinIndiceDeOrden = (clave: Expression<unknown>) => sql`+${clave}`;

/** A text column compared byte by byte on both engines (the index says the same, migration 014). */
const enBytes = (db: Db, columna: 'busqueda' | 'matricula') =>
  esPostgres(db) ? sql`${sql.ref(columna)} collate "C"` : sql.ref(columna);

interface PorColumna {
  /** The ORDER BY before the number. */
  claves(db: Db): Expression<unknown>[];
  /** The column grows as the shown value shrinks (an instant shown as the days since). */
  invertida: boolean;
  /** The filter's columns to keep off the index on SQLite (see the header). */
  sinIndice: readonly ColumnaSinIndice[];
}

const POR_COLUMNA: Record<Exclude<OrdenBandeja, 'estado' | 'responsable'>, PorColumna> = {
  numero: { claves: () => [], invertida: false, sinIndice: TODAS_SIN_INDICE },
  // The inbox's own indexes (migrations 004, 010 and 014) serve every filter: nothing to steer.
  fecha: { claves: () => [sql.ref('creada_en')], invertida: false, sinIndice: [] },
  nombre: {
    claves: (db) => [enBytes(db, 'busqueda')],
    invertida: false,
    sinIndice: TODAS_SIN_INDICE,
  },
  dni: {
    claves: () => [sql`length(${sql.ref('dni')})`, sql.ref('dni')],
    invertida: false,
    sinIndice: TODAS_SIN_INDICE,
  },
  matricula: {
    claves: (db) => [sql`length(${sql.ref('matricula')})`, enBytes(db, 'matricula')],
    invertida: false,
    sinIndice: TODAS_SIN_INDICE,
  },
  // With the Estado filter these walk (estado, <instant>, …); without it, (<instant>, …).
  ultimo_cambio: {
    claves: () => [sql.ref('ultimo_cambio_en')],
    invertida: true,
    sinIndice: ['responsable_id'],
  },
  en_estado: { claves: () => [sql.ref('estado_desde')], invertida: true, sinIndice: ['responsable_id'] },
};

/** What the page is read with: the filter's condition, and the status and holder it keeps. */
export interface ConsultaDeOrden {
  condicion: CondicionDelFiltro;
  estado: Estado | '';
  /** As FiltroConsulta.responsableId: an account's id, null for "Sin asignar", absent for all. */
  responsableId?: string | null;
  /** The filter keeps few rows from an index of its own ("Con propuesta"): sort those (see the header). */
  pocas?: boolean;
}

const sinIndiceEn = (db: Db, columnas: readonly ColumnaSinIndice[]): ReadonlySet<ColumnaSinIndice> =>
  new Set(esPostgres(db) ? [] : columnas);

/** The numbers of the rows `salteadas`…`salteadas + cuantas` of the inbox in `orden`, in that order. */
export async function numerosEnOrden(
  db: Db,
  orden: OrdenDeBandeja,
  consulta: ConsultaDeOrden,
  salteadas: number,
  cuantas: number,
): Promise<string[]> {
  if (orden.orden === 'estado' || orden.orden === 'responsable')
    return numerosPorGrupos(db, await gruposDe(db, orden, consulta), consulta, salteadas, cuantas);
  const porColumna = POR_COLUMNA[orden.orden];
  const direccion = (orden.dir === 'asc') !== porColumna.invertida ? 'asc' : 'desc';
  const ordenarFilas = Boolean(consulta.pocas) && !esPostgres(db);
  const sinIndice = sinIndiceEn(db, ordenarFilas ? TODAS_SIN_INDICE : porColumna.sinIndice);
  let q = db
    .selectFrom('solicitudes')
    .select('numero')
    .where((eb) => consulta.condicion(eb, sinIndice));
  for (const clave of [...porColumna.claves(db), sql.ref('numero')])
    q = q.orderBy(ordenarFilas ? sinIndiceDeOrden(clave) : clave, direccion);
  const filas = await q.limit(cuantas).offset(salteadas).execute();
  return filas.map((f) => f.numero);
}

/** One group of a grouped order: its condition, and what the filter may not look up by index. */
interface Grupo {
  condicion: (eb: Eb) => Expression<SqlBool>;
  sinIndice: ReadonlySet<ColumnaSinIndice>;
}

const porNombre = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** The groups of an Estado or Responsable order, first to last, narrowed to what the filter keeps. */
async function gruposDe(db: Db, orden: OrdenDeBandeja, consulta: ConsultaDeOrden): Promise<Grupo[]> {
  let grupos: Grupo[];
  // With few rows (see the header) neither the status's nor the holder's index may serve a group.
  const pocas = Boolean(consulta.pocas);
  if (orden.orden === 'estado') {
    const sinIndice = sinIndiceEn(db, pocas ? TODAS_SIN_INDICE : ['responsable_id']);
    grupos = CLAVES_ESTADO.filter((e) => !consulta.estado || e === consulta.estado).map((e) => ({
      condicion: (eb: Eb) => eb(columnaDelFiltro('estado', sinIndice), '=', e),
      sinIndice,
    }));
  } else {
    const sinIndice = sinIndiceEn(db, pocas ? TODAS_SIN_INDICE : ['estado']);
    // Every account (one that was disabled may still hold some), by name as Spanish sorts it.
    const cuentas = (await db.selectFrom('personal').select(['id', 'nombre', 'usuario']).execute()).sort(
      (a, b) => porNombre.compare(a.nombre, b.nombre) || (a.usuario < b.usuario ? -1 : 1),
    );
    const titulares: (string | null)[] = [...cuentas.map((c) => c.id), null];
    grupos = titulares
      .filter((id) => consulta.responsableId === undefined || id === consulta.responsableId)
      .map((id) => ({
        condicion: (eb: Eb) => {
          const columna = columnaDelFiltro('responsable_id', sinIndice);
          return id === null ? eb(columna, 'is', null) : eb(columna, '=', id);
        },
        sinIndice,
      }));
  }
  return orden.dir === 'asc' ? grupos : grupos.reverse();
}

/** A group's matches and the filter's: the group by its index, the filter on the entry. */
const delGrupo = (grupo: Grupo, consulta: ConsultaDeOrden) => (eb: Eb) =>
  eb.and([grupo.condicion(eb), consulta.condicion(eb, grupo.sinIndice)]);

/**
 * The page of a grouped order: the groups' ranges one after another, each newest first, read group
 * by group until the page is full — the groups before the page only counted, each up to what is
 * left to skip. One group at a time, not all at once: the first groups usually fill the page, and
 * PostgreSQL, answering a search from its trigram index, would look the term up once per group.
 */
async function numerosPorGrupos(
  db: Db,
  grupos: Grupo[],
  consulta: ConsultaDeOrden,
  salteadas: number,
  cuantas: number,
): Promise<string[]> {
  const numeros: string[] = [];
  let porSaltar = salteadas;
  for (const grupo of grupos) {
    if (numeros.length === cuantas) break;
    const donde = delGrupo(grupo, consulta);
    if (porSaltar > 0) {
      // A capped count: it reads no further than what is left to skip.
      const { n } = await db
        .selectFrom(
          db.selectFrom('solicitudes').select(sql.lit(1).as('uno')).where(donde).limit(porSaltar).as('antes'),
        )
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(n) < porSaltar) {
        porSaltar -= Number(n);
        continue;
      }
    }
    const filas = await db
      .selectFrom('solicitudes')
      .select('numero')
      .where(donde)
      .orderBy('creada_en', 'desc')
      .orderBy('numero', 'desc')
      .limit(cuantas - numeros.length)
      .offset(porSaltar)
      .execute();
    numeros.push(...filas.map((f) => f.numero));
    porSaltar = 0;
  }
  return numeros;
}
