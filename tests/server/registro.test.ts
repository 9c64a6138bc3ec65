// One log line per answer, only where it helps: failures (4xx/5xx) and the routes that act on
// personal data at info; a successful catalogue load logs nothing at info (it would cost half
// the throughput of those routes). A 5xx also logs the error itself. No line carries a DNI or a
// matrícula: a routed request is named by its route template, never by its parameters' values
// (the router decodes percent-escapes, and a short matrícula matches no mask); a path no route
// matched is decoded, and its digits and whatever follows comprobarDniMatricula are hidden.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { decodificarRuta, ocultarDatos } from '../../server/registro.js';
import { crearEntorno, type Entorno } from './ayuda/bases.js';
import { conCadaBase } from './ayuda/contexto.js';

type Linea = Record<string, unknown> & { msg?: string; req?: { url?: string } };
const lineas = (logs: string[]) => logs.map((l) => JSON.parse(l) as Linea);
const respuestas = (logs: string[]) => lineas(logs).filter((l) => l.msg === 'respuesta');

/** The lines without the fields that hold numbers of their own (time, pid, host, request id). */
const sinVariables = (logs: string[]) =>
  lineas(logs).map(({ time: _t, pid: _p, hostname: _h, reqId: _r, ms: _m, ...resto }) =>
    JSON.stringify(resto),
  );

/** Fails when any log line carries one of `datos`, as written or percent-encoded. */
function sinDatosPersonales(logs: string[], datos: string[]) {
  const texto = sinVariables(logs).join('\n');
  for (const dato of datos) {
    expect(texto).not.toContain(dato);
    const codificado = [...dato].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    expect(texto.toUpperCase()).not.toContain(codificado);
  }
}

const PLANTILLA_COMPROBAR = '/api/v2/solicitud/comprobarDniMatricula/:dni/:matricula/:circunscripcion';

describe('ocultarDatos: la ruta de una petición que ninguna ruta atendió', () => {
  it('decodifica como el enrutador y oculta cada número', () => {
    expect(ocultarDatos('/api/v2/nada/%33%30%31%31%31%32%32%32')).toBe('/api/v2/nada/[oculto]');
    expect(ocultarDatos('/stepper/MP10203/x999y')).toBe('/stepper/MP[oculto]/x[oculto]y');
    expect(ocultarDatos('/api/v2/nada/３０１１１２２２')).toBe('/api/v2/nada/[oculto]');
  });

  it('nunca escribe la consulta ni el fragmento', () => {
    expect(ocultarDatos('/api/v2/nada?dni=30111222&matricula=MP10203')).toBe('/api/v2/nada');
    expect(ocultarDatos('/stepper#MP10203')).toBe('/stepper');
  });

  it('oculta todo lo que sigue a comprobarDniMatricula, en mayúsculas o minúsculas, codificado o no', () => {
    for (const url of [
      '/api/v2/solicitud/comprobarDniMatricula/1234567/999',
      '/api/v2/solicitud/COMPROBARdnimatricula/33777666/MP10203/1',
      '/api/v2/solicitud/comprobar%44niMatricula/30111222/ABC/1',
    ]) {
      expect(ocultarDatos(url)).toMatch(/^\/api\/v2\/solicitud\/comprobarDniMatricula\/\[oculto\]$/i);
    }
  });

  it('un escape mal formado no lanza, y lo que se decodifica igual se oculta', () => {
    expect(decodificarRuta('/a/%ZZ/%E0%A4/%33%30%31')).toBe('/a/%ZZ/\uFFFD/301');
    expect(ocultarDatos('/a/%ZZ/%E0%A4/%33%30%31%31%31%32%32%32')).toBe('/a/%ZZ/\uFFFD/[oculto]');
    expect(ocultarDatos('/a/%/%3')).toBe('/a/%/%[oculto]');
  });

  it('lo que queda codificado tras decodificar una vez (doble codificación) también se oculta', () => {
    expect(ocultarDatos('/api/v2/nada/%254D%2550')).toBe('/api/v2/nada/[oculto]');
  });
});

conCadaBase(
  'registro de peticiones',
  (ctx) => {
    it('un catálogo servido no escribe nada; un 404 escribe una línea con la ruta y el estado', async () => {
      ctx.logs.length = 0;
      expect((await ctx.app.inject('/api/v2/localidad/getAll')).statusCode).toBe(200);
      expect(respuestas(ctx.logs)).toEqual([]);
      expect((await ctx.app.inject('/api/v2/nada/30111222')).statusCode).toBe(404);
      const [linea, ...resto] = respuestas(ctx.logs);
      expect(resto).toEqual([]);
      expect(linea).toMatchObject({
        level: 30,
        status: 404,
        req: { method: 'GET', url: '/api/v2/nada/[oculto]' },
      });
      sinDatosPersonales(ctx.logs, ['30111222']);
      expect(
        lineas(ctx.logs).some((l) => l.msg === 'incoming request' || l.msg === 'request completed'),
      ).toBe(false);
    });

    it('las rutas con datos personales escriben una línea también cuando salen bien, con la plantilla de la ruta', async () => {
      ctx.logs.length = 0;
      const r = await ctx.app.inject('/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1');
      expect(r.json()).toBe(true);
      expect(respuestas(ctx.logs)).toEqual([
        expect.objectContaining({ status: 200, req: expect.objectContaining({ url: PLANTILLA_COMPROBAR }) }),
      ]);
      sinDatosPersonales(ctx.logs, ['30111222', '12345']);
    });

    it('una ruta codificada con %XX, que el enrutador decodifica, se registra por su plantilla', async () => {
      ctx.logs.length = 0;
      const r = await ctx.app.inject(
        '/api/v2/solicitud/comprobar%44niMatricula/%33%30%31%31%31%32%32%32/%31%32%33%34%35/1',
      );
      expect(r.statusCode).toBe(200);
      expect(r.json()).toBe(true); // routed, and the padrón found the decoded pair
      expect(respuestas(ctx.logs).map((l) => l.req?.url)).toEqual([PLANTILLA_COMPROBAR]);
      sinDatosPersonales(ctx.logs, ['30111222', '12345']);
    });

    it('una matrícula corta ("999", "MP10203") no queda en el registro, ni con consulta', async () => {
      ctx.logs.length = 0;
      for (const url of [
        '/api/v2/solicitud/comprobarDniMatricula/1234567/999/1',
        '/api/v2/solicitud/comprobarDniMatricula/33777666/MP10203/1?dni=33777666&matricula=MP10203',
        '/api/v2/solicitud/comprobarDniMatricula/1234567/99%39/1',
      ]) {
        const r = await ctx.app.inject(url);
        expect(r.statusCode, url).toBe(200);
        expect(r.json(), url).toBe(true);
      }
      expect(respuestas(ctx.logs).map((l) => l.req?.url)).toEqual(Array(3).fill(PLANTILLA_COMPROBAR));
      sinDatosPersonales(ctx.logs, ['1234567', '999', '33777666', 'MP10203']);
    });

    it('una ruta desconocida con DNI y matrícula se registra decodificada y sin ellos', async () => {
      ctx.logs.length = 0;
      const casos: [string, string][] = [
        ['/api/v2/nada/30111222', '/api/v2/nada/[oculto]'],
        ['/api/v2/nada/%33%30%31%31%31%32%32%32/MP10203?dni=30111222', '/api/v2/nada/[oculto]/MP[oculto]'],
        // The route exists, but not with this shape (no circunscripción): 404, no route template.
        [
          '/api/v2/solicitud/comprobarDniMatricula/1234567/999',
          '/api/v2/solicitud/comprobarDniMatricula/[oculto]',
        ],
        [
          '/api/v2/solicitud/ComprobarDNIMatricula/33777666/MP10203/1',
          '/api/v2/solicitud/ComprobarDNIMatricula/[oculto]',
        ],
        [
          '/api/v2/solicitud/comprobar%44niMatricula/33777666/ABC/1/extra',
          '/api/v2/solicitud/comprobarDniMatricula/[oculto]',
        ],
      ];
      for (const [url] of casos) expect((await ctx.app.inject(url)).statusCode, url).toBe(404);
      expect(respuestas(ctx.logs).map((l) => l.req?.url)).toEqual(casos.map(([, registrada]) => registrada));
      sinDatosPersonales(ctx.logs, ['30111222', '1234567', '999', '33777666', 'MP10203', '/ABC']);
    });

    it('un parámetro inválido (400) se registra por la plantilla, sin el valor', async () => {
      ctx.logs.length = 0;
      const r = await ctx.app.inject('/api/v2/solicitud/comprobarDniMatricula/30111222/MP10203/abc');
      expect(r.statusCode).toBe(400);
      expect(respuestas(ctx.logs).map((l) => l.req?.url)).toEqual([PLANTILLA_COMPROBAR]);
      sinDatosPersonales(ctx.logs, ['30111222', 'MP10203']);
    });
  },
  { LOG_LEVEL: 'info' },
);

describe('registro de peticiones con la SPA servida (fallback del historial)', () => {
  let entorno: Entorno;
  let app: FastifyInstance;
  const logs: string[] = [];

  beforeAll(async () => {
    entorno = await crearEntorno('sqlite', { LOG_LEVEL: 'debug' });
    const cliente = path.join(entorno.config.dataDir, 'client');
    await mkdir(path.join(cliente, 'assets'), { recursive: true });
    await writeFile(path.join(cliente, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(path.join(cliente, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
    app = await buildApp(
      { ...entorno.config, clientDir: cliente },
      { destinoLog: { write: (l: string) => void logs.push(l) } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await entorno?.limpiar();
  });

  it('una ruta del navegador (index.html) y un archivo se registran sin números ni consulta', async () => {
    logs.length = 0;
    const casos: [string, number, string][] = [
      ['/stepper/30111222?matricula=MP10203', 200, '/stepper/[oculto]'],
      ['/%33%30%31%31%31%32%32%32/MP10203', 200, '/[oculto]/MP[oculto]'],
      ['/assets/app-1a2b3c.js', 200, '/assets/app-[oculto]a[oculto]b[oculto]c.js'],
      ['/assets/falta-30111222.js', 404, '/assets/falta-[oculto].js'],
    ];
    for (const [url, status] of casos) expect((await app.inject(url)).statusCode, url).toBe(status);
    expect(respuestas(logs).map((l) => [l.req?.url, l.status])).toEqual(
      casos.map(([, status, registrada]) => [registrada, status]),
    );
    sinDatosPersonales(logs, ['30111222', 'MP10203']);
  });
});
