// After `vite build`: every text asset also as .br (brotli, quality 11) and .gz (gzip, level 9)
// next to it; the server's static files send the variant the browser accepts (preCompressed).
// Done once at build time, so the best (slowest) levels cost nothing per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const TEXTO = /\.(?:js|mjs|css|html|svg|json|txt|xml|map)$/;
// Below this a compressed copy saves less than its own request overhead.
const MINIMO = 512;
// Filled in by the server at start-up (server/plugins/terminos.ts): a copy made here would carry
// the file's defaults, not the configuration.
const SIN_COPIAS = new Set(['terminos.html']);

async function* archivos(dir, raiz = dir) {
  for (const entrada of await readdir(dir, { withFileTypes: true })) {
    const ruta = path.join(dir, entrada.name);
    if (entrada.isDirectory()) yield* archivos(ruta, raiz);
    else if (TEXTO.test(entrada.name) && !SIN_COPIAS.has(path.relative(raiz, ruta))) yield ruta;
  }
}

export async function precomprimir(salida) {
  const tareas = [];
  for await (const ruta of archivos(salida)) {
    tareas.push(
      (async () => {
        const contenido = await readFile(ruta);
        if (contenido.length < MINIMO) return;
        const [br, g] = await Promise.all([
          brotli(contenido, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: contenido.length,
            },
          }),
          gz(contenido, { level: 9 }),
        ]);
        if (br.length < contenido.length) await writeFile(`${ruta}.br`, br);
        if (g.length < contenido.length) await writeFile(`${ruta}.gz`, g);
      })(),
    );
  }
  await Promise.all(tareas);
}
