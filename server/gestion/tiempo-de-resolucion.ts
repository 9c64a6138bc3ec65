// "Tiempo de resolución" (producto §15, "Tablero"): for each of the last 12 Argentine months, the
// applications resolved in it (Aprobada or Rechazada, by `resuelta_en`) and the median and 90th
// percentile of their working days from sending, the days in Observada not counted
// (`dias_resolucion`, kept on the row by ../ciclo-de-vida/tiempos.ts). The database answers a
// histogram — per month, how many took each number of days — from the index
// solicitudes_resolucion (resuelta_en, dias_resolucion) alone, and the percentiles are read off it
// here: a year of resolutions costs a range of one index and a few hundred rows, not a row each.
//
// Percentiles interpolate between the two nearest values, as PostgreSQL's percentile_cont and a
// spreadsheet's PERCENTIL.INC do: the median of 2, 3, 5 and 8 days is 4. Answers are rounded to a
// tenth of a day (decision 123).
import { sql } from 'kysely';
import type { MesDeResolucion } from '../../domain/para-hoy.js';
import type { Db } from '../db/esquema.js';
import { diaArgentino } from '../correcciones/plazo.js';

/** Months the Tablero shows, the current one included. */
export const MESES_DE_RESOLUCION = 12;

/** The `cuantos` Argentine months up to the one of `ahora`, oldest first, as AAAA-MM. */
export function ultimosMeses(ahora: Date, cuantos: number = MESES_DE_RESOLUCION): string[] {
  const [anio, mes] = diaArgentino(ahora).split('-').map(Number) as [number, number];
  return Array.from({ length: cuantos }, (_, i) => {
    const d = new Date(Date.UTC(anio, mes - 1 - (cuantos - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** The first instant of month `mes` (AAAA-MM) in Argentina (UTC−3 all year since 2009). */
export const inicioDelMes = (mes: string): string => new Date(`${mes}-01T00:00:00.000-03:00`).toISOString();

/** A month's histogram: how many applications took each number of working days. */
export type Histograma = ReadonlyMap<number, number>;

/**
 * The `p` quantile (0–1) of the values a histogram counts, interpolated between the two nearest
 * (percentile_cont); null when it counts none.
 */
export function percentil(histograma: Histograma, p: number): number | null {
  const valores = [...histograma.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const total = valores.reduce((suma, [, n]) => suma + n, 0);
  if (total === 0) return null;
  // The value of the k-th smallest (0-based), walking the counts.
  const enPosicion = (k: number): number => {
    let antes = 0;
    for (const [valor, n] of valores) {
      if (k < antes + n) return valor;
      antes += n;
    }
    return valores.at(-1)![0];
  };
  const posicion = p * (total - 1);
  const abajo = enPosicion(Math.floor(posicion));
  const arriba = enPosicion(Math.ceil(posicion));
  return abajo + (posicion - Math.floor(posicion)) * (arriba - abajo);
}

const aDecimos = (x: number | null): number | null => (x === null ? null : Math.round(x * 10) / 10);

/** The Tablero's months, oldest first, from each month's histogram (a month without one: none). */
export function mesesDeResolucion(meses: readonly string[], histogramas: ReadonlyMap<string, Histograma>) {
  return meses.map((mes): MesDeResolucion => {
    const h = histogramas.get(mes) ?? new Map<number, number>();
    return {
      mes,
      resueltas: [...h.values()].reduce((a, b) => a + b, 0),
      mediana: aDecimos(percentil(h, 0.5)),
      p90: aDecimos(percentil(h, 0.9)),
    };
  });
}

/** "Tiempo de resolución" of the last MESES_DE_RESOLUCION months at `ahora`. */
export async function tiempoDeResolucion(db: Db, ahora: Date): Promise<MesDeResolucion[]> {
  const meses = ultimosMeses(ahora);
  const inicios = meses.map(inicioDelMes);
  // Each resolution's month, as the index of its month's first instant (the newest not after it).
  const filas = await db
    .selectFrom('solicitudes')
    .select((eb) => {
      let caso = eb
        .case()
        .when('resuelta_en', '>=', inicios.at(-1)!)
        .then(inicios.length - 1);
      for (let i = inicios.length - 2; i > 0; i--) caso = caso.when('resuelta_en', '>=', inicios[i]!).then(i);
      return [caso.else(0).end().as('mes'), 'dias_resolucion as dias', eb.fn.countAll().as('n')];
    })
    .where('resuelta_en', '>=', inicios[0]!)
    .where('dias_resolucion', 'is not', null)
    // By position: the month's CASE is written once, with its parameters.
    .groupBy([sql`1`, sql`2`])
    .execute();
  const histogramas = new Map<string, Map<number, number>>();
  for (const f of filas) {
    const mes = meses[Number(f.mes)]!;
    const h = histogramas.get(mes) ?? new Map<number, number>();
    h.set(Number(f.dias), (h.get(Number(f.dias)) ?? 0) + Number(f.n));
    histogramas.set(mes, h);
  }
  return mesesDeResolucion(meses, histogramas);
}
