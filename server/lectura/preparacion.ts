// The server's side of server/lectura/proceso-preparacion.mjs: one child process, started when
// first needed and again after it was ended (a timeout) or died. A process, not a worker thread:
// pdfjs and the native canvas run there, and a crash of native code (or running out of memory)
// ends that process only — never the web process, which merely starts another one.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

export class Preparacion {
  #proceso: ChildProcess | null = null;
  #siguiente = 0;
  #pendientes = new Map<number, { resolver: (r: Respuesta) => void; rechazar: (e: Error) => void }>();

  #arrancar(): ChildProcess {
    if (this.#proceso) return this.#proceso;
    const proceso = fork(fileURLToPath(new URL('./proceso-preparacion.mjs', import.meta.url)), [], {
      // Plain JavaScript: none of the parent's loaders (tsx, Vitest). A PDF's parser and a page's
      // raster stay within this heap; more ends the child, not the server.
      execArgv: ['--max-old-space-size=512'],
      // Structured clone: bytes travel as Uint8Array, not as JSON.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    proceso.on('message', (r: Respuesta) => {
      const pendiente = this.#pendientes.get(r.id);
      this.#pendientes.delete(r.id);
      pendiente?.resolver(r);
      // Idle again: it does not keep a command's process alive.
      if (this.#pendientes.size === 0) this.#soltar(proceso);
    });
    const caido = (error: Error) => {
      if (this.#proceso === proceso) this.#proceso = null;
      for (const p of this.#pendientes.values()) p.rechazar(error);
      this.#pendientes.clear();
    };
    proceso.on('error', caido);
    proceso.on('exit', (codigo, senal) =>
      caido(new Error(`el proceso de lectura terminó (${senal ?? codigo ?? 'sin código'})`)),
    );
    this.#soltar(proceso);
    this.#proceso = proceso;
    return proceso;
  }

  #soltar(proceso: ChildProcess): void {
    proceso.unref();
    proceso.channel?.unref();
  }

  async preparar(tipo: 'pdf' | 'imagen', bytes: Uint8Array, limites: LimitesPreparacion): Promise<Preparado> {
    const proceso = this.#arrancar();
    const id = ++this.#siguiente;
    const r = await new Promise<Respuesta>((resolver, rechazar) => {
      this.#pendientes.set(id, { resolver, rechazar });
      // Working: the channel keeps this process waiting for the answer.
      proceso.ref();
      proceso.channel?.ref();
      proceso.send({ id, tipo, bytes, limites }, (error) => {
        if (error) {
          this.#pendientes.delete(id);
          rechazar(error);
        }
      });
    });
    if (r.error !== undefined) throw new Error(r.error);
    return {
      texto: r.texto ?? '',
      imagenes: (r.imagenes ?? []).map((b) => new Uint8Array(b)),
      paginasSinTexto: r.paginasSinTexto ?? 0,
      ...(r.rechazo !== undefined ? { rechazo: r.rechazo } : {}),
    };
  }

  async terminar(): Promise<void> {
    const proceso = this.#proceso;
    this.#proceso = null;
    if (!proceso || proceso.exitCode !== null || proceso.signalCode !== null) return;
    const fin = new Promise<void>((r) => proceso.once('exit', () => r()));
    proceso.kill('SIGKILL');
    await fin;
  }
}
