// The autocomplete's filtering: accent- and case-insensitive substring (domain's `normalizar`),
// with the labels normalised once per catalogue so 3,000 options filter per keystroke cheaply.
// `npm run bench` times this very module (medicion/bench/autocompletar.ts).
import { normalizar } from '../../../domain/index.js';

export interface Indexado<T> {
  opcion: T;
  etiqueta: string;
  normal: string;
}

export function indexar<T>(opciones: readonly T[], etiquetaDe: (o: T) => string): Indexado<T>[] {
  return opciones.map((opcion) => {
    const etiqueta = etiquetaDe(opcion);
    return { opcion, etiqueta, normal: normalizar(etiqueta) };
  });
}

/** Every match, in catalogue order; the caller renders only the first few. */
export function filtrar<T>(indice: readonly Indexado<T>[], texto: string): Indexado<T>[] {
  const aguja = normalizar(texto);
  return aguja === '' ? [...indice] : indice.filter((i) => i.normal.includes(aguja));
}

/** The one option whose label equals the text (ignoring accents and case), if any. */
export function exacta<T>(indice: readonly Indexado<T>[], texto: string): Indexado<T> | null {
  const aguja = normalizar(texto);
  if (aguja === '') return null;
  const iguales = indice.filter((i) => i.normal === aguja);
  return iguales.length === 1 ? iguales[0]! : null;
}
