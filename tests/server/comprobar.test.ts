// GET solicitud/comprobarDniMatricula: the padrón answer, its rate limit keyed on the real
// client address, and logs that never show the DNI.
import { describe, expect, it } from 'vitest';
import { conCadaBase } from './ayuda/contexto.js';

const URL_DEMO = '/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1';

conCadaBase(
  'comprobarDniMatricula',
  (ctx) => {
    it('responde true para un par del padrón demo y false si no, con la misma forma', async () => {
      const si = await ctx.app.inject({ url: URL_DEMO, remoteAddress: '10.0.0.1' });
      expect(si.statusCode).toBe(200);
      expect(si.json()).toBe(true);
      const no = await ctx.app.inject({
        url: '/api/v2/solicitud/comprobarDniMatricula/30111222/54321/1',
        remoteAddress: '10.0.0.1',
      });
      expect(no.statusCode).toBe(200);
      expect(no.json()).toBe(false);
      expect(no.headers['content-type']).toBe(si.headers['content-type']);
      expect(no.headers['cache-control']).toBe('no-store');
      const otro = await ctx.app.inject({
        url: '/api/v2/solicitud/comprobarDniMatricula/28999888/6789/1',
        remoteAddress: '10.0.0.1',
      });
      expect(otro.json()).toBe(true);
      const malformado = await ctx.app.inject({
        url: '/api/v2/solicitud/comprobarDniMatricula/abc/6789/1',
        remoteAddress: '10.0.0.1',
      });
      expect(malformado.json()).toBe(false);
    });

    it('limita por cliente y un X-Forwarded-For inventado no reinicia la cuenta', async () => {
      const ip = '10.0.0.2';
      for (let i = 0; i < 5; i++) {
        const r = await ctx.app.inject({
          url: URL_DEMO,
          remoteAddress: ip,
          headers: { 'x-forwarded-for': `192.0.2.${i}` },
        });
        expect(r.statusCode).toBe(200);
      }
      const bloqueada = await ctx.app.inject({
        url: URL_DEMO,
        remoteAddress: ip,
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(bloqueada.statusCode).toBe(429);
      expect(bloqueada.json()).toEqual({
        error: 'DEMASIADOS_INTENTOS',
        message: 'Demasiados intentos. Esperá unos minutos e intentá nuevamente.',
      });
      expect(bloqueada.headers['retry-after']).toBeDefined();
      expect(bloqueada.headers['x-content-type-options']).toBe('nosniff');
      const otroCliente = await ctx.app.inject({ url: URL_DEMO, remoteAddress: '10.0.0.3' });
      expect(otroCliente.statusCode).toBe(200);
    });

    it('detrás del proxy configurado usa la dirección real del cliente', async () => {
      const desdeProxy = (cliente: string) =>
        ctx.app.inject({
          url: URL_DEMO,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': cliente },
        });
      for (let i = 0; i < 5; i++) expect((await desdeProxy('203.0.113.9')).statusCode).toBe(200);
      expect((await desdeProxy('203.0.113.9')).statusCode).toBe(429);
      expect((await desdeProxy('203.0.113.10')).statusCode).toBe(200);
    });

    it('los logs no muestran el DNI ni la matrícula', async () => {
      await ctx.app.inject({
        url: '/api/v2/solicitud/comprobarDniMatricula/27123456/ZX9981/1',
        remoteAddress: '10.0.0.4',
      });
      const todo = ctx.logs.join('\n');
      // A routed request is logged by its route template (server/registro.ts).
      expect(todo).toContain('comprobarDniMatricula/:dni/:matricula/:circunscripcion');
      expect(todo).not.toContain('27123456');
      expect(todo).not.toContain('ZX9981');
    });
  },
  { DNI_CHECK_MAX: '5', TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' },
);

describe('ocultarDatos', () => {
  it('oculta el DNI de la ruta y cualquier número largo', async () => {
    const { ocultarDatos } = await import('../../server/registro.js');
    expect(ocultarDatos('/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1?x=1')).toBe(
      '/api/v2/solicitud/comprobarDniMatricula/[oculto]',
    );
    expect(ocultarDatos('/algo/30111222')).toBe('/algo/[oculto]');
  });

  it('oculta el token de los enlaces del solicitante (producto §11)', async () => {
    const { ocultarDatos } = await import('../../server/registro.js');
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz_-AbCdEfGhIjKlMnO';
    expect(ocultarDatos(`/corregir/${token}`)).toBe('/corregir/[oculto]');
    expect(ocultarDatos(`/verificar/${token}?x=1`)).toBe('/verificar/[oculto]');
    expect(ocultarDatos(`/api/v2/correcciones/${token}/archivos`)).toBe('/api/v2/correcciones/[oculto]');
  });
});

conCadaBase(
  'límite de escrituras',
  (ctx) => {
    it('limita las subidas por cliente y hora', async () => {
      const { png } = await import('./ayuda/archivos.js');
      const nav = await ctx.navegador().abrir();
      for (let i = 0; i < 2; i++)
        expect((await nav.subir([{ nombre: 'DniAnverso.png', contenido: png() }])).statusCode).toBe(200);
      const r = await nav.subir([{ nombre: 'DniAnverso.png', contenido: png() }]);
      expect(r.statusCode).toBe(429);
      expect(r.json().error).toBe('DEMASIADOS_INTENTOS');
    });
  },
  { WRITE_MAX_PER_HOUR: '2' },
);
