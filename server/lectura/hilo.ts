// The main thread's side of server/lectura/hilo-preparacion.mjs: one worker thread, started when
// first needed and again after it was ended (a timeout) or died (a crash in the PDF parser).
import { Worker } from 'node:worker_threads';

export interface LimitesPreparacion {
  paginasIniciales: number;
  paginasFinales: number;
  caracteresMaximos: number;
  pixelesMaximos: number;
  ladoMayor: number;
  /** Render the pages without text for OCR (false when there is no OCR to read them). */
  conOcr: boolean;
}

export interface Preparado {
  texto: string;
  /** PNG images for OCR: the pages without a text layer, or the image itself, shrunk. */
  imagenes: Uint8Array[];
  /** Pages read that had no text layer. */
  paginasSinTexto: number;
  /** Why an image was refused before decoding it. */
  rechazo?: string;
}

type Respuesta = Partial<Preparado> & { id: number; error?: string };

export class Hilo {
  #worker: Worker | null = null;
  #siguiente = 0;
  #pendientes = new Map<number, { resolver: (r: Respuesta) => void; rechazar: (e: Error) => void }>();

  #arrancar(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./hilo-preparacion.mjs', import.meta.url), {
      // A PDF's parser and a page's raster stay within this; more ends the thread, not the server.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    // An idle thread does not keep a command's process alive.
    worker.unref();
    worker.on('message', (r: Respuesta) => {
      const pendiente = this.#pendientes.get(r.id);
      this.#pendientes.delete(r.id);
      pendiente?.resolver(r);
    });
    const caido = (error: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const p of this.#pendientes.values()) p.rechazar(error);
      this.#pendientes.clear();
    };
    worker.on('error', caido);
    worker.on('exit', (codigo) => caido(new Error(`el hilo de lectura terminó (${codigo})`)));
    this.#worker = worker;
    return worker;
  }

  async preparar(tipo: 'pdf' | 'imagen', bytes: Uint8Array, limites: LimitesPreparacion): Promise<Preparado> {
    const worker = this.#arrancar();
    const id = ++this.#siguiente;
    const copia = new Uint8Array(bytes);
    const r = await new Promise<Respuesta>((resolver, rechazar) => {
      this.#pendientes.set(id, { resolver, rechazar });
      worker.postMessage({ id, tipo, bytes: copia, limites }, [copia.buffer]);
    });
    if (r.error !== undefined) throw new Error(r.error);
    return {
      texto: r.texto ?? '',
      imagenes: r.imagenes ?? [],
      paginasSinTexto: r.paginasSinTexto ?? 0,
      ...(r.rechazo !== undefined ? { rechazo: r.rechazo } : {}),
    };
  }

  async terminar(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }
}
