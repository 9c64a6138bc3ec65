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
