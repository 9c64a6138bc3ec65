// NODE_ENV=production: Secure cookies with the __Host- prefix for the draft, no demo padrón,
// upgrade-insecure-requests in the CSP.
import { expect, it } from 'vitest';
import * as archivos from './ayuda/archivos.js';
import { conCadaBase } from './ayuda/contexto.js';

conCadaBase(
  'producción',
  (ctx) => {
    it('usa cookies Secure, __Host-borrador y una CSP que exige https', async () => {
      const nav = ctx.navegador();
      const primera = await nav.get('/api/v2/localidad/getAll');
      const xsrf = primera.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(xsrf?.secure).toBe(true);
      expect(String(primera.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const r = await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);
      expect(r.statusCode).toBe(200);
      const borrador = r.cookies.find((c) => c.name === '__Host-borrador');
      expect(borrador).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Strict' });
      expect(r.cookies.find((c) => c.name === 'borrador')).toBeUndefined();
    });

    it('no carga el padrón de demostración', async () => {
      const r = await ctx.app.inject('/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1');
      expect(r.json()).toBe(false);
    });
  },
  { NODE_ENV: 'production' },
);
