// How the inbox is ordered and how long each application has waited (producto §15, "Ageing and
// order"): the columns that sort, their values in the address (`?orden=&dir=`), the order when
// none is chosen, and the texts of the working-day columns. The server sorts with them
// (server/gestion/orden-bandeja.ts) and the page shows the same order in its headers' aria-sort.
import { ESPERAN_AL_PERSONAL, type Estado } from './estados.js';
import type { ParaHoy } from './para-hoy.js';

/** Every column of the inbox sorts; these are their values in the address, in the table's order. */
export const ORDENES_BANDEJA = [
  'numero',
  'fecha',
  'nombre',
  'dni',
  'matricula',
  'estado',
  'responsable',
  'ultimo_cambio',
  'en_estado',
] as const;
export type OrdenBandeja = (typeof ORDENES_BANDEJA)[number];

/**
 * Ascending or descending, as the column shows its values: "En este estado" and "Último cambio"
 * show working days, so ascending is the fewest days first (the newest instant first).
 */
export const DIRECCIONES_ORDEN = ['asc', 'desc'] as const;
export type DireccionOrden = (typeof DIRECCIONES_ORDEN)[number];

export interface OrdenDeBandeja {
  orden: OrdenBandeja;
  dir: DireccionOrden;
}

export const esOrdenBandeja = (valor: unknown): valor is OrdenBandeja =>
  typeof valor === 'string' && (ORDENES_BANDEJA as readonly string[]).includes(valor);
export const esDireccionOrden = (valor: unknown): valor is DireccionOrden =>
  valor === 'asc' || valor === 'desc';

/**
 * The "Para hoy" options (producto §15) whose every row is work waiting on staff — in Recibida,
 * En revisión or Corregida — as with the Estado filter on one of those statuses: the longest
 * waiting comes first. (Plazo vencido keeps Observada ones; the end-date options any status.)
 */
export const PARA_HOY_QUE_ESPERAN: readonly ParaHoy[] = ['nuevas', 'corregidas', 'demoradas'];

/**
 * The order the inbox is in (producto §15): the one chosen (ascending when only the column is
 * given) or, with none, the longest "En este estado" first when the Estado filter is a status
 * that waits on staff or "Para hoy" keeps only such work (PARA_HOY_QUE_ESPERAN), and the newest
 * first otherwise (producto §9).
 */
export function ordenDeLaBandeja(filtro: {
  estado: Estado | '';
  hoy?: ParaHoy | '' | undefined;
  orden?: OrdenBandeja | undefined;
  dir?: DireccionOrden | undefined;
}): OrdenDeBandeja {
  if (filtro.orden) return { orden: filtro.orden, dir: filtro.dir ?? 'asc' };
  const esperanAlPersonal =
    (filtro.estado && ESPERAN_AL_PERSONAL.includes(filtro.estado)) ||
    (filtro.hoy !== undefined && filtro.hoy !== '' && PARA_HOY_QUE_ESPERAN.includes(filtro.hoy));
  return esperanAlPersonal ? { orden: 'en_estado', dir: 'desc' } : { orden: 'fecha', dir: 'desc' };
}

/** PLAZO_REVISION_DIAS when it is not set: working days before an application is "Demorada". */
export const PLAZO_REVISION_DIAS_PREDETERMINADO = 5;

export const TEXTOS_ANTIGUEDAD = {
  ultimoCambio: 'Último cambio',
  enEsteEstado: 'En este estado',
  /** Waiting on staff past PLAZO_REVISION_DIAS working days (producto §15). */
  demorada: 'Demorada',
  hoy: 'Hoy',
  ascendente: 'ascendente',
  descendente: 'descendente',
} as const;

const enteros = new Intl.NumberFormat('es-AR');

/** Working days as the inbox says them: "Hoy", "1 día hábil", "12 días hábiles". */
export const diasHabilesEnTexto = (dias: number): string =>
  dias <= 0 ? TEXTOS_ANTIGUEDAD.hoy : dias === 1 ? '1 día hábil' : `${enteros.format(dias)} días hábiles`;
