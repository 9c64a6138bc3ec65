// The GET routes of producto §7, their caching, /healthz, unknown paths, security headers and the
// OpenAPI document.
import { expect, it } from 'vitest';
import { ejemploSolicitud } from '../../server/solicitud/rutas/ejemplo.js';
import { conCadaBase } from './ayuda/contexto.js';

const CABECERAS_DE_SEGURIDAD = (headers: Record<string, unknown>) => {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
};

conCadaBase('catálogos', (ctx) => {
  it('lista las 24 localidades sembradas', async () => {
    const r = await ctx.app.inject('/api/v2/localidad/getAll');
    expect(r.statusCode).toBe(200);
    const lista = r.json<{ codigoLocalidad: number; nombreLocalidad: string }[]>();
    expect(lista).toHaveLength(24);
    expect(lista[0]).toEqual({ codigoLocalidad: 1, nombreLocalidad: 'Rosario' });
  });

  it('lista las calles de Rosario ordenadas, y ninguna en una localidad sin catálogo', async () => {
    const r = await ctx.app.inject('/api/v2/calle/getAll/1');
    expect(r.statusCode).toBe(200);
    const calles = r.json<{ nombreCalle: string }[]>().map((c) => c.nombreCalle);
    expect(calles.length).toBeGreaterThan(90);
    expect(calles).toContain('Bv. Oroño');
    expect([...calles].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' }))).toEqual(calles);
    const vacia = await ctx.app.inject('/api/v2/calle/getAll/12');
    expect(vacia.statusCode).toBe(200);
    expect(vacia.json()).toEqual([]);
  });

  it('responde 404 para una localidad inexistente y 400 para un código no numérico', async () => {
    const r = await ctx.app.inject('/api/v2/calle/getAll/9999');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ error: 'NO_ENCONTRADO', message: 'La localidad no existe.' });
    const mal = await ctx.app.inject('/api/v2/calle/getAll/abc');
    expect(mal.statusCode).toBe(400);
    expect(mal.json()).toMatchObject({ error: 'VALIDACION', fields: { codigoLocalidad: 'Valor inválido.' } });
  });

  it('lista condiciones de IVA y tipos de aparato', async () => {
    const iva = await ctx.app.inject('/api/v2/condicionesIva/getCondicionesValidas');
    expect(iva.json()).toContainEqual({
      codigoCondicionIVA: 6,
      nombreCondicionIVA: 'Responsable Monotributo',
    });
    const aparatos = await ctx.app.inject('/api/v2/aparatos/getAll');
    expect(aparatos.json()).toContainEqual({ codigotipoaparato: 1, nombretipoaparato: 'ECOGRAFO' });
    expect(aparatos.json()).toHaveLength(35);
  });

  it('el navegador puede reusarlos 5 minutos; revalidar con If-None-Match cuesta un 304 sin cuerpo', async () => {
    for (const url of [
      '/api/v2/localidad/getAll',
      '/api/v2/calle/getAll/1',
      '/api/v2/aparatos/getAll',
      '/api/v2/condicionesIva/getCondicionesValidas',
    ]) {
      const primera = await ctx.app.inject(url);
      const etag = primera.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/); // strong
      expect(primera.headers['cache-control']).toBe('public, max-age=300');
      expect(primera.headers['content-type']).toBe('application/json; charset=utf-8');
      // The same text every time (kept in memory, not serialized again).
      expect((await ctx.app.inject(url)).body).toBe(primera.body);
      for (const pedido of [etag, `"otra", ${etag}`, `W/${etag}`, `"x",W/${etag} `, '*']) {
        const segunda = await ctx.app.inject({ url, headers: { 'if-none-match': pedido } });
        expect(segunda.statusCode, `${url} ${pedido}`).toBe(304);
        expect(segunda.body).toBe('');
        expect(segunda.headers.etag).toBe(etag);
        expect(segunda.headers['cache-control']).toBe('public, max-age=300');
        expect(segunda.headers['x-content-type-options']).toBe('nosniff');
      }
      for (const pedido of ['"otra"', `W/"x${etag.slice(1)}`, '']) {
        const otra = await ctx.app.inject({ url, headers: { 'if-none-match': pedido } });
        expect(otra.statusCode, `${url} ${pedido}`).toBe(200);
        expect(otra.body).toBe(primera.body);
      }
    }
  });

  it('HEAD responde las mismas cabeceras sin cuerpo', async () => {
    const get = await ctx.app.inject('/api/v2/aparatos/getAll');
    const head = await ctx.app.inject({ method: 'HEAD', url: '/api/v2/aparatos/getAll' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['cache-control']).toBe('public, max-age=300');
  });

  it('un GET fija la cookie XSRF-TOKEN legible cuando falta', async () => {
    const r = await ctx.app.inject('/api/v2/localidad/getAll');
    const cookie = r.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Strict');
    const conCookie = await ctx.app.inject({
      url: '/api/v2/localidad/getAll',
      cookies: { 'XSRF-TOKEN': cookie!.value },
    });
    expect(conCookie.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('/healthz responde 200 con la base disponible', async () => {
    const r = await ctx.app.inject('/healthz');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ estado: 'ok' });
  });

  it('una ruta /api desconocida responde 404 JSON con cabeceras de seguridad', async () => {
    for (const url of ['/api/v2/nada', '/api/otra/cosa', '/api']) {
      const r = await ctx.app.inject(url);
      expect(r.statusCode).toBe(404);
      expect(r.headers['content-type']).toContain('application/json');
      expect(r.json()).toEqual({ error: 'NO_ENCONTRADO', message: 'No encontramos lo que buscabas.' });
      CABECERAS_DE_SEGURIDAD(r.headers);
    }
    const post = await ctx.app.inject({ method: 'DELETE', url: '/api/v2/localidad/getAll' });
    expect([403, 404]).toContain(post.statusCode);
    CABECERAS_DE_SEGURIDAD(post.headers);
  });

  it('los errores llevan cabeceras de seguridad y no filtran detalles internos', async () => {
    const r = await ctx.app.inject({ method: 'POST', url: '/api/v2/solicitud/crear', payload: {} });
    expect(r.statusCode).toBe(403);
    CABECERAS_DE_SEGURIDAD(r.headers);
    const mal = await ctx.app.inject('/api/v2/calle/getAll/abc');
    CABECERAS_DE_SEGURIDAD(mal.headers);
  });

  it('publica el documento OpenAPI con esquemas en cada ruta, y la interfaz en /api/docs', async () => {
    const r = await ctx.app.inject('/api/docs/json');
    expect(r.statusCode).toBe(200);
    const doc = r.json<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    const rutas = Object.keys(doc.paths);
    for (const ruta of [
      '/api/v2/localidad/getAll',
      '/api/v2/calle/getAll/{codigoLocalidad}',
      '/api/v2/condicionesIva/getCondicionesValidas',
      '/api/v2/aparatos/getAll',
      '/api/v2/solicitud/comprobarDniMatricula/{dni}/{matricula}/{circunscripcion}',
      '/api/v2/archivos/adjuntar',
      '/api/v2/solicitud/crear',
      '/healthz',
    ]) {
      expect(rutas).toContain(ruta);
      for (const operacion of Object.values(doc.paths[ruta]!))
        expect(Object.keys(operacion.responses).length).toBeGreaterThan(1);
    }
    // The catalogue routes declare their parameters and the shape of their items.
    const calle = doc.paths['/api/v2/calle/getAll/{codigoLocalidad}']!['get'] as unknown as {
      parameters: { name: string; in: string; required: boolean; schema: unknown }[];
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
    expect(calle.parameters).toEqual([
      expect.objectContaining({
        name: 'codigoLocalidad',
        in: 'path',
        required: true,
        schema: { type: 'integer', minimum: 1, maximum: 999_999_999 },
      }),
    ]);
    expect(calle.responses['200']!.content['application/json']!.schema).toEqual({
      type: 'array',
      items: { type: 'object', required: ['nombreCalle'], properties: { nombreCalle: { type: 'string' } } },
    });
    expect(Object.keys(calle.responses).sort()).toEqual(['200', '4XX', '5XX']);
    // The body of crear shows the application of producto §7 as its example.
    expect(doc.paths['/api/v2/solicitud/crear']!['post']!.requestBody).toMatchObject({
      content: { 'application/json': { example: ejemploSolicitud() } },
    });
    const ui = await ctx.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    CABECERAS_DE_SEGURIDAD(ui.headers);
    const inicializador = await ctx.app.inject('/api/docs/static/swagger-initializer.js');
    expect(inicializador.statusCode).toBe(200);
  });
});
