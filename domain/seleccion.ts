// Selection and bulk actions of the inbox (producto §15): a checkbox per row, "Seleccionar las N
// de esta búsqueda", and for the selection "Asignar a…" and "Exportar CSV". The requests, answers,
// limits and texts shared by the server and the back-office. Whether an application may be
// assigned is the lifecycle chart's (./ciclo-de-vida.ts), as on the detail page.
import type { FiltroBandeja } from './gestion.js';

/**
 * At most this many applications in one bulk "Asignar a…" (one transaction, a history row and an
 * audit row each) and in one selection of numbers. A larger search is exported, not assigned.
 */
export const SELECCION_MAXIMA = 500;

/**
 * The inbox's filter without its page and order: what "Seleccionar las N de esta búsqueda" selects
 * and "Exportar CSV" exports (the file keeps the inbox's default order, newest first).
 */
export type FiltroDeSeleccion = Omit<FiltroBandeja, 'pagina' | 'orden' | 'dir'>;

export function filtroDeSeleccion(filtro: FiltroBandeja): FiltroDeSeleccion {
  const { pagina: _p, orden: _o, dir: _d, ...busqueda } = filtro;
  return busqueda;
}

/** A selected row as the page showed it: its number and its Responsable's usuario (null: nobody). */
export interface SeleccionadaVista {
  numero: string;
  visto: string | null;
}

/**
 * GET /api/gestion/seleccion: the whole search fixed as a selection. `huella` sums up the matches
 * as they are now (each one's number, status, Responsable and last change): the assignment sends
 * it back, and a search that changed meanwhile is refused (409). Null when the search has more
 * than SELECCION_MAXIMA matches: then it can be exported but not assigned at once.
 */
export interface SeleccionDeBusqueda {
  total: number;
  /** False when there are more than `total` (counted up to CONTEO_MAXIMO). */
  totalExacto: boolean;
  huella: string | null;
  /** Matches this account may not assign (closed ones, as the chart says); null without huella. */
  noAsignables: number | null;
}

/** POST /api/gestion/seleccion/responsable: "Asignar a…" for numbers or for the whole search. */
export type PedidoAsignacionMasiva = { a: string } & (
  { numeros: SeleccionadaVista[] } | { busqueda: { filtro: FiltroDeSeleccion; huella: string } }
);

export interface AsignacionMasiva {
  /** Applications given to the account now. */
  asignadas: number;
  /** Applications the account already had: left as they were. */
  yaLaTenian: number;
}

export const TEXTOS_SELECCION = {
  /** The accessible name of a row's checkbox. */
  seleccionar: (numero: string) => `Seleccionar ${numero}`,
  seleccionarPagina: 'Seleccionar las solicitudes de esta página',
  seleccionarBusqueda: (total: string) => `Seleccionar las ${total} de esta búsqueda`,
  acciones: 'Acciones con la selección',
  ninguna: 'Ninguna solicitud seleccionada: «Exportar CSV» exporta toda la búsqueda.',
  seleccionadas: (n: number) =>
    n === 1 ? '1 solicitud seleccionada.' : `${n.toLocaleString('es-AR')} solicitudes seleccionadas.`,
  todaLaBusqueda: (total: string) => `Seleccionadas las ${total} solicitudes de esta búsqueda.`,
  quitarSeleccion: 'Quitar la selección',
  demasiadas: `Se asignan hasta ${SELECCION_MAXIMA.toLocaleString('es-AR')} solicitudes a la vez. Acotá la búsqueda.`,
  noAsignables: 'La selección incluye solicitudes cerradas (Aprobada o Rechazada): no se asignan.',
  /** The whole search is no longer what was selected (someone changed an application or sent one). */
  busquedaCambiada:
    'La búsqueda cambió mientras tanto (alguien movió, asignó o envió una solicitud). Volvé a seleccionarla y revisá antes de asignar.',
  asignadas: (n: number, nombre: string, ya: number) =>
    `${n === 1 ? 'Se asignó 1 solicitud' : `Se asignaron ${n.toLocaleString('es-AR')} solicitudes`} a ${nombre}.` +
    (ya > 0 ? ` ${ya === 1 ? '1 ya era suya' : `${ya.toLocaleString('es-AR')} ya eran suyas`}.` : ''),
  /** One application's refusal, named in a bulk answer. */
  enLaSolicitud: (numero: string, mensaje: string) => `${numero}: ${mensaje}`,
  solicitudInexistente: (numero: string) => `No existe la solicitud ${numero}.`,
  /** "Exportar CSV" with numbers and a filter at once. */
  numerosOFiltro: 'Exportá una selección de números o un filtro, no los dos.',
} as const;
