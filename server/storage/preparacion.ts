// The local staging every store shares: an upload is streamed to a temporary file under
// DATA_DIR/documentos/.tmp of the process that receives it (counted and hashed), so its type can
// be judged from the bytes before anything durable is written; `confirmar` of each store then
// moves the bytes to where they live. Temporary files left by a crash are removed by the sweep.
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CONTENIDO_EN_MEMORIA, type DocumentStore, type DocumentoPreparado } from './almacen.js';

/** Stored names are ours: 32 lowercase hex characters (anything else is a corrupted row). */
export const NOMBRE_VALIDO = /^[a-f0-9]{32}$/;

function nombreNuevo(): string {
  return randomBytes(16).toString('hex');
}

/** Throws on a name that is not one of ours, before it reaches a path, a key or a query. */
export function validarNombre(nombre: string): string {
  if (!NOMBRE_VALIDO.test(nombre)) throw new Error('Nombre de documento inválido');
  return nombre;
}

export async function fsyncRuta(ruta: string): Promise<void> {
  const fh = await open(ruta, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

export interface Huella {
  bytes: number;
  sha256: string;
}

/**
 * A pass-through that counts and hashes what goes by; read `huella()` after the stream ends, and
 * `contenido()`: all the bytes when they were no more than CONTENIDO_EN_MEMORIA, else undefined.
 */
export function contador(): { paso: Transform; huella: () => Huella; contenido: () => Buffer | undefined } {
  const hash = createHash('sha256');
  let bytes = 0;
  let sha256: string | null = null;
  // Kept while the total fits in CONTENIDO_EN_MEMORIA, dropped as soon as it does not.
  let trozos: Buffer[] | null = [];
  const paso = new Transform({
    transform(chunk: Buffer, _enc, listo) {
      bytes += chunk.length;
      hash.update(chunk);
      if (trozos && bytes <= CONTENIDO_EN_MEMORIA) trozos.push(chunk);
      else trozos = null;
      listo(null, chunk);
    },
  });
  return {
    paso,
    huella: () => ({ bytes, sha256: (sha256 ??= hash.digest('hex')) }),
    contenido: () => (trozos ? Buffer.concat(trozos, bytes) : undefined),
  };
}

/**
 * Writes a new file and leaves it open, for its fsync and close afterwards (a file stream closes
 * its descriptor when destroyed, and one made from a FileHandle holds the handle's close until the
 * stream closes). The file is opened by the stream itself, so the pipeline it ends is attached at
 * once: a source that fails first still has its error handled.
 */
class EscritorDeArchivo extends Writable {
  archivo: FileHandle | null = null;

  constructor(private readonly ruta: string) {
    super();
  }

  override _construct(listo: (error?: Error | null) => void) {
    open(this.ruta, 'wx', 0o600).then((archivo) => {
      this.archivo = archivo;
      listo();
    }, listo);
  }

  override _write(trozo: Buffer, _codificacion: BufferEncoding, listo: (error?: Error | null) => void) {
    this.archivo!.write(trozo).then(() => listo(), listo);
  }

  override _writev(trozos: { chunk: Buffer }[], listo: (error?: Error | null) => void) {
    this.archivo!.writev(trozos.map((t) => t.chunk)).then(() => listo(), listo);
  }
}

/** The fsync of each staged file the disk store will rename into place, started as it was staged. */
const SINCRONIZACIONES = new WeakMap<DocumentoPreparado, Promise<void>>();

/**
 * Resolves once the staged bytes are on disk: the fsync `preparar` started for a durable staging
 * (preparacionLocal's `durable`), or one run now. The disk store awaits it before the rename that
 * makes the file a document.
 */
export function sincronizado(preparado: DocumentoPreparado): Promise<void> {
  return SINCRONIZACIONES.get(preparado) ?? fsyncRuta(preparado.rutaTemporal);
}

export interface Preparacion {
  /** DATA_DIR/documentos: the disk store keeps its documents here, next to the staging area. */
  readonly raiz: string;
  readonly temporales: string;
  preparar(origen: Readable, pasos?: readonly Transform[]): Promise<DocumentoPreparado>;
  descartar(preparado: DocumentoPreparado): Promise<void>;
  limpiarTemporales(antesDe: Date): Promise<number>;
}

/**
 * `durable`: the staged file becomes the document itself (the disk store renames it into place),
 * so its fsync starts as soon as it is written — in the background, while the next part of the
 * request is read — and `sincronizado` waits for it. The other stores copy the bytes elsewhere
 * and never need the staged file on disk.
 */
export function preparacionLocal(dataDir: string, { durable = false } = {}): Preparacion {
  const raiz = path.join(dataDir, 'documentos');
  const temporales = path.join(raiz, '.tmp');
  mkdirSync(temporales, { recursive: true, mode: 0o700 });

  return {
    raiz,
    temporales,

    async preparar(origen, pasos = []) {
      const rutaTemporal = path.join(temporales, nombreNuevo());
      const contar = contador();
      // The file stays open after the writing, so its fsync needs no second open (each open,
      // sync and close is a trip through libuv's thread pool, eight files per upload).
      const escritor = new EscritorDeArchivo(rutaTemporal);
      try {
        // One pipeline for the whole chain: each costs its own set-up and tear-down.
        await pipeline([origen, ...pasos, contar.paso, escritor]);
      } catch (error) {
        // The pipeline can fail before the file is even open: once the writer is closed, its
        // file is either open or was never created.
        if (!escritor.closed) await once(escritor, 'close').catch(() => {});
        await escritor.archivo?.close().catch(() => {});
        await rm(rutaTemporal, { force: true });
        throw error;
      }
      const archivo = escritor.archivo!;
      const contenido = contar.contenido();
      const preparado: DocumentoPreparado = {
        rutaTemporal,
        ...contar.huella(),
        ...(contenido ? { contenido } : {}),
      };
      if (durable) {
        const fsync = archivo.sync().finally(() => archivo.close());
        // Awaited by the commit (sincronizado); a staging discarded first never awaits it.
        fsync.catch(() => {});
        SINCRONIZACIONES.set(preparado, fsync);
      } else {
        await archivo.close();
      }
      return preparado;
    },

    async descartar(preparado) {
      await rm(preparado.rutaTemporal, { force: true });
    },

    async limpiarTemporales(antesDe) {
      let borrados = 0;
      for (const nombre of await readdir(temporales)) {
        const archivo = path.join(temporales, nombre);
        const info = await stat(archivo).catch(() => null);
        if (info && info.mtime < antesDe) {
          await rm(archivo, { force: true });
          borrados++;
        }
      }
      return borrados;
    },
  };
}

/** What a store adds to the shared staging: moving staged bytes in, and reading them back. */
export interface Destino extends Pick<DocumentStore, 'abrir' | 'eliminar' | 'listar' | 'cerrar'> {
  /**
   * Makes the staged file durable under `nombre` (replacing one of that name when `reemplazar`)
   * and removes the staged file; on failure nothing of `nombre` is left half-written.
   */
  guardar(preparado: DocumentoPreparado, nombre: string, reemplazar: boolean): Promise<void>;
  /** `guardar` of several new documents with one durable step; the default saves them in turn. */
  guardarVarios?(lote: readonly { preparado: DocumentoPreparado; nombre: string }[]): Promise<void>;
}

/** A DocumentStore from the shared staging and a store's destination: every store commits alike. */
export function almacenSobre(local: Preparacion, destino: Destino): DocumentStore {
  const { guardar, guardarVarios, ...resto } = destino;
  return {
    ...resto,
    preparar: local.preparar,
    descartar: local.descartar,
    limpiarTemporales: local.limpiarTemporales,

    async confirmar(preparado) {
      const nombre = nombreNuevo();
      await guardar(preparado, nombre, false);
      return nombre;
    },

    async confirmarVarios(preparados) {
      const lote = preparados.map((preparado) => ({ preparado, nombre: nombreNuevo() }));
      if (guardarVarios) {
        await guardarVarios(lote);
      } else {
        const hechos: string[] = [];
        try {
          for (const { preparado, nombre } of lote) {
            await guardar(preparado, nombre, false);
            hechos.push(nombre);
          }
        } catch (error) {
          for (const nombre of hechos) await resto.eliminar(nombre).catch(() => {});
          throw error;
        }
      }
      return lote.map((l) => l.nombre);
    },

    async escribir(nombre, origen) {
      validarNombre(nombre);
      // Staged first: every store needs the length, and a failed restore leaves nothing behind.
      const preparado = await local.preparar(origen);
      try {
        await guardar(preparado, nombre, true);
      } finally {
        await local.descartar(preparado);
      }
    },
  };
}
