// The inbox's search key (producto §9): number, DNI, matrícula and name in lower case without
// accents, kept in a column so the same LIKE finds "Peña" from "pena" on SQLite and PostgreSQL.
import { normalizar } from '../../domain/index.js';

export interface Buscable {
  numero: string;
  dni: string;
  matricula: string;
  apellidoynombre: string;
}

export const claveDeBusqueda = (s: Buscable): string =>
  [s.numero, s.dni, s.matricula, s.apellidoynombre].map(normalizar).join(' ');

/** A term as the column stores it, with LIKE's own characters escaped (the query says ESCAPE '\'). */
export const terminoDeBusqueda = (q: string): string =>
  normalizar(q).replace(/[\\%_]/g, (c) => `\\${c}`);
