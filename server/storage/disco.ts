// DocumentStore on the local disk, under DATA_DIR/documentos (never served by URL).
// Durability: write a temporary file, fsync it, rename it into place, fsync the directory.
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DocumentStore, DocumentoPreparado } from './almacen.js';

const NOMBRE_VALIDO = /^[a-f0-9]{32}$/;

async function fsyncDirectorio(directorio: string): Promise<void> {
  const fh = await open(directorio, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

export function almacenEnDisco(dataDir: string): DocumentStore {
  const raiz = path.join(dataDir, 'documentos');
  const temporales = path.join(raiz, '.tmp');
  mkdirSync(temporales, { recursive: true, mode: 0o700 });

  const ruta = (nombre: string) => {
    // Names are ours (hex), so this only guards against a corrupted database row.
    if (!NOMBRE_VALIDO.test(nombre)) throw new Error('Nombre de documento inválido');
    return path.join(raiz, nombre);
  };

  return {
    async preparar(origen: Readable): Promise<DocumentoPreparado> {
      const rutaTemporal = path.join(temporales, randomBytes(16).toString('hex'));
      const hash = createHash('sha256');
      let bytes = 0;
      const contar = new Transform({
        transform(chunk: Buffer, _enc, listo) {
          bytes += chunk.length;
          hash.update(chunk);
          listo(null, chunk);
        },
      });
      const destino = createWriteStream(rutaTemporal, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(origen, contar, destino);
        // fsync works per file, so a second descriptor flushes what the stream wrote.
        const fh = await open(rutaTemporal, 'r');
        try {
          await fh.sync();
        } finally {
          await fh.close();
        }
      } catch (error) {
        // A source that fails at once (a malformed upload) can reject the pipeline before the
        // file is even opened: wait until it is closed, or the file appears after the rm.
        if (!destino.closed) await once(destino, 'close').catch(() => {});
        await rm(rutaTemporal, { force: true });
        throw error;
      }
      return { rutaTemporal, bytes, sha256: hash.digest('hex') };
    },

    async confirmar(preparado) {
      const nombre = randomBytes(16).toString('hex');
      await rename(preparado.rutaTemporal, ruta(nombre));
      await fsyncDirectorio(raiz);
      return nombre;
    },

    async descartar(preparado) {
      await rm(preparado.rutaTemporal, { force: true });
    },

    abrir(nombre) {
      return createReadStream(ruta(nombre));
    },

    async eliminar(nombre) {
      await rm(ruta(nombre), { force: true });
      await fsyncDirectorio(raiz);
    },

    async listar() {
      const entradas = await readdir(raiz, { withFileTypes: true });
      const nombres = entradas.filter((e) => e.isFile() && NOMBRE_VALIDO.test(e.name)).map((e) => e.name);
      return Promise.all(
        nombres.map(async (nombre) => ({ nombre, modificadoEn: (await stat(ruta(nombre))).mtime })),
      );
    },

    async limpiarTemporales(antesDe) {
      let borrados = 0;
      for (const nombre of await readdir(temporales)) {
        const archivo = path.join(temporales, nombre);
        if ((await stat(archivo)).mtime < antesDe) {
          await rm(archivo, { force: true });
          borrados++;
        }
      }
      return borrados;
    },
  };
}
