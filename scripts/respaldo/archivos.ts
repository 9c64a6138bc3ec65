// Files of a backup: owner-only (they hold personal data), never overwritten, flushed to disk,
// and hashed while they are streamed (no document is ever held in memory whole).
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, open, readdir } from 'node:fs/promises';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contador, fsyncRuta, type Huella } from '../../server/storage/preparacion.js';

/** Streams `origen` into a new file (0600, refused if it exists), fsyncs it and returns its size and hash. */
export async function copiarAArchivo(origen: Readable, ruta: string): Promise<Huella> {
  const c = contador();
  await pipeline(origen, c.paso, createWriteStream(ruta, { flags: 'wx', mode: 0o600 }));
  await fsyncRuta(ruta);
  return c.huella();
}

export async function escribirArchivoNuevo(ruta: string, texto: string): Promise<void> {
  const fh = await open(ruta, 'wx', 0o600);
  try {
    await fh.writeFile(texto);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Size and SHA-256 of a stream, read to its end and dropped. */
export async function huellaDeFlujo(origen: Readable): Promise<Huella> {
  const c = contador();
  const sumidero = new Writable({ write: (_chunk, _enc, listo) => listo() });
  await pipeline(origen, c.paso, sumidero);
  return c.huella();
}

export const huellaDeArchivo = (ruta: string): Promise<Huella> => huellaDeFlujo(createReadStream(ruta));

/** Creates the backup directory (0700), or accepts an existing empty one; refuses anything else. */
export async function prepararDirectorioNuevo(directorio: string): Promise<void> {
  await mkdir(directorio, { recursive: true, mode: 0o700 });
  // mkdir's mode does not change an existing directory.
  await chmod(directorio, 0o700);
  const entradas = await readdir(directorio);
  if (entradas.length > 0) {
    throw new Error(
      `El directorio ${directorio} no está vacío: elegí uno nuevo para cada respaldo (por ejemplo con la fecha), ` +
        'así ninguno pisa a otro.',
    );
  }
}
