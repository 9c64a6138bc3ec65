// Our plugins are wrapped by fastify-plugin (decision 071): registered by
// name, checked against Fastify 5, and not encapsulated, so their hooks, decorations and handlers
// apply to the whole app.
import { expect, it } from 'vitest';
import { conCadaBase } from './ayuda/contexto.js';

const NOMBRES = [
  'base-de-datos',
  'documentos',
  'catalogos',
  'cabeceras-de-seguridad',
  'errores',
  'registro-de-peticiones',
  'limites',
  'antifalsificacion',
  'openapi',
  'openapi-ui',
  'spa',
];

conCadaBase('plugins', (ctx) => {
  it('cada plugin está registrado por su nombre', () => {
    for (const nombre of NOMBRES) expect(ctx.app.hasPlugin(nombre), nombre).toBe(true);
  });

  it('sus decoraciones y ganchos alcanzan a toda la app', async () => {
    expect(ctx.app.hasDecorator('db')).toBe(true);
    expect(ctx.app.hasDecorator('catalogos')).toBe(true);
    expect(ctx.app.hasDecorator('documentos')).toBe(true);
    // Registered as siblings of the routes: the anti-forgery hook and the error handler still
    // answer a POST to a route of another plugin.
    const r = await ctx.app.inject({ method: 'POST', url: '/api/v2/solicitud/crear', payload: {} });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ error: 'ANTIFALSIFICACION' });
  });
});
