// The catalogues as the server checks what an application or a rectification names in them
// (solicitud/referencias-socio.ts): maps by code, kept by the same in-memory cache as the
// catalogue GETs (cache.ts), so a check costs no query while the catalogues are unchanged and sees
// an import within about a second, as the form does. The padrón is not a catalogue: never cached.
import { normalizar } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import type { CacheCatalogos } from './cache.js';

export interface LectorCatalogos {
  /** The locality's name; null when the code is not in the catalogue. */
  localidad(codigo: number): Promise<string | null>;
  /** The locality's streets by their normalized name (empty: it has no street catalogue). */
  calles(codigoLocalidad: number): Promise<ReadonlyMap<string, string>>;
  /** The IVA condition's name; null when the code is not in the catalogue. */
  condicionIva(codigo: number): Promise<string | null>;
  /** Every equipment type's name by its code. */
  tiposDeAparato(): Promise<ReadonlyMap<number, string>>;
}

const porCodigo = (filas: { codigo: number | string; nombre: string }[]) =>
  new Map(filas.map((f) => [Number(f.codigo), f.nombre]));

export function lectorDeCatalogos(cache: CacheCatalogos, db: Db): LectorCatalogos {
  const localidades = () =>
    cache.obtener('referencias:localidades', async () =>
      porCodigo(await db.selectFrom('localidades').select(['codigo', 'nombre']).execute()),
    );
  return {
    localidad: async (codigo) => (await localidades()).get(codigo) ?? null,
    calles: async (codigoLocalidad) => {
      // Only an existing locality gets an entry: the cache stays bounded by the catalogue.
      if (!(await localidades()).has(codigoLocalidad)) return new Map();
      return cache.obtener(`referencias:calles:${codigoLocalidad}`, async () => {
        const filas = await db
          .selectFrom('calles')
          .select('nombre')
          .where('codigo_localidad', '=', codigoLocalidad)
          .execute();
        const calles = new Map<string, string>();
        // Two spellings of one street: the first is kept, as a search through the list would.
        for (const { nombre } of filas)
          if (!calles.has(normalizar(nombre))) calles.set(normalizar(nombre), nombre);
        return calles;
      });
    },
    condicionIva: async (codigo) =>
      (
        await cache.obtener('referencias:condiciones', async () =>
          porCodigo(await db.selectFrom('condiciones_iva').select(['codigo', 'nombre']).execute()),
        )
      ).get(codigo) ?? null,
    tiposDeAparato: () =>
      cache.obtener('referencias:aparatos', async () =>
        porCodigo(await db.selectFrom('tipos_aparato').select(['codigo', 'nombre']).execute()),
      ),
  };
}
