// The inbox's selection (producto §15, "Selection and bulk"): the filter of a request read as the
// inbox reads it, and "Seleccionar las N de esta búsqueda" — the whole search fixed as a
// selection. Fixing it reads its matches (at most SELECCION_MAXIMA) and sums them up in a
// `huella`: each one's number, status, Responsable and last change. The bulk "Asignar a…"
// (./asignacion-masiva.ts) sends it back and reads the search again: any application that moved,
// changed hands, arrived or left since then changes the huella, and the assignment is refused.
import { createHash } from 'node:crypto';
import { asignacionesPosibles, estadoDelCiclo } from '../../domain/ciclo-de-vida.js';
import { CONTEO_MAXIMO } from '../../domain/gestion.js';
import {
  SELECCION_MAXIMA,
  type FiltroDeSeleccion,
  type SeleccionDeBusqueda,
} from '../../domain/seleccion.js';
import type { Db } from '../db/esquema.js';
import type { SesionActiva } from '../personal/sesiones.js';
import { leerVarias, responsableDelFiltro, type Leida } from './asignacion.js';
import { contarHasta, lotesDelFiltro, primeraDelFiltro, type FiltroConsulta } from './bandeja.js';

/** The inbox's filter as a request names it (query or body), as the queries read it. */
export async function filtroDeConsulta(
  db: Db,
  consulta: Partial<FiltroDeSeleccion>,
  sesion: Pick<SesionActiva, 'personalId'>,
): Promise<FiltroConsulta> {
  const { responsable, ...resto } = consulta;
  return {
    ...resto,
    q: consulta.q ?? '',
    estado: consulta.estado ?? '',
    vence: consulta.vence ?? '',
    responsableId: await responsableDelFiltro(db, responsable, sesion),
  };
}

/** The numbers of the search's matches in the inbox's order, or null when there are more than `tope`. */
async function numerosDelFiltro(db: Db, filtro: FiltroConsulta, tope: number): Promise<string[] | null> {
  const inicio = await primeraDelFiltro(db, filtro);
  if (!inicio) return [];
  const numeros: string[] = [];
  // One batch of tope + 1: one more than allowed says "too many" without reading the rest.
  for await (const lote of lotesDelFiltro(db, filtro, inicio, tope + 1)) {
    numeros.push(...lote.map((f) => f.numero));
    if (numeros.length > tope) return null;
  }
  return numeros;
}

/** The search's matches as a change of Responsable reads them, or null past SELECCION_MAXIMA. */
export async function leerBusqueda(db: Db, filtro: FiltroConsulta): Promise<Leida[] | null> {
  const numeros = await numerosDelFiltro(db, filtro, SELECCION_MAXIMA);
  if (numeros === null) return null;
  const leidas = await leerVarias(db, numeros);
  return numeros.map((n) => leidas.get(n)).filter((l): l is Leida => l !== undefined);
}

/** What a set of applications is now, in one short string (independent of their order). */
export function huellaDe(leidas: readonly Leida[]): string {
  const partes = leidas
    .map((l) => [l.numero, l.estado, l.responsable?.id ?? '', l.ultimoCambioEn].join('|'))
    .sort();
  return createHash('sha256').update(partes.join('\n')).digest('base64url');
}

/** Whether the chart lets this account give the application to someone ("Asignar a…"). */
export const asignable = (l: Leida, sesion: Pick<SesionActiva, 'rol' | 'personalId'>): boolean =>
  !l.suprimida &&
  asignacionesPosibles(
    estadoDelCiclo(l.estado, [], l.responsable?.id ?? null),
    sesion.rol,
    sesion.personalId,
  ).includes('ASIGNAR');

/** "Seleccionar las N de esta búsqueda": its count and, when it can be assigned at once, its huella. */
export async function seleccionDeBusqueda(
  db: Db,
  filtro: FiltroConsulta,
  sesion: Pick<SesionActiva, 'rol' | 'personalId'>,
): Promise<SeleccionDeBusqueda> {
  const n = await contarHasta(db, filtro, CONTEO_MAXIMO + 1);
  const leidas = n > SELECCION_MAXIMA ? null : await leerBusqueda(db, filtro);
  if (!leidas)
    return {
      total: Math.min(n, CONTEO_MAXIMO),
      totalExacto: n <= CONTEO_MAXIMO,
      huella: null,
      noAsignables: null,
    };
  return {
    total: leidas.length,
    totalExacto: true,
    huella: huellaDe(leidas),
    noAsignables: leidas.filter((l) => !asignable(l, sesion)).length,
  };
}
