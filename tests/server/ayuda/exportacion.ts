// What the access-export tests share: the people exported, the route, and reading the ZIP back as
// an unzip tool would, so each test checks entries and datos.json the same way.
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { expect } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import type { DatosExportados } from '../../../server/datos-personales/datos-exportados.js';
import { ENTORNO_GESTION, type Enviada } from './gestion-solicitudes.js';

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
export const url = (numero: string) => `/api/gestion/datos-personales/${numero}/exportacion`;

/** Demo padrón pairs (server/db/semillas.ts): each a different person. */
export const TITULAR = { dni: '28999888', matricula: '6789', apellidoynombre: 'Núñez Şahin, Łukasz' };
export const OTRA = { dni: '30111222', matricula: '12345', apellidoynombre: 'Otra Persona, Ana' };

/** Logs at info: an interrupted export writes its line there. */
export const ENTORNO_EXPORTACION = { ...ENTORNO_GESTION, LOG_LEVEL: 'info' };

export interface EntradaZip {
  bytes: Buffer;
  /** 0 stored, 8 deflated. */
  metodo: number;
}

/** Every entry of a ZIP, read as an unzip tool would, each checked against its CRC-32. */
export async function leerZip(datos: Buffer): Promise<Map<string, EntradaZip>> {
  const zip = await fromBufferPromise(datos, { lazyEntries: true, strictFileNames: true });
  const entradas = new Map<string, EntradaZip>();
  for await (const entrada of zip.eachEntry()) {
    const partes: Buffer[] = [];
    for await (const parte of await zip.openReadStreamPromise(entrada)) partes.push(parte as Buffer);
    const bytes = Buffer.concat(partes);
    expect(crc32(bytes) >>> 0, entrada.fileName).toBe(entrada.crc32);
    entradas.set(entrada.fileName, { bytes, metodo: entrada.compressionMethod });
  }
  return entradas;
}

export const datosDe = (zip: Map<string, EntradaZip>) =>
  JSON.parse(zip.get('datos.json')!.bytes.toString('utf8')) as DatosExportados;

/** Each document of `enviada` is in the ZIP, with the bytes sent and the SHA-256 datos.json states. */
export function documentosEnviados(
  zip: Map<string, EntradaZip>,
  datos: DatosExportados,
  enviada: Enviada,
): void {
  const s = datos.solicitudes.find((x) => x.numero === enviada.numero)!;
  expect(s.documentos.map((d) => d.clave).sort()).toEqual([...enviada.partes.keys()].sort());
  for (const d of s.documentos) {
    expect(d.archivo).toBe(`documentos/${enviada.numero}/${d.nombre}`);
    const entrada = zip.get(d.archivo);
    expect(entrada, d.archivo).toBeDefined();
    expect(sha256(entrada!.bytes)).toBe(sha256(enviada.partes.get(d.clave)!.contenido));
    expect(sha256(entrada!.bytes)).toBe(d.sha256);
    expect(entrada!.bytes.length).toBe(d.bytes);
  }
}
