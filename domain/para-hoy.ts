// What needs the back-office today (producto §15, "Tablero"): the options of the inbox's select
// "Para hoy" — the same words on the Tablero, whose counts link to the inbox with that option —
// and the Tablero's answer. What each option asks of an application is defined once, on the
// server (server/gestion/para-hoy.ts), for the inbox's filter, its CSV and the Tablero's counts.
import type { Estado } from './estados.js';
import type { CuentaNombrada } from './responsable.js';
import { TEXTOS_SEGUIMIENTO } from './seguimiento.js';
import { TEXTOS_RECREDENCIALIZACION } from './recredencializacion.js';
import { TEXTOS_CONFIRMACION } from './confirmacion.js';

/** The values of `?hoy=`, in the order the select and the Tablero show them. */
export const OPCIONES_PARA_HOY = [
  'nuevas',
  'corregidas',
  'demoradas',
  'plazo_vencido',
  'vence30',
  'vencidas',
  'recredencializaciones',
  'recredencializacion_vencida',
  'sin_confirmar',
] as const;
export type ParaHoy = (typeof OPCIONES_PARA_HOY)[number];

export const esParaHoy = (valor: unknown): valor is ParaHoy =>
  typeof valor === 'string' && (OPCIONES_PARA_HOY as readonly string[]).includes(valor);

/** Each option's name and what it finds (`dias`: PLAZO_REVISION_DIAS, for "Demoradas"). */
export const PARA_HOY: Record<ParaHoy, { etiqueta: string; ayuda: (dias: number) => string }> = {
  nuevas: {
    etiqueta: 'Nuevas sin asignar',
    ayuda: () => 'Recibidas que nadie tomó todavía.',
  },
  corregidas: {
    etiqueta: 'Corregidas',
    ayuda: () => 'El solicitante envió la corrección: esperan revisión.',
  },
  demoradas: {
    etiqueta: 'Demoradas',
    ayuda: (dias) =>
      `En Recibida, En revisión o Corregida hace más de ${dias === 1 ? '1 día hábil' : `${dias} días hábiles`}.`,
  },
  plazo_vencido: {
    etiqueta: TEXTOS_SEGUIMIENTO.plazoVencido,
    ayuda: () => 'Observadas cuyo plazo de corrección venció sin respuesta.',
  },
  vence30: {
    etiqueta: TEXTOS_SEGUIMIENTO.venceEn30Dias,
    ayuda: () => 'Con un documento cuya vigencia termina entre hoy y dentro de 30 días.',
  },
  vencidas: {
    etiqueta: 'Vencidas',
    ayuda: () => 'Con un documento cuya vigencia ya terminó (sin contar las rechazadas).',
  },
  // Re-credentialing (producto §17).
  recredencializaciones: {
    etiqueta: 'Recredencializaciones',
    ayuda: () => 'Enviadas con el enlace de recredencialización: esperan revisión.',
  },
  recredencializacion_vencida: {
    etiqueta: TEXTOS_RECREDENCIALIZACION.vencida,
    ayuda: () => 'Aprobadas cuyo enlace de recredencialización venció sin respuesta.',
  },
  // Re-attestation (producto §17).
  sin_confirmar: {
    etiqueta: TEXTOS_CONFIRMACION.sinConfirmar,
    ayuda: () => TEXTOS_CONFIRMACION.ayudaSinConfirmar,
  },
};

export const TEXTOS_PARA_HOY = {
  filtro: 'Para hoy',
  todas: 'Todas',
} as const;

/** One row of "Solicitudes abiertas por Responsable": an account, or nobody ("Sin asignar"). */
export interface FilaResponsableTablero {
  cuenta: CuentaNombrada | null;
  /** Open applications it holds, per open status (every status of `estadosAbiertos`). */
  porEstado: Partial<Record<Estado, number>>;
  total: number;
}

/**
 * "Tiempo de resolución" of one Argentine month: the applications resolved in it (Aprobada or
 * Rechazada) and the median and 90th percentile of their working days, null when none.
 */
export interface MesDeResolucion {
  /** AAAA-MM. */
  mes: string;
  resueltas: number;
  mediana: number | null;
  p90: number | null;
}

/** GET /api/gestion/tablero. */
export interface Tablero {
  /** Counted at this instant. */
  en: string;
  /** PLAZO_REVISION_DIAS: what "Demoradas" means here. */
  plazoRevisionDias: number;
  paraHoy: Record<ParaHoy, number>;
  porEstado: Record<Estado, number>;
  /** The statuses that are not final, in their order: the columns of `porResponsable`. */
  estadosAbiertos: Estado[];
  /** Active accounts and whoever holds an open application, by name; "Sin asignar" last. */
  porResponsable: FilaResponsableTablero[];
  /** The last 12 months, oldest first, the current one included. */
  resolucion: MesDeResolucion[];
}

export const TEXTOS_TABLERO = {
  titulo: 'Tablero',
  paraHoy: 'Para hoy',
  porEstado: 'Solicitudes por estado',
  leyendaEstado: 'Cantidad de solicitudes en cada estado',
  solicitudes: 'Solicitudes',
  /** What a count says to a screen reader after its number ("12 solicitudes en Recibida"). */
  enEstado: (estado: string) => `solicitudes en ${estado}`,
  deResponsable: (nombre: string | null, estado: string) =>
    `solicitudes ${nombre === null ? 'sin asignar' : `de ${nombre}`} en ${estado}`,
  abiertasDe: (nombre: string | null) =>
    `solicitudes abiertas ${nombre === null ? 'sin asignar' : `de ${nombre}`}`,
  porResponsable: 'Solicitudes abiertas por Responsable',
  leyendaResponsable: 'Solicitudes abiertas por Responsable y estado',
  totalAbiertas: 'Total abiertas',
  resolucion: 'Tiempo de resolución',
  resolucionAyuda:
    'Días hábiles desde el envío hasta Aprobada o Rechazada, sin contar los días en Observada, según el mes en que se resolvió.',
  leyendaResolucion: 'Tiempo de resolución por mes, en días hábiles',
  regionGrafico: 'Gráfico del tiempo de resolución',
  referencias: 'Referencias del gráfico',
  enDiasHabiles: (que: string) => `${que} (días hábiles)`,
  sinResoluciones: 'sin resoluciones',
  mes: 'Mes',
  resueltas: 'Resueltas',
  mediana: 'Mediana',
  p90: 'Percentil 90',
  sinDatos: '—',
  graficoResolucion: (meses: number) =>
    `Gráfico de barras del tiempo de resolución de los últimos ${meses} meses: mediana y percentil 90 en días hábiles. Los mismos valores están en la tabla siguiente.`,
  datosDe: (fecha: string) => `Datos de ${fecha}.`,
  cargando: 'Cargando el tablero…',
  errorDeCarga: 'No se pudo cargar el tablero.',
} as const;
