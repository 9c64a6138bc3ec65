// DocumentStore in the database (DOCUMENT_STORE=postgres): every process behind a proxy sees the
// same documents, and one backup of the database holds them. Bytes go in chunks of 256 KiB
// (almacen_trozos), written from a read stream of the staged file and read back one chunk per
// request of the consumer, so neither direction holds a whole file in memory. The object row and
// its chunks are committed together (one transaction, or one statement for a single chunk): a
// half-written object never exists.
import { createReadStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Db } from '../db/esquema.js';
import type { DocumentStore, DocumentoPreparado } from './almacen.js';
import { almacenSobre, preparacionLocal, validarNombre } from './preparacion.js';

const TAMANIO_TROZO = 256 * 1024;

class DocumentoInexistente extends Error {
  readonly code = 'ENOENT';
  constructor(nombre: string) {
    super(`No existe el documento ${nombre} en el almacén`);
    this.name = 'DocumentoInexistente';
  }
}

/** Chunks of exactly TAMANIO_TROZO bytes (the last one shorter), whatever the file stream yields. */
async function* trozos(ruta: string): AsyncGenerator<Buffer> {
  let pendiente: Buffer[] = [];
  let largo = 0;
  for await (const parte of createReadStream(ruta, {
    highWaterMark: TAMANIO_TROZO,
  }) as AsyncIterable<Buffer>) {
    pendiente.push(parte);
    largo += parte.length;
    while (largo >= TAMANIO_TROZO) {
      const junto = Buffer.concat(pendiente, largo);
      yield junto.subarray(0, TAMANIO_TROZO);
      pendiente = [junto.subarray(TAMANIO_TROZO)];
      largo -= TAMANIO_TROZO;
    }
  }
  if (largo > 0) yield Buffer.concat(pendiente, largo);
}

export function almacenEnPostgres(dataDir: string, db: Db): DocumentStore {
  const local = preparacionLocal(dataDir);

  /**
   * Copies the staged file into the database under `nombre`. Each statement is a round trip, and
   * on PostgreSQL the round trips are the cost of an upload (decision 092): a new name needs no
   * delete, the chunk count is known from the staged size, and a document of one chunk (most of
   * them) is one statement — the object row and its chunk together, atomic without a transaction.
   */
  async function guardar(preparado: DocumentoPreparado, nombre: string, reemplazar: boolean): Promise<void> {
    const total = Math.ceil(preparado.bytes / TAMANIO_TROZO);
    const objeto = {
      nombre,
      bytes: preparado.bytes,
      sha256: preparado.sha256,
      trozos: total,
      creado_en: new Date().toISOString(),
    };
    if (!reemplazar && total <= 1) {
      // At most one chunk: what the chunked path would hold in memory anyway.
      const datos = await readFile(preparado.rutaTemporal);
      if (datos.length !== preparado.bytes)
        throw new Error(`El documento ${nombre} cambió mientras se guardaba`);
      if (total === 0) await db.insertInto('almacen_objetos').values(objeto).execute();
      else
        await db
          .with('objeto', (w) => w.insertInto('almacen_objetos').values(objeto).returning('nombre'))
          .insertInto('almacen_trozos')
          .columns(['nombre', 'n', 'datos'])
          .expression((eb) =>
            eb.selectFrom('objeto').select((s) => ['nombre', s.lit(0).as('n'), s.val(datos).as('datos')]),
          )
          .execute();
    } else {
      await db.transaction().execute(async (trx) => {
        // The chunks go with their object (on delete cascade).
        if (reemplazar) await trx.deleteFrom('almacen_objetos').where('nombre', '=', nombre).execute();
        await trx.insertInto('almacen_objetos').values(objeto).execute();
        let n = 0;
        for await (const datos of trozos(preparado.rutaTemporal)) {
          await trx.insertInto('almacen_trozos').values({ nombre, n, datos }).execute();
          n++;
        }
        if (n !== total) throw new Error(`El documento ${nombre} cambió mientras se guardaba`);
      });
    }
    await rm(preparado.rutaTemporal, { force: true });
  }

  return almacenSobre(local, {
    guardar: guardar,

    abrir(nombre) {
      validarNombre(nombre);
      let objeto: { bytes: number; trozos: number } | null = null;
      let n = 0;
      let leidos = 0;
      // read() is called only when the consumer wants more: one chunk is fetched per call.
      return new Readable({
        highWaterMark: TAMANIO_TROZO,
        read() {
          const siguiente = async () => {
            if (!objeto) {
              const fila = await db
                .selectFrom('almacen_objetos')
                .select(['bytes', 'trozos'])
                .where('nombre', '=', nombre)
                .executeTakeFirst();
              if (!fila) throw new DocumentoInexistente(nombre);
              objeto = { bytes: Number(fila.bytes), trozos: fila.trozos };
            }
            if (n >= objeto.trozos) {
              if (leidos !== objeto.bytes)
                throw new Error(`El documento ${nombre} está incompleto en el almacén`);
              return null;
            }
            const trozo = await db
              .selectFrom('almacen_trozos')
              .select('datos')
              .where('nombre', '=', nombre)
              .where('n', '=', n)
              .executeTakeFirst();
            if (!trozo) throw new Error(`Falta el trozo ${n} del documento ${nombre} en el almacén`);
            n++;
            leidos += trozo.datos.length;
            return trozo.datos;
          };
          siguiente().then(
            (datos) => this.push(datos),
            (error: Error) => this.destroy(error),
          );
        },
      });
    },

    async eliminar(nombre) {
      validarNombre(nombre);
      // One statement: the chunks go with their object (on delete cascade).
      await db.deleteFrom('almacen_objetos').where('nombre', '=', nombre).execute();
    },

    async listar() {
      const filas = await db.selectFrom('almacen_objetos').select(['nombre', 'creado_en']).execute();
      return filas.map((f) => ({ nombre: f.nombre, modificadoEn: new Date(f.creado_en) }));
    },
  });
}
