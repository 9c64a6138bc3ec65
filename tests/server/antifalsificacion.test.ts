// The anti-forgery cookie's name outside production: XSRF-TOKEN, not Secure (production's
// __Host-XSRF-TOKEN is in produccion.test.ts). The SPA echoes __Host-XSRF-TOKEN when the browser
// has one (src/api/cliente.ts), and cookies ignore the port: a production server on the same host
// may have left one, so outside production that one is accepted too, first, like the SPA.
import { expect, it } from 'vitest';
import { conCadaBase } from './ayuda/contexto.js';

const A = 'A'.repeat(43);
const B = 'B'.repeat(43);

conCadaBase('antifalsificación fuera de producción', (ctx) => {
  it('un GET fija XSRF-TOKEN, sin Secure, y no __Host-XSRF-TOKEN', async () => {
    const r = await ctx.app.inject('/api/v2/localidad/getAll');
    const cookie = r.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(cookie?.secure).toBeFalsy();
    expect(r.cookies.find((c) => c.name === '__Host-XSRF-TOKEN')).toBeUndefined();
  });

  it('acepta el token de la cookie que el SPA elige, y solo ese', async () => {
    const pedido = async (cookies: Record<string, string>, cabecera: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v2/solicitud/crear',
          payload: {},
          cookies,
          headers: { 'x-xsrf-token': cabecera },
        })
      ).statusCode;
    // 400: past the anti-forgery check, refused by validation (an empty body).
    expect(await pedido({ 'XSRF-TOKEN': A }, A)).toBe(400);
    expect(await pedido({ '__Host-XSRF-TOKEN': A }, A)).toBe(400);
    expect(await pedido({ '__Host-XSRF-TOKEN': A, 'XSRF-TOKEN': B }, A)).toBe(400);
    expect(await pedido({ '__Host-XSRF-TOKEN': A, 'XSRF-TOKEN': B }, B)).toBe(403);
    expect(await pedido({ 'XSRF-TOKEN': A }, B)).toBe(403);
    expect(await pedido({}, A)).toBe(403);
  });
});
