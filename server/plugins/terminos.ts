// GET /terminos.html: the built terms page with the configured values filled in
// (plugins/terminos-valores.ts), rendered and compressed once at start-up and held in memory. Like the
// other pages: revalidated on every visit (no-cache) against a strong ETag of this rendering, brotli
// or gzip when the browser accepts them. The build writes no .br/.gz of this file
// (scripts/build-comprimir.mjs): a precompressed copy would carry the defaults.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { coincide } from '../catalogos/rutas/index.js';
import { rellenarTerminos, valoresDeTerminos } from './terminos-valores.js';

const RUTA_TERMINOS = '/terminos.html';

interface Variante {
  cuerpo: Buffer;
  etag: string;
}

type Codificacion = 'br' | 'gzip' | 'identity';

/** The best coding the request accepts (q > 0), brotli first. */
function codificacionAceptada(cabecera: string | undefined): Codificacion {
  const aceptadas = new Set(
    (cabecera ?? '')
      .split(',')
      .map((parte) => parte.trim().split(';'))
      .filter(([, ...parametros]) => !parametros.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p)))
      .map(([nombre]) => nombre!.trim().toLowerCase()),
  );
  if (aceptadas.has('br')) return 'br';
  if (aceptadas.has('gzip')) return 'gzip';
  return 'identity';
}

export const paginaDeTerminos = fp<{ clientDir: string }>(
  async (app, { clientDir }) => {
    const plantilla = await readFile(path.join(clientDir, 'terminos.html'), 'utf8');
    const html = Buffer.from(rellenarTerminos(plantilla, valoresDeTerminos(app.config)));
    const hash = createHash('sha256').update(html).digest('base64url').slice(0, 32);
    const variantes: Record<Codificacion, Variante> = {
      identity: { cuerpo: html, etag: `"${hash}"` },
      br: {
        cuerpo: brotliCompressSync(html, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        etag: `"${hash}-br"`,
      },
      gzip: { cuerpo: gzipSync(html, { level: 9 }), etag: `"${hash}-gz"` },
    };

    app.get(RUTA_TERMINOS, { schema: { hide: true } }, (request: FastifyRequest, reply: FastifyReply) => {
      const codificacion = codificacionAceptada(request.headers['accept-encoding']);
      const { cuerpo, etag } = variantes[codificacion];
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag);
      if (coincide(request.headers['if-none-match'], etag)) return reply.code(304).send();
      if (codificacion !== 'identity') reply.header('content-encoding', codificacion);
      return reply.type('text/html; charset=utf-8').send(cuerpo);
    });
  },
  { name: 'pagina-de-terminos', fastify: '5.x' },
);
