// DocumentStore on the local disk, under DATA_DIR/documentos (never served by URL).
// Durability: the staged file's fsync (started as it was staged) is awaited, then the file is
// renamed into place and the directory fsynced.
import { createReadStream } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentStore } from './almacen.js';
import {
  almacenSobre,
  fsyncRuta,
  NOMBRE_VALIDO,
  preparacionLocal,
  sincronizado,
  validarNombre,
} from './preparacion.js';

export function almacenEnDisco(dataDir: string): DocumentStore {
  const local = preparacionLocal(dataDir, { durable: true });
  const { raiz } = local;

  // Names are ours (hex), so this only guards against a corrupted database row.
  const ruta = (nombre: string) => path.join(raiz, validarNombre(nombre));

  return almacenSobre(local, {
    async guardar(preparado, nombre) {
      // rename replaces a document of that name atomically: restore needs nothing more.
      await sincronizado(preparado);
      await rename(preparado.rutaTemporal, ruta(nombre));
      await fsyncRuta(raiz);
    },

    // Every file renamed into place, then the directory synced once: the same guarantee as one
    // `guardar` per file, with one fsync of the directory instead of one per file.
    async guardarVarios(lote) {
      // The files' fsyncs ran side by side, each since its part arrived.
      await Promise.all(lote.map(({ preparado }) => sincronizado(preparado)));
      const hechos: string[] = [];
      try {
        for (const { preparado, nombre } of lote) {
          await rename(preparado.rutaTemporal, ruta(nombre));
          hechos.push(nombre);
        }
      } catch (error) {
        await Promise.all(hechos.map((nombre) => rm(ruta(nombre), { force: true })));
        throw error;
      } finally {
        await fsyncRuta(raiz);
      }
    },

    abrir(nombre) {
      return createReadStream(ruta(nombre));
    },

    async eliminar(nombre) {
      await rm(ruta(nombre), { force: true });
      await fsyncRuta(raiz);
    },

    async listar() {
      const entradas = await readdir(raiz, { withFileTypes: true });
      const nombres = entradas.filter((e) => e.isFile() && NOMBRE_VALIDO.test(e.name)).map((e) => e.name);
      const vistos = await Promise.all(
        nombres.map(async (nombre) => {
          // A document removed between readdir and stat is simply no longer listed.
          const info = await stat(ruta(nombre)).catch(() => null);
          return info ? { nombre, modificadoEn: info.mtime } : null;
        }),
      );
      return vistos.filter((v) => v !== null);
    },
  });
}
