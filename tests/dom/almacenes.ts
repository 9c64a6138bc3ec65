// The browser's two stores kept in memory, with the product's own queue (crearCola): what the
// components and the model's paths run against in jsdom, where there is no IndexedDB.
import { crearCola, type Almacen, type Almacenes } from '../../src/estado/almacen.js';

export function almacenesEnMemoria(): Almacenes {
  const crear = (): Almacen => {
    const mapa = new Map<string, unknown>();
    return {
      getItem: async <T,>(clave: string) => (mapa.has(clave) ? (mapa.get(clave) as T) : null),
      setItem: async <T,>(clave: string, valor: T) => {
        mapa.set(clave, valor);
        return valor;
      },
      removeItem: async (clave: string) => {
        mapa.delete(clave);
      },
      clear: async () => mapa.clear(),
    };
  };
  return { borrador: crear(), archivos: crear(), encolar: crearCola() };
}
