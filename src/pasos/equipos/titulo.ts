/** "ELECTROCARDIOGRAFO" → "Electrocardiografo" (producto §5 shows options in title case). */
export function tituloCapitalizado(texto: string): string {
  return texto
    .toLocaleLowerCase('es-AR')
    .replace(/(^|[\s\-/(])(\p{L})/gu, (_m, sep: string, letra: string) => sep + letra.toLocaleUpperCase('es-AR'));
}
