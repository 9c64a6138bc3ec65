// Dates as an e-mail writes them to a person in Argentina: "viernes 11 de diciembre de 2026".
// Written by hand rather than with Intl: the ICU data of each Node build words it slightly
// differently ("viernes, 11 de…"), and a message must read the same from every process.
import { MESES } from '../../domain/fecha.js';

const DIAS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const;

/** A calendar day (YYYY-MM-DD) in words: "viernes 11 de diciembre de 2026". */
export function fechaEnPalabras(fecha: string): string {
  const partes = /^(\d{4})-(\d{2})-(\d{2})$/.exec(fecha);
  const dia = partes ? new Date(Date.UTC(Number(partes[1]), Number(partes[2]) - 1, Number(partes[3]))) : null;
  if (!partes || !dia || dia.toISOString().slice(0, 10) !== fecha) {
    throw new RangeError(`No es una fecha YYYY-MM-DD: ${fecha}`);
  }
  return `${DIAS[dia.getUTCDay()]} ${dia.getUTCDate()} de ${MESES[dia.getUTCMonth()]} de ${dia.getUTCFullYear()}`;
}

/** "1 día" / "5 días". */
export const dias = (n: number): string => (n === 1 ? '1 día' : `${n} días`);
