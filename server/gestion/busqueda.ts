// The inbox's search key (producto §9): name, number, DNI and matrícula in lower case without
// accents, kept in a column so the same LIKEs find "Peña" from "pena" on SQLite and PostgreSQL.
// The name goes first and ends in a tab (below every character a name holds): ordered as bytes,
// the key orders by the name without accents or case, a shorter name before a longer one it
// begins, then by the number — the inbox's "Apellido y nombres" sort (producto §15,
// ./orden-bandeja.ts). No search word holds a tab or a space, so none matches across two fields.
import { normalizar } from '../../domain/index.js';

export interface Buscable {
  numero: string;
  dni: string;
  matricula: string;
  apellidoynombre: string;
}

export const claveDeBusqueda = (s: Buscable): string =>
  `${normalizar(s.apellidoynombre)}\t${[s.numero, s.dni, s.matricula].map(normalizar).join(' ')}`;

/**
 * The words of a search as the column stores them, with LIKE's own characters escaped (the query
 * says ESCAPE '\'): a row matches when it holds every word, in any order (producto §15: "juan
 * perez" finds "Pérez, Juan"). Commas and semicolons separate words like spaces, so "perez, juan"
 * and "juan, perez" find the same rows.
 */
export const terminosDeBusqueda = (q: string): string[] =>
  normalizar(q)
    .split(/[\s,;]+/)
    .filter((palabra) => palabra !== '')
    .map((palabra) => palabra.replace(/[\\%_]/g, (c) => `\\${c}`));
