// The built SPA (dist/client), when present: hashed /assets/* are immutable, index.html is always
// revalidated, precompressed .br/.gz are preferred; terminos.html is rendered from the configuration. Any other GET that is not /api/* and not a
// file answers index.html (history fallback); unknown /api paths answer 404 JSON.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP } from '../errores.js';
import { paginaDeTerminos } from './terminos.js';

const esApi = (ruta: string) => ruta === '/api' || ruta.startsWith('/api/');
const pareceArchivo = (ruta: string) => ruta.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(ruta);

export const spa = fp<{ clientDir: string }>(
  async (app, { clientDir }) => {
    const hayCliente = existsSync(path.join(clientDir, 'index.html'));
    if (hayCliente) {
      // Filled in from the configuration (plugins/terminos.ts); its route wins over the static files'.
      if (existsSync(path.join(clientDir, 'terminos.html')))
        await app.register(paginaDeTerminos, { clientDir });
      await app.register(fastifyStatic, {
        root: clientDir,
        preCompressed: true,
        index: ['index.html'],
        setHeaders(reply, ruta) {
          // With preCompressed the path is the .br/.gz file: judge the file it stands for.
          const relativa = path
            .relative(clientDir, ruta)
            .split(path.sep)
            .join('/')
            .replace(/\.(br|gz)$/, '');
          if (relativa.startsWith('assets/'))
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          else if (relativa.endsWith('.html')) reply.header('cache-control', 'no-cache');
          else reply.header('cache-control', 'public, max-age=3600');
        },
      });
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const ruta = request.url.split('?')[0] ?? '/';
      const navegacion = request.method === 'GET' || request.method === 'HEAD';
      if (hayCliente && navegacion && !esApi(ruta) && !pareceArchivo(ruta)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      const error = new ErrorHttp(404, CODIGOS.NO_ENCONTRADO, MENSAJES_HTTP.noEncontrado);
      return reply.code(404).type('application/json; charset=utf-8').send(error.cuerpo());
    });
  },
  { name: 'spa', fastify: '5.x' },
);
