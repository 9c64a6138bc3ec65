// What this browser keeps of a correction link across a reload (producto §11), in IndexedDB
// through localforage, in a database of its own (step 2's draft is cleared as a whole after
// sending an application; a correction must not go with it): per token, the chosen files the
// server has not confirmed — their Blobs apart, one key each —, the names the applicant's files had
// once the server confirmed them (it keeps only `<key>.<ext>`), and whether it was already sent.
import localforage from 'localforage';
import type { DocumentoKey } from '../../../domain/index.js';
import type { PendienteGuardado, SubidoGuardado } from '../../../machines/correccion.js';
import { crearCola, type Almacen } from '../../estado/almacen.js';

const VERSION_GUARDADO = 1;

interface Registro {
  version: number;
  enviada: boolean;
  pendientes: PendienteGuardado[];
  /** Absent in what earlier versions of the page kept. */
  subidos?: SubidoGuardado[];
}

export interface Restaurado {
  enviada: boolean;
  pendientes: PendienteGuardado[];
  subidos: SubidoGuardado[];
  /** The Blobs of `pendientes`, by file id. */
  contenidos: Map<string, Blob>;
}

export interface GuardadoCorreccion {
  restaurar(): Promise<Restaurado>;
  guardarPendiente(pendiente: PendienteGuardado, contenido: Blob): Promise<void>;
  borrarPendiente(clave: DocumentoKey): Promise<void>;
  recordarSubido(subido: SubidoGuardado): Promise<void>;
  olvidarSubido(clave: DocumentoKey): Promise<void>;
  marcarEnviada(): Promise<void>;
  olvidar(): Promise<void>;
}

let almacenDelNavegador: Almacen | null = null;
const colaDelNavegador = crearCola();

function almacenDeCorrecciones(): Almacen {
  almacenDelNavegador ??= localforage.createInstance({ name: 'alta-prestadores-correcciones', storeName: 'correcciones' });
  return almacenDelNavegador;
}

/** The store of one token; every read and write in the order asked for. */
export function guardadoDe(
  token: string,
  almacen: Almacen = almacenDeCorrecciones(),
  encolar: <T>(tarea: () => Promise<T>) => Promise<T> = colaDelNavegador,
): GuardadoCorreccion {
  const claveRegistro = `correccion|${token}`;
  const claveArchivo = (id: string) => `archivo|${token}|${id}`;
  const leer = async (): Promise<Registro> => {
    const r = await almacen.getItem<Registro>(claveRegistro);
    return r && r.version === VERSION_GUARDADO ? r : { version: VERSION_GUARDADO, enviada: false, pendientes: [] };
  };
  const quitar = async (registro: Registro, clave: DocumentoKey) => {
    for (const p of registro.pendientes.filter((x) => x.clave === clave)) await almacen.removeItem(claveArchivo(p.archivo.id));
    return { ...registro, pendientes: registro.pendientes.filter((x) => x.clave !== clave) };
  };
  return {
    restaurar: () =>
      encolar(async () => {
        const registro = await leer();
        const contenidos = new Map<string, Blob>();
        const pendientes: PendienteGuardado[] = [];
        for (const p of registro.pendientes) {
          const blob = await almacen.getItem<Blob>(claveArchivo(p.archivo.id));
          // A file whose bytes were lost cannot be resumed: the row shows it empty.
          if (blob) {
            contenidos.set(p.archivo.id, blob);
            pendientes.push(p);
          }
        }
        return { enviada: registro.enviada, pendientes, subidos: registro.subidos ?? [], contenidos };
      }),
    guardarPendiente: (pendiente, contenido) =>
      encolar(async () => {
        const registro = await quitar(await leer(), pendiente.clave);
        await almacen.setItem(claveArchivo(pendiente.archivo.id), contenido);
        await almacen.setItem(claveRegistro, { ...registro, pendientes: [...registro.pendientes, pendiente] });
      }),
    borrarPendiente: (clave) =>
      encolar(async () => {
        await almacen.setItem(claveRegistro, await quitar(await leer(), clave));
      }),
    recordarSubido: (subido) =>
      encolar(async () => {
        const registro = await leer();
        const otros = (registro.subidos ?? []).filter((x) => x.clave !== subido.clave);
        await almacen.setItem(claveRegistro, { ...registro, subidos: [...otros, subido] });
      }),
    olvidarSubido: (clave) =>
      encolar(async () => {
        const registro = await leer();
        await almacen.setItem(claveRegistro, { ...registro, subidos: (registro.subidos ?? []).filter((x) => x.clave !== clave) });
      }),
    marcarEnviada: () =>
      encolar(async () => {
        let registro = await leer();
        for (const p of registro.pendientes) registro = await quitar(registro, p.clave);
        await almacen.setItem(claveRegistro, { ...registro, subidos: [], enviada: true });
      }),
    olvidar: () =>
      encolar(async () => {
        let registro = await leer();
        for (const p of registro.pendientes) registro = await quitar(registro, p.clave);
        await almacen.removeItem(claveRegistro);
      }),
  };
}
