// The equipment catalogue's labels as the applicant reads them (producto §5, producto §12): the
// catalogue arrives in capitals without accents ("ECOGRAFO", server/seed/tipos_aparato.csv);
// it is shown in title case with its accents restored ("Ecógrafo"). The dictionary holds the
// catalogue's words that carry an accent; tests/unit/texto.test.ts checks every word of the CSV.
import { normalizar } from './texto.js';

/** Each catalogue word that needs an accent, by its plain lower-case form. */
export const ACENTOS_APARATOS: Readonly<Record<string, string>> = {
  audiometro: 'audiómetro',
  campimetro: 'campímetro',
  densitometro: 'densitómetro',
  ecografo: 'ecógrafo',
  electrobisturi: 'electrobisturí',
  electrocardiografo: 'electrocardiógrafo',
  electroencefalografo: 'electroencefalógrafo',
  electroestimulacion: 'electroestimulación',
  electromiografo: 'electromiógrafo',
  ergometro: 'ergómetro',
  espirometro: 'espirómetro',
  impedanciometro: 'impedanciómetro',
  lampara: 'lámpara',
  laser: 'láser',
  magnetico: 'magnético',
  mamografo: 'mamógrafo',
  multiparametrico: 'multiparamétrico',
  oftalmologico: 'oftalmológico',
  optica: 'óptica',
  oseo: 'óseo',
  poligrafo: 'polígrafo',
  terapeutico: 'terapéutico',
  tomografo: 'tomógrafo',
  tonometro: 'tonómetro',
};

/** One word in lower case, with its accent when the dictionary knows it (a typed accent is kept). */
function palabraConAcento(palabra: string): string {
  const minuscula = palabra.toLocaleLowerCase('es-AR');
  return ACENTOS_APARATOS[normalizar(minuscula)] ?? minuscula;
}

/**
 * "ELECTROCARDIOGRAFO" → "Electrocardiógrafo", "DENSITOMETRO OSEO" → "Densitómetro Óseo": title
 * case with the accents restored. The one label of a tipo de aparato, wherever it is shown.
 */
export function tituloCapitalizado(texto: string): string {
  return texto
    .replace(/\p{L}+/gu, palabraConAcento)
    .replace(/(^|[\s\-/(])(\p{L})/gu, (_m, sep: string, letra: string) => sep + letra.toLocaleUpperCase('es-AR'));
}
