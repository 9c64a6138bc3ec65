// A NUL in a text and a number that is not finite (server/plugins/valores-imposibles.ts): refused
// with 400 on every route, on SQLite and PostgreSQL alike (PostgreSQL alone answered 500), after
// the back-office's session check, and without turning a 404 into anything else.
import { describe, expect, it } from 'vitest';
import { valorImposible } from '../../server/plugins/valores-imposibles.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ingresarComo } from './ayuda/personal.js';

describe('valorImposible', () => {
  it('finds a NUL in a string, a key or deep inside, and a number that is not finite', () => {
    expect(valorImposible({ a: 'x\u0000y' })).toMatchObject({ campo: 'a' });
    expect(valorImposible({ a: [{ b: 'ok' }, { c: '\u0000' }] })).toMatchObject({ campo: 'a.1.c' });
    expect(valorImposible({ ['k\u0000']: 1 })).not.toBeNull();
    expect(valorImposible({ pagina: Infinity })).toMatchObject({ campo: 'pagina', mensaje: 'Número inválido.' });
    expect(valorImposible({ n: -Infinity })).not.toBeNull();
    expect(valorImposible({ n: NaN })).not.toBeNull();
    expect(valorImposible({ a: 'Peña', n: 3, b: null, c: true })).toBeNull();
  });
});

conCadaBase('valores imposibles', (ctx) => {
  it('a NUL in the inbox search, a document key or the sign-in answers 400, not 500', async () => {
    const nav = await ingresarComo(ctx, 'vi.admin', 'administrador');
    for (const url of ['/api/gestion/solicitudes?q=a%00b', '/api/gestion/exportacion.csv?q=12345%00']) {
      const r = await nav.get(url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json()).toMatchObject({ error: 'VALIDACION', fields: { q: expect.any(String) } });
    }
    const ingreso = await ctx.navegador().abrir();
    const r = await ingreso.post('/api/gestion/sesion', { usuario: 'admin\u0000', contrasena: 'x' });
    expect(r.statusCode).toBe(400);
    expect(r.json().fields).toEqual({ usuario: 'Tiene caracteres invisibles o de control que no se aceptan. Volvé a escribir el texto.' });
  });

  it('Infinity or 1e309 where a number goes answers 400, not 500', async () => {
    const nav = await ingresarComo(ctx, 'vi.admin2', 'administrador');
    for (const url of [
      '/api/gestion/solicitudes?pagina=Infinity',
      '/api/gestion/auditoria?pagina=1e400',
      '/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1e309',
      '/api/v2/solicitud/comprobarDniMatricula/30111222/12345/Infinity',
    ]) {
      const r = await nav.get(url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().error).toBe('VALIDACION');
    }
  });

  it('without a session the back-office still answers 401, and an unknown path keeps its own refusal', async () => {
    const nav = await ctx.navegador().abrir();
    expect((await nav.get('/api/gestion/solicitudes?q=%00')).statusCode).toBe(401);
    // The static files' wildcard refuses a NUL in a path itself (403) or finds nothing (404).
    const desconocida = await nav.get('/api/v2/no-existe/%00');
    expect([403, 404]).toContain(desconocida.statusCode);
    expect(desconocida.body).not.toContain('fields');
  });
});
