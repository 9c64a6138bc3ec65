// One log line per answer, only where it helps: failures (4xx/5xx) and the routes that act on
// personal data at info; a successful catalogue load logs nothing at info (it would cost half
// the throughput of those routes). A 5xx also logs the error itself.
import { expect, it } from 'vitest';
import { conCadaBase } from './ayuda/contexto.js';

const lineas = (logs: string[]) => logs.map((l) => JSON.parse(l) as Record<string, unknown>);

conCadaBase(
  'registro de peticiones',
  (ctx) => {
    it('un catálogo servido no escribe nada; un 404 escribe una línea con la ruta y el estado', async () => {
      ctx.logs.length = 0;
      expect((await ctx.app.inject('/api/v2/localidad/getAll')).statusCode).toBe(200);
      expect(lineas(ctx.logs).filter((l) => l.msg === 'respuesta')).toEqual([]);
      expect((await ctx.app.inject('/api/v2/nada/30111222')).statusCode).toBe(404);
      const [linea, ...resto] = lineas(ctx.logs).filter((l) => l.msg === 'respuesta');
      expect(resto).toEqual([]);
      expect(linea).toMatchObject({
        level: 30,
        status: 404,
        req: { method: 'GET', url: '/api/v2/nada/[oculto]' },
      });
      expect(JSON.stringify(ctx.logs)).not.toContain('30111222');
      expect(
        lineas(ctx.logs).some((l) => l.msg === 'incoming request' || l.msg === 'request completed'),
      ).toBe(false);
    });

    it('las rutas con datos personales escriben una línea también cuando salen bien', async () => {
      ctx.logs.length = 0;
      await ctx.app.inject('/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1');
      const linea = lineas(ctx.logs).find((l) => l.msg === 'respuesta');
      expect(linea).toMatchObject({
        status: 200,
        req: { url: '/api/v2/solicitud/comprobarDniMatricula/[oculto]' },
      });
    });
  },
  { LOG_LEVEL: 'info' },
);
