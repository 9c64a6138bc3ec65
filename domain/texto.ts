/** Lower case without diacritics, so "orono" finds "Bv. Oroño" (producto §3). */
export function normalizar(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

export function coincide(nombre: string, busqueda: string): boolean {
  const aguja = normalizar(busqueda);
  return aguja === '' || normalizar(nombre).includes(aguja);
}

/** "ELECTROCARDIOGRAFO" → "Electrocardiografo" (producto §5 shows options in title case). */
export function tituloCapitalizado(texto: string): string {
  return texto
    .toLocaleLowerCase('es-AR')
    .replace(/(^|[\s\-/(])(\p{L})/gu, (_m, sep: string, letra: string) => sep + letra.toLocaleUpperCase('es-AR'));
}

/** Keeps only digits: a DNI typed with dots becomes its digits. */
export const soloDigitos = (texto: string): string => texto.replace(/\D+/g, '');
