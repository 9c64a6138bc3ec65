// Where documents live. The interface is small so an object store can replace the local disk:
// a document is first staged (streamed, counted, hashed), then committed under a generated name.
import type { Readable, Transform } from 'node:stream';

export interface DocumentoPreparado {
  /** A local file with the staged bytes, for type detection before committing. */
  readonly rutaTemporal: string;
  readonly bytes: number;
  readonly sha256: string;
  /**
   * The staged bytes themselves when they are few (up to CONTENIDO_EN_MEMORIA): the checks of
   * server/archivos/ read them here instead of opening the file again, and judge them alike.
   */
  readonly contenido?: Buffer;
}

/** What the checks of an upload read: the staged file, or its bytes when they were kept. */
export type ArchivoPreparado = Pick<DocumentoPreparado, 'rutaTemporal' | 'contenido'>;

/** Files up to this size are kept in memory while staged (one read chunk of a file stream). */
export const CONTENIDO_EN_MEMORIA = 64 * 1024;

export interface DocumentStore {
  /**
   * Streams `origen` into a staging area, counting and hashing; never holds it in memory. The
   * bytes go through `pasos` first (an upload's PDF scan), in the same pipeline, so an error of
   * any stage fails the staging.
   */
  preparar(origen: Readable, pasos?: readonly Transform[]): Promise<DocumentoPreparado>;
  /** Makes a staged document durable under a new generated name and returns that name. */
  confirmar(preparado: DocumentoPreparado): Promise<string>;
  /**
   * `confirmar` for several at once (an upload's files): all of them durable, or none — what was
   * committed before a failure is removed again. The disk store syncs its directory once.
   */
  confirmarVarios(preparados: readonly DocumentoPreparado[]): Promise<string[]>;
  descartar(preparado: DocumentoPreparado): Promise<void>;
  /**
   * Stores `origen` under a given name, replacing any document of that name (a restore from a
   * backup); names are 32 lowercase hex characters.
   */
  escribir(nombre: string, origen: Readable): Promise<void>;
  /**
   * The bytes of a committed document, streamed. A name that is not one of ours throws at once;
   * a missing document gives a stream that fails (before its first byte).
   */
  abrir(nombre: string): Readable;
  eliminar(nombre: string): Promise<void>;
  /** Committed documents with their last modification time (to find orphans safely). */
  listar(): Promise<{ nombre: string; modificadoEn: Date }[]>;
  /** Removes staged files older than `antesDe` (left by a crash mid-upload). */
  limpiarTemporales(antesDe: Date): Promise<number>;
  /** Releases connections the store holds of its own (the S3 client); called when the app closes. */
  cerrar?(): Promise<void>;
}
