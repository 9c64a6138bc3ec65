// NODE_ENV=production: Secure cookies with the __Host- prefix for the draft and the anti-forgery
// token, no demo padrón, upgrade-insecure-requests in the CSP.
import { expect, it } from 'vitest';
import * as archivos from './ayuda/archivos.js';
import { conCadaBase } from './ayuda/contexto.js';

conCadaBase(
  'producción',
  (ctx) => {
    it('usa cookies Secure, __Host-XSRF-TOKEN, __Host-borrador y una CSP que exige https', async () => {
      const nav = ctx.navegador();
      const primera = await nav.get('/api/v2/localidad/getAll');
      const xsrf = primera.cookies.find((c) => c.name === '__Host-XSRF-TOKEN');
      expect(xsrf).toMatchObject({ secure: true, path: '/', sameSite: 'Strict' });
      expect(xsrf?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(xsrf?.httpOnly).toBeFalsy(); // the SPA reads it
      expect(xsrf?.domain).toBeUndefined(); // __Host- forbids a Domain
      expect(primera.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
      expect(String(primera.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const r = await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);
      expect(r.statusCode).toBe(200);
      const borrador = r.cookies.find((c) => c.name === '__Host-borrador');
      expect(borrador).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Strict' });
      expect(r.cookies.find((c) => c.name === 'borrador')).toBeUndefined();
    });

    it('la antifalsificación solo acepta el token de __Host-XSRF-TOKEN, no el de una XSRF-TOKEN plantada', async () => {
      const token = 'A'.repeat(43);
      const pedido = (cookies: Record<string, string>) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v2/solicitud/crear',
          payload: {},
          cookies,
          headers: { 'x-xsrf-token': token },
        });
      // A sibling subdomain or a plain-http answer can plant XSRF-TOKEN, never __Host-XSRF-TOKEN.
      expect((await pedido({ 'XSRF-TOKEN': token })).statusCode).toBe(403);
      const plantada = await pedido({ 'XSRF-TOKEN': token, '__Host-XSRF-TOKEN': 'B'.repeat(43) });
      expect(plantada.statusCode).toBe(403);
      // With the right cookie the request passes the check (and fails validation: an empty body).
      expect((await pedido({ '__Host-XSRF-TOKEN': token })).statusCode).toBe(400);
    });

    it('no carga el padrón de demostración', async () => {
      const r = await ctx.app.inject('/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1');
      expect(r.json()).toBe(false);
    });
  },
  { NODE_ENV: 'production' },
);
