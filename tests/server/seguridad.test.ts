// Security headers computed once by helmet's middleware (decisions 072 and 116), plus the
// Permissions-Policy helmet does not write: exactly the pinned set and CSP, in production and not,
// on a normal answer, a 404, an anti-forgery 403, a rate-limit 429 and the router's 400
// (frameworkErrors, which no hook sees).
import { expect, it } from 'vitest';
import {
  cabecerasDeSeguridad,
  opcionesDeSeguridad,
  POLITICA_DE_PERMISOS,
} from '../../server/plugins/seguridad.js';
import { cabecerasEsperadas, sinVariables } from './ayuda/cabeceras.js';
import { conCadaBase } from './ayuda/contexto.js';

const JSON_UTF8 = { 'content-type': 'application/json; charset=utf-8' };

it('el conjunto precalculado (helmet con nuestras opciones, y Permissions-Policy) es el fijado, sin X-Powered-By', () => {
  for (const production of [false, true]) {
    expect(cabecerasDeSeguridad(opcionesDeSeguridad(production))).toEqual(cabecerasEsperadas(production));
  }
});

it('Permissions-Policy es un diccionario de funciones, cada una denegada a todo origen', () => {
  const entradas = POLITICA_DE_PERMISOS.split(', ');
  for (const entrada of entradas) expect(entrada).toMatch(/^[a-z][a-z-]*=\(\)$/);
  expect(new Set(entradas).size).toBe(entradas.length);
  // Obsolete names protect nothing; those Chromium does not recognise warn in its console.
  for (const obsoleta of ['interest-cohort', 'battery', 'ambient-light-sensor'])
    expect(entradas).not.toContain(`${obsoleta}=()`);
});

for (const production of [false, true]) {
  conCadaBase(
    `cabeceras de seguridad${production ? ' en producción' : ''}`,
    (ctx) => {
      const seguridad = cabecerasEsperadas(production);

      it('una respuesta normal lleva exactamente las cabeceras de siempre', async () => {
        const r = await ctx.app.inject('/api/v2/localidad/getAll');
        expect(r.statusCode).toBe(200);
        expect(sinVariables(r.headers)).toEqual({
          ...seguridad,
          ...JSON_UTF8,
          'cache-control': 'public, max-age=300',
        });
      });

      it('un 404', async () => {
        const r = await ctx.app.inject('/api/v2/nada');
        expect(r.statusCode).toBe(404);
        expect(sinVariables(r.headers)).toEqual({ ...seguridad, ...JSON_UTF8 });
      });

      it('un 403 de la antifalsificación', async () => {
        const r = await ctx.app.inject({ method: 'POST', url: '/api/v2/solicitud/crear', payload: {} });
        expect(r.statusCode).toBe(403);
        expect(sinVariables(r.headers)).toEqual({ ...seguridad, ...JSON_UTF8 });
      });

      it('un 429 del límite de consultas', async () => {
        const url = '/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1';
        expect((await ctx.app.inject(url)).statusCode).toBe(200);
        const r = await ctx.app.inject(url);
        expect(r.statusCode).toBe(429);
        expect(sinVariables(r.headers)).toEqual({
          ...seguridad,
          ...JSON_UTF8,
          'x-ratelimit-limit': '1',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': expect.stringMatching(/^\d+$/),
          'retry-after': expect.stringMatching(/^\d+$/),
        });
      });

      it('un 400 del enrutador (frameworkErrors, sin ganchos)', async () => {
        const r = await ctx.app.inject('/api/v2/calle/getAll/%ZZ');
        expect(r.statusCode).toBe(400);
        // no-store: a refused address is about that request only (and under /api/gestion nothing is kept).
        expect(sinVariables(r.headers)).toEqual({ ...seguridad, ...JSON_UTF8, 'cache-control': 'no-store' });
      });
    },
    { DNI_CHECK_MAX: '1', ...(production ? { NODE_ENV: 'production' } : {}) },
  );
}
