/** Lower case without diacritics, so "orono" finds "Bv. Oroño" (producto §3). */
export function normalizar(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Keeps only digits: a DNI typed with dots becomes its digits. */
export const soloDigitos = (texto: string): string => texto.replace(/\D+/g, '');

/** Drops the leading zeros: an area code typed "0341" is 341 (the hint says "sin 0"). */
export const sinCerosIniciales = (texto: string): string => texto.replace(/^0+/, '');

/**
 * A message that ends a sentence: a server's message shown before another sentence gets its
 * period when it came without one, so the two never run together.
 */
export function comoOracion(texto: string): string {
  const limpio = texto.trim();
  return limpio === '' || /[.!?…:]$/.test(limpio) ? limpio : `${limpio}.`;
}
