// The deadline of a correction link (producto §11): 10 working days after the day staff observed
// the application, counted in Argentina — Monday to Friday, without the national holidays of
// date-holidays (maintained upstream, so movable and new holidays need no code here). The link
// works until the end of its last day, Argentine time (UTC−3 all year since 2009).
// date-holidays (every country's rules, about 0.15 s to load) is required the first time a
// deadline is counted, not when the server or a command starts.
import { createRequire } from 'node:module';
import type Holidays from 'date-holidays';
import { DIAS_HABILES_CORRECCION, ZONA_ARGENTINA } from '../../domain/index.js';

const requerir = createRequire(import.meta.url);
let feriados: Holidays | undefined;
const calendario = (): Holidays => (feriados ??= new (requerir('date-holidays') as typeof Holidays)('AR'));
const porAnio = new Map<number, Set<string>>();

/** The national holidays (type "public") of a year, as YYYY-MM-DD. */
function feriadosDe(anio: number): Set<string> {
  let dias = porAnio.get(anio);
  if (!dias) {
    dias = new Set(
      calendario()
        .getHolidays(anio)
        .filter((f) => f.type === 'public')
        .map((f) => f.date.slice(0, 10)),
    );
    porAnio.set(anio, dias);
  }
  return dias;
}

const fechaLocal = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONA_ARGENTINA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) an instant falls on in Argentina. */
export const diaArgentino = (instante: Date): string => fechaLocal.format(instante);

const comoUtc = (fecha: string) => new Date(`${fecha}T00:00:00Z`);
const diaSiguiente = (fecha: string) =>
  new Date(comoUtc(fecha).getTime() + 86_400_000).toISOString().slice(0, 10);

export function esDiaHabil(fecha: string): boolean {
  const semana = comoUtc(fecha).getUTCDay();
  return semana !== 0 && semana !== 6 && !feriadosDe(Number(fecha.slice(0, 4))).has(fecha);
}

/** The `dias`-th working day after `desde` (which itself does not count). */
export function sumarDiasHabiles(desde: string, dias: number): string {
  let fecha = desde;
  for (let contados = 0; contados < dias;) {
    fecha = diaSiguiente(fecha);
    if (esDiaHabil(fecha)) contados++;
  }
  return fecha;
}

/**
 * Working days are also how the back-office measures waiting (producto §15): "En este estado",
 * "Demorada", "Tiempo de resolución". A day's ordinal — the working days from 2000-01-01 up to it,
 * itself included — makes each of those a subtraction, so 100,000 rows cost no day-by-day walks.
 * Each year's running counts are computed once.
 */
const ANIO_BASE = 2000;
const acumuladoPorAnio = new Map<number, { antes: number; dias: Uint16Array }>();

function acumuladoDe(anio: number): { antes: number; dias: Uint16Array } {
  let a = acumuladoPorAnio.get(anio);
  if (!a) {
    const previo = anio > ANIO_BASE ? acumuladoDe(anio - 1) : null;
    const antes = previo ? previo.antes + previo.dias[previo.dias.length - 1]! : 0;
    const largo = (Date.UTC(anio + 1, 0, 1) - Date.UTC(anio, 0, 1)) / 86_400_000;
    const dias = new Uint16Array(largo);
    let cuenta = 0;
    for (let i = 0; i < largo; i++) {
      if (esDiaHabil(new Date(Date.UTC(anio, 0, 1 + i)).toISOString().slice(0, 10))) cuenta++;
      dias[i] = cuenta;
    }
    a = { antes, dias };
    acumuladoPorAnio.set(anio, a);
  }
  return a;
}

/** Working days from 2000-01-01 to `fecha` (YYYY-MM-DD), `fecha` included; 0 before 2000. */
export function ordinalHabil(fecha: string): number {
  const anio = Number(fecha.slice(0, 4));
  if (anio < ANIO_BASE) return 0;
  const { antes, dias } = acumuladoDe(anio);
  const indice = (comoUtc(fecha).getTime() - Date.UTC(anio, 0, 1)) / 86_400_000;
  return antes + dias[indice]!;
}

/**
 * Working days from the instant `desde` to the instant `hasta`, counted in Argentine days: the
 * working days after the day of `desde` up to the day of `hasta`. The same day is 0; Friday to
 * Monday is 1.
 */
export const diasHabilesEntre = (desde: Date, hasta: Date): number =>
  Math.max(0, ordinalHabil(diaArgentino(hasta)) - ordinalHabil(diaArgentino(desde)));

/**
 * The first instant at which something that has waited since then has waited `dias` working days
 * or fewer at `ahora`: what started before it has waited more (diasHabilesEntre > dias). It is the
 * start, in Argentina, of the working day `dias` working days before today (today's own count when
 * today is not one), so the inbox and the Tablero compare a stored instant with it in SQL.
 */
export function inicioDelPlazo(ahora: Date, dias: number): string {
  const objetivo = ordinalHabil(diaArgentino(ahora)) - dias;
  let fecha = diaArgentino(ahora);
  // Back to the working day whose ordinal is `objetivo` (at most `dias` working days and the
  // weekends and holidays between them).
  while (ordinalHabil(fecha) > objetivo || !esDiaHabil(fecha)) {
    fecha = new Date(comoUtc(fecha).getTime() - 86_400_000).toISOString().slice(0, 10);
  }
  return new Date(comoUtc(fecha).getTime() + 3 * 3_600_000).toISOString();
}

/** The last millisecond of a day in Argentina (its midnight is 03:00 UTC). */
export const finDelDiaArgentina = (fecha: string): number =>
  comoUtc(diaSiguiente(fecha)).getTime() + 3 * 3_600_000 - 1;

export interface Plazo {
  /** YYYY-MM-DD, shown to the applicant. */
  plazo: string;
  venceMs: number;
}

export function plazoDeCorreccion(observadaEn: Date, dias: number = DIAS_HABILES_CORRECCION): Plazo {
  const plazo = sumarDiasHabiles(diaArgentino(observadaEn), dias);
  return { plazo, venceMs: finDelDiaArgentina(plazo) };
}
