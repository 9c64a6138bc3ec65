// /api/docs (Swagger UI) and /api/docs/json (the OpenAPI document) are served only when
// API_DOCS allows it: by default outside production, in production only with API_DOCS=1.
// Otherwise they answer 404 JSON like any unknown /api path.
import { expect, it } from 'vitest';
import { conCadaBase } from './ayuda/contexto.js';

const DIRECCIONES = ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/swagger-initializer.js'];

for (const [nombre, env, servidas] of [
  ['en producción, sin API_DOCS', { NODE_ENV: 'production' }, false],
  ['en producción con API_DOCS=1', { NODE_ENV: 'production', API_DOCS: '1' }, true],
  ['fuera de producción', { NODE_ENV: 'development' }, true],
  ['fuera de producción con API_DOCS=0', { NODE_ENV: 'development', API_DOCS: '0' }, false],
] as const) {
  conCadaBase(
    `documentación de la API ${nombre}`,
    (ctx) => {
      it(
        servidas ? 'sirve la interfaz y el documento' : 'no sirve la interfaz ni el documento: 404 JSON',
        async () => {
          for (const url of DIRECCIONES) {
            const r = await ctx.app.inject(url);
            if (servidas) {
              expect(r.statusCode, url).toBe(200);
            } else {
              expect(r.statusCode, url).toBe(404);
              expect(r.json(), url).toEqual({
                error: 'NO_ENCONTRADO',
                message: 'No encontramos lo que buscabas.',
              });
            }
          }
          if (servidas) {
            const documento = await ctx.app.inject('/api/docs/json');
            expect(documento.json<{ openapi: string }>().openapi).toMatch(/^3\./);
          }
        },
      );
    },
    env,
  );
}
