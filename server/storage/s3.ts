// DocumentStore in an S3-compatible object store (DOCUMENT_STORE=s3), keys under `documentos/`.
// Path-style addressing (http://host/bucket/key: what MinIO, Garage, s3rver and most
// self-hosted servers answer) and checksums only where the API requires them (recent SDKs add
// CRC32 trailers by default, which many S3-compatible servers refuse).
// The SDK (a CommonJS package of some hundred modules, about 0.1 s to load) is required when an S3
// store is made, not when this module is imported: the server and the commands that keep
// documents elsewhere never load it.
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import type * as SdkS3 from '@aws-sdk/client-s3';
import type { ConfigS3 } from '../config/index.js';
import type { DocumentStore, DocumentoPreparado } from './almacen.js';
import { almacenSobre, NOMBRE_VALIDO, preparacionLocal, validarNombre } from './preparacion.js';

const PREFIJO = 'documentos/';

const requerir = createRequire(import.meta.url);

export function almacenEnS3(dataDir: string, s3: ConfigS3): DocumentStore {
  const { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } =
    requerir('@aws-sdk/client-s3') as typeof SdkS3;
  const local = preparacionLocal(dataDir);
  const cliente = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const clave = (nombre: string) => PREFIJO + validarNombre(nombre);

  /** Uploads the staged file (streamed, with its length) under `nombre`, then drops the staging copy. */
  async function subir(preparado: DocumentoPreparado, nombre: string): Promise<void> {
    // The SDK pipes the body without listening for its errors: a failed read of the staged file
    // would be an uncaught exception (the process dies) and the PUT would hang. Listen, and abort.
    const cuerpo = createReadStream(preparado.rutaTemporal);
    const abortar = new AbortController();
    let errorDeLectura: Error | null = null;
    cuerpo.on('error', (error) => {
      errorDeLectura = error;
      abortar.abort(error);
    });
    try {
      await cliente.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: clave(nombre),
          Body: cuerpo,
          ContentLength: preparado.bytes,
          ContentType: 'application/octet-stream',
        }),
        { abortSignal: abortar.signal },
      );
    } catch (error) {
      throw errorDeLectura ?? error;
    } finally {
      cuerpo.destroy();
    }
    await rm(preparado.rutaTemporal, { force: true });
  }

  return almacenSobre(local, {
    guardar: subir,

    abrir(nombre) {
      const key = clave(nombre);
      // The interface answers a stream at once; the GET's body is piped into it when it comes,
      // and a missing object (NoSuchKey) fails it before its first byte.
      const salida = new PassThrough();
      cliente
        .send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))
        .then(async (r) => {
          if (!r.Body) throw new Error(`El almacén S3 no devolvió el documento ${nombre}`);
          await pipeline(r.Body as Readable, salida);
        })
        .catch((error: Error) => salida.destroy(error));
      return salida;
    },

    async eliminar(nombre) {
      await cliente.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: clave(nombre) }));
    },

    // Pages of up to 1000 keys. (s3rver cannot answer a truncated ListObjectsV2 page on Node 20:
    // its continuation token uses DES, which OpenSSL 3 no longer offers; the paging is untested.)
    async listar() {
      const vistos: { nombre: string; modificadoEn: Date }[] = [];
      let continuacion: string | undefined;
      do {
        const r = await cliente.send(
          new ListObjectsV2Command({
            Bucket: s3.bucket,
            Prefix: PREFIJO,
            ContinuationToken: continuacion,
          }),
        );
        for (const o of r.Contents ?? []) {
          const nombre = o.Key?.slice(PREFIJO.length) ?? '';
          // Without a date an object counts as new: the sweep never removes what it cannot age.
          if (NOMBRE_VALIDO.test(nombre)) vistos.push({ nombre, modificadoEn: o.LastModified ?? new Date() });
        }
        continuacion = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (continuacion);
      return vistos;
    },

    async cerrar() {
      cliente.destroy();
    },
  });
}
