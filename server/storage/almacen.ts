// Where documents live. The interface is small so an object store can replace the local disk:
// a document is first staged (streamed, counted, hashed), then committed under a generated name.
import type { Readable } from 'node:stream';

export interface DocumentoPreparado {
  /** A local file with the staged bytes, for type detection before committing. */
  readonly rutaTemporal: string;
  readonly bytes: number;
  readonly sha256: string;
}

export interface DocumentStore {
  /** Streams `origen` into a staging area, counting and hashing; never holds it in memory. */
  preparar(origen: Readable): Promise<DocumentoPreparado>;
  /** Makes a staged document durable under a new generated name and returns that name. */
  confirmar(preparado: DocumentoPreparado): Promise<string>;
  descartar(preparado: DocumentoPreparado): Promise<void>;
  abrir(nombre: string): Readable;
  eliminar(nombre: string): Promise<void>;
  /** Committed documents with their last modification time (to find orphans safely). */
  listar(): Promise<{ nombre: string; modificadoEn: Date }[]>;
  /** Removes staged files older than `antesDe` (left by a crash mid-upload). */
  limpiarTemporales(antesDe: Date): Promise<number>;
}
