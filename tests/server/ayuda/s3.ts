// An S3-compatible server for the tests: s3rver (a dev dependency, so it is always available and
// no test skips for lack of it) in this process, on a free port of 127.0.0.1, over a temporary
// directory, with one bucket. The credentials are s3rver's fixed ones (S3RVER/S3RVER).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

const BUCKET_DE_PRUEBA = 'documentos';

export interface ServidorS3 {
  /** DOCUMENT_STORE=s3 and its settings, for loadConfig or a child process. */
  env: Record<string, string>;
  /** Where s3rver keeps the objects (a test may look for bytes left behind). */
  directorio: string;
  cerrar(): Promise<void>;
}

export async function iniciarS3(): Promise<ServidorS3> {
  const directorio = await mkdtemp(path.join(os.tmpdir(), 'alta-s3-'));
  const servidor = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: directorio,
    configureBuckets: [{ name: BUCKET_DE_PRUEBA, configs: [] }],
  });
  const { port } = await servidor.run();
  return {
    directorio,
    env: {
      DOCUMENT_STORE: 's3',
      S3_URL: `http://127.0.0.1:${port}/${BUCKET_DE_PRUEBA}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async cerrar() {
      await servidor.close();
      await rm(directorio, { recursive: true, force: true });
    },
  };
}
