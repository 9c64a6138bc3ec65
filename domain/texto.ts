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
