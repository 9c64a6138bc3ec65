// manifiesto.json: what a backup holds, written last (its presence marks a finished backup).
// The database copy and every document carry their size and SHA-256, so a restore can check the
// whole backup before it touches the target.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Motor } from '../../server/db/conexion.js';
import { escribirArchivoNuevo } from './archivos.js';

export interface ArchivoDelRespaldo {
  nombre: string;
  bytes: number;
  sha256: string;
}

export interface Manifiesto {
  version: 1;
  creadoEn: string;
  motor: Motor;
  /** The store the documents were read from (they are restored into whatever store is configured). */
  almacen: string;
  /** The database copy: base.sqlite or base.dump (pg_dump --format=custom). */
  base: ArchivoDelRespaldo;
  documentos: ArchivoDelRespaldo[];
  /**
   * Documents of unsent drafts that the snapshot still listed but that were replaced or swept
   * before their bytes could be copied (their rows are gone from the live database too). A
   * restore deletes these rows (decision 093).
   */
  retirados: string[];
}

const ARCHIVO_MANIFIESTO = 'manifiesto.json';
export const SUBDIRECTORIO_DOCUMENTOS = 'documentos';
const NOMBRE_DE_DOCUMENTO = /^[a-f0-9]{32}$/;

export async function escribirManifiesto(directorio: string, manifiesto: Manifiesto): Promise<void> {
  await escribirArchivoNuevo(
    path.join(directorio, ARCHIVO_MANIFIESTO),
    `${JSON.stringify(manifiesto, null, 2)}\n`,
  );
}

const esArchivo = (a: unknown): a is ArchivoDelRespaldo => {
  const x = a as ArchivoDelRespaldo | null;
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof x.nombre === 'string' &&
    Number.isSafeInteger(x.bytes) &&
    x.bytes >= 0 &&
    typeof x.sha256 === 'string' &&
    /^[a-f0-9]{64}$/.test(x.sha256)
  );
};

/** Reads and checks the manifest's shape; names are checked too, since they become paths. */
export async function leerManifiesto(directorio: string): Promise<Manifiesto> {
  let crudo: string;
  try {
    crudo = await readFile(path.join(directorio, ARCHIVO_MANIFIESTO), 'utf8');
  } catch {
    throw new Error(
      `No hay ${ARCHIVO_MANIFIESTO} en ${directorio}: no es un respaldo terminado de \`npm run respaldo -- crear\`.`,
    );
  }
  let m: Manifiesto;
  try {
    m = JSON.parse(crudo) as Manifiesto;
  } catch {
    throw new Error(`${ARCHIVO_MANIFIESTO} no es JSON válido: el respaldo está dañado.`);
  }
  const valido =
    m?.version === 1 &&
    (m.motor === 'sqlite' || m.motor === 'postgres') &&
    esArchivo(m.base) &&
    ['base.sqlite', 'base.dump'].includes(m.base.nombre) &&
    Array.isArray(m.documentos) &&
    m.documentos.every((d) => esArchivo(d) && NOMBRE_DE_DOCUMENTO.test(d.nombre)) &&
    Array.isArray(m.retirados) &&
    m.retirados.every((r) => typeof r === 'string' && NOMBRE_DE_DOCUMENTO.test(r));
  if (!valido) throw new Error(`${ARCHIVO_MANIFIESTO} no tiene la forma esperada: el respaldo está dañado.`);
  return m;
}
