// The catalogue GETs of producto §7, one table and one loop. Each answer is the JSON text kept by
// the in-memory cache (catalogos/cache.ts) with a strong ETag. Browsers may reuse it
// for five minutes, then revalidate with If-None-Match (a 304 without body): an import
// (`npm run importar`) reaches every browser within five minutes and a second.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/esquema.js';
import { CODIGOS, ErrorHttp, respuestasDeError } from '../../errores.js';
import { cuerpoJson, type CacheCatalogos, type CuerpoJson } from '../cache.js';

const CACHE_CATALOGO = 'public, max-age=300';

type Parametros = Record<string, number>;
type Propiedades = Record<string, { type: 'integer' | 'string' }>;

interface Catalogo {
  /** Under /api/v2. */
  ruta: string;
  resumen: string;
  /** Path parameters (all integers), when the route has any. */
  parametros?: Record<string, { type: 'integer'; minimum: number; maximum: number }>;
  /** The properties of one item of the answer (all required). */
  item: Propiedades;
  /** The cache key of one answer. */
  clave: (p: Parametros) => string;
  /** Throws a 404 when the parameters name nothing that exists (so the cache stays bounded). */
  comprobar?: (cache: CacheCatalogos, db: Db, p: Parametros) => Promise<void>;
  cargar: (db: Db, p: Parametros) => Promise<unknown[]>;
}

/** One collator for every sort: localeCompare with a locale builds one per comparison. */
const ordenar = new Intl.Collator('es', { sensitivity: 'base' }).compare;

async function codigosDeLocalidad(db: Db): Promise<Set<number>> {
  const filas = await db.selectFrom('localidades').select('codigo').execute();
  return new Set(filas.map((f) => Number(f.codigo)));
}

const CATALOGOS: Catalogo[] = [
  {
    ruta: '/localidad/getAll',
    resumen: 'Localidades',
    item: { codigoLocalidad: { type: 'integer' }, nombreLocalidad: { type: 'string' } },
    clave: () => 'localidades',
    cargar: async (db) => {
      const filas = await db.selectFrom('localidades').select(['codigo', 'nombre']).orderBy('codigo').execute();
      return filas.map((f) => ({ codigoLocalidad: Number(f.codigo), nombreLocalidad: f.nombre }));
    },
  },
  {
    // [] for a locality without streets: the form then accepts a typed street.
    ruta: '/calle/getAll/:codigoLocalidad',
    resumen: 'Calles de una localidad',
    parametros: { codigoLocalidad: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
    item: { nombreCalle: { type: 'string' } },
    clave: (p) => `calles:${p.codigoLocalidad}`,
    comprobar: async (cache, db, p) => {
      const codigos = await cache.obtener('codigos-localidad', () => codigosDeLocalidad(db));
      if (!codigos.has(p.codigoLocalidad!))
        throw new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, 'La localidad no existe.');
    },
    cargar: async (db, p) => {
      const filas = await db
        .selectFrom('calles')
        .select('nombre')
        .where('codigo_localidad', '=', p.codigoLocalidad!)
        .execute();
      // Collations differ between the engines: sorted here, in Spanish, the same on both.
      return filas
        .map((f) => f.nombre)
        .sort(ordenar)
        .map((nombreCalle) => ({ nombreCalle }));
    },
  },
  {
    ruta: '/condicionesIva/getCondicionesValidas',
    resumen: 'Condiciones ante el IVA',
    item: { codigoCondicionIVA: { type: 'integer' }, nombreCondicionIVA: { type: 'string' } },
    clave: () => 'condiciones',
    cargar: async (db) => {
      const filas = await db
        .selectFrom('condiciones_iva')
        .select(['codigo', 'nombre'])
        .orderBy('codigo')
        .execute();
      return filas.map((f) => ({ codigoCondicionIVA: Number(f.codigo), nombreCondicionIVA: f.nombre }));
    },
  },
  {
    ruta: '/aparatos/getAll',
    resumen: 'Tipos de aparato',
    item: { codigotipoaparato: { type: 'integer' }, nombretipoaparato: { type: 'string' } },
    clave: () => 'aparatos',
    cargar: async (db) => {
      const filas = await db.selectFrom('tipos_aparato').select(['codigo', 'nombre']).orderBy('codigo').execute();
      return filas.map((f) => ({ codigotipoaparato: Number(f.codigo), nombretipoaparato: f.nombre }));
    },
  },
];

/** If-None-Match against our tag: weak comparison (RFC 9110 §13.1.2), lists and `*` included. */
export function coincide(pedido: string | undefined, etag: string): boolean {
  if (!pedido) return false;
  return pedido.split(',').some((t) => {
    const etiqueta = t.trim().replace(/^W\//, '');
    return etiqueta === etag || etiqueta === '*';
  });
}

/** A cacheable public JSON answer (the catalogues, the association's contact): tag, then 304 or the text. */
export function enviarCacheable(request: FastifyRequest, reply: FastifyReply, { cuerpo, etag }: CuerpoJson) {
  reply.header('etag', etag).header('cache-control', CACHE_CATALOGO);
  if (coincide(request.headers['if-none-match'], etag)) return reply.code(304).send();
  // The text is sent as is: no serialization per request.
  return reply.type('application/json; charset=utf-8').send(cuerpo);
}

function esquema(c: Catalogo) {
  const parametros = c.parametros
    ? { params: { type: 'object', required: Object.keys(c.parametros), properties: c.parametros } }
    : {};
  return {
    summary: c.resumen,
    tags: ['catálogos'],
    ...parametros,
    response: {
      200: {
        type: 'array',
        items: { type: 'object', required: Object.keys(c.item), properties: c.item },
      },
      ...respuestasDeError,
    },
  };
}

export const rutasCatalogos: FastifyPluginAsync = async (app) => {
  for (const c of CATALOGOS) {
    app.get<{ Params: Parametros }>(c.ruta, {
      schema: esquema(c),
      handler: async (request, reply) => {
        const p = request.params;
        await c.comprobar?.(app.catalogos, app.db, p);
        const respuesta = await app.catalogos.obtener(c.clave(p), async () => cuerpoJson(await c.cargar(app.db, p)));
        return enviarCacheable(request, reply, respuesta);
      },
    });
  }
};
