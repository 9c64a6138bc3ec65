/** Writes .br and .gz copies of every text file under `salida`. */
export function precomprimir(salida: string): Promise<void>;
