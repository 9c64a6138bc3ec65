// Where the draft lives in the browser (producto §1): IndexedDB through localforage, two stores —
// the statechart's snapshot, and the Blobs of the chosen files keyed by their id. Every write,
// read and clear goes through one queue, so they happen in the order they were asked for (a
// Blob is stored before the upload that reads it; the draft is cleared after the last write).
import localforage from 'localforage';

export interface Almacen {
  getItem<T>(clave: string): Promise<T | null>;
  setItem<T>(clave: string, valor: T): Promise<T>;
  removeItem(clave: string): Promise<void>;
  clear(): Promise<void>;
}

export interface Almacenes {
  borrador: Almacen;
  archivos: Almacen;
  /** Runs `tarea` after everything queued before it. */
  encolar<T>(tarea: () => Promise<T>): Promise<T>;
}

export function crearCola(): Almacenes['encolar'] {
  let cola: Promise<unknown> = Promise.resolve();
  return <T>(tarea: () => Promise<T>) => {
    const resultado = cola.then(tarea);
    // The queue continues even when a task fails; the caller sees the failure.
    cola = resultado.catch(() => {});
    return resultado;
  };
}

let almacenes: Almacenes | null = null;

/** The browser's stores, created on first use. */
export function almacenesDelNavegador(): Almacenes {
  almacenes ??= {
    borrador: localforage.createInstance({ name: 'alta-prestadores', storeName: 'borrador' }),
    archivos: localforage.createInstance({ name: 'alta-prestadores', storeName: 'archivos' }),
    encolar: crearCola(),
  };
  return almacenes;
}
