// The public catalogues change only through `npm run importar`, run as another process, so each
// API process keeps their answers in memory: the serialized body and its ETag, computed once.
// Every import bumps `version_catalogos` in its own transaction; a request finding the last
// check older than a second reads that number (one tiny query, shared by concurrent requests)
// and drops everything when it moved. An import is therefore visible to every process within
// about a second. Entries also expire after ten minutes, in case someone edits the tables by hand.
// When the check fails (the database is away) the request fails with it (503) and the next one
// checks again; `sospechar()` forces that check after any request found the database away.
import { createHash } from 'node:crypto';
import type { Db } from '../db/esquema.js';

export interface CuerpoJson {
  /** The JSON text sent as is (no serialization per request). */
  cuerpo: string;
  etag: string;
}

export function cuerpoJson(datos: unknown): CuerpoJson {
  const cuerpo = JSON.stringify(datos);
  const etag = `"${createHash('sha256').update(cuerpo).digest('base64url').slice(0, 32)}"`;
  return { cuerpo, etag };
}

export interface OpcionesCache {
  intervaloMs?: number;
  vidaMaximaMs?: number;
  ahora?: () => number;
}

export class CacheCatalogos {
  private readonly entradas = new Map<string, Promise<unknown>>();
  private version: number | null = null;
  private verificadoEn = -Infinity;
  private llenadoDesde = 0;
  private verificando: Promise<void> | null = null;
  private readonly intervaloMs: number;
  private readonly vidaMaximaMs: number;
  private readonly ahora: () => number;

  constructor(
    private readonly db: Db,
    opciones: OpcionesCache = {},
  ) {
    this.intervaloMs = opciones.intervaloMs ?? 1_000;
    this.vidaMaximaMs = opciones.vidaMaximaMs ?? 10 * 60_000;
    this.ahora = opciones.ahora ?? Date.now;
  }

  /** The cached value of `clave`, loaded with `cargar` when missing or stale. */
  obtener<T>(clave: string, cargar: () => Promise<T>): Promise<T> {
    if (this.ahora() - this.verificadoEn < this.intervaloMs) return this.entrada(clave, cargar);
    return this.verificar().then(() => this.entrada(clave, cargar));
  }

  /** Forces a version check on the next request (the database was found away). */
  sospechar(): void {
    this.verificadoEn = -Infinity;
  }

  private entrada<T>(clave: string, cargar: () => Promise<T>): Promise<T> {
    let valor = this.entradas.get(clave) as Promise<T> | undefined;
    if (!valor) {
      const nuevo = cargar();
      valor = nuevo;
      this.entradas.set(clave, nuevo);
      // A failed load is not kept: the next request tries again.
      nuevo.catch(() => {
        if (this.entradas.get(clave) === nuevo) this.entradas.delete(clave);
      });
    }
    return valor;
  }

  private verificar(): Promise<void> {
    this.verificando ??= this.leerVersion()
      .then((version) => {
        const ahora = this.ahora();
        if (version !== this.version || ahora - this.llenadoDesde > this.vidaMaximaMs) {
          this.entradas.clear();
          this.version = version;
          this.llenadoDesde = ahora;
        }
        this.verificadoEn = ahora;
      })
      .finally(() => {
        this.verificando = null;
      });
    return this.verificando;
  }

  private async leerVersion(): Promise<number> {
    const fila = await this.db
      .selectFrom('version_catalogos')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirst();
    return Number(fila?.version ?? 0);
  }
}
