// Requests refused before any route runs — by the router (bad percent-encoding, a parameter
// over the length limit) or by Node's HTTP parser (control bytes, huge headers) — still answer
// {error, message} in Spanish with the security headers, and never echo the URL (it may hold a
// DNI).
import { connect } from 'node:net';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { cabecerasEsperadas, sinVariables } from './ayuda/cabeceras.js';
import { conCadaBase } from './ayuda/contexto.js';

/** Exactly the security headers every other answer carries, the JSON type, and no-store (a
 * refused address is about that request only; under /api/gestion nothing may be cached). */
function cabecerasDeSeguridad(headers: Record<string, unknown>) {
  expect(sinVariables(headers)).toEqual({
    ...cabecerasEsperadas(false),
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
  });
}

/** Writes raw bytes to the listening app and reads the whole answer. */
function crudo(puerto: number, peticion: Buffer | string): Promise<string> {
  return new Promise((listo, fallo) => {
    const socket = connect(puerto, '127.0.0.1');
    let respuesta = '';
    socket.on('data', (d: Buffer) => (respuesta += d.toString('latin1')));
    socket.on('error', fallo);
    socket.on('close', () => listo(respuesta));
    socket.write(peticion);
  });
}

function leer(respuesta: string) {
  const [cabeza = '', cuerpo = ''] = respuesta.split('\r\n\r\n');
  const [linea = '', ...resto] = cabeza.split('\r\n');
  const headers = Object.fromEntries(
    resto.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(linea.split(' ')[1]), headers, cuerpo: JSON.parse(cuerpo) as unknown };
}

conCadaBase('errores antes de las rutas', (ctx) => {
  it('una dirección mal codificada responde 400 en castellano con cabeceras de seguridad', async () => {
    for (const url of [
      '/api/v2/calle/getAll/%ZZ',
      '/api/v2/solicitud/comprobarDniMatricula/30111222/%E0%A4%A/1',
    ]) {
      const r = await ctx.app.inject(url);
      expect(r.statusCode).toBe(400);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.json()).toEqual({ error: 'VALIDACION', message: 'La dirección no es válida.' });
      cabecerasDeSeguridad(r.headers);
    }
  });

  it('un parámetro demasiado largo responde 414 sin repetir la dirección (ni el DNI)', async () => {
    // Without the SPA's catch-all route the router refuses it (with the SPA, it is a plain 404).
    const sinCliente = await buildApp({
      ...ctx.entorno.config,
      clientDir: path.join(ctx.entorno.config.dataDir, 'nada'),
    });
    try {
      const url = `/api/v2/solicitud/comprobarDniMatricula/30111222/${'9'.repeat(150)}/1`;
      const r = await sinCliente.inject(url);
      expect(r.statusCode).toBe(414);
      expect(r.json()).toEqual({ error: 'VALIDACION', message: 'La dirección es demasiado larga.' });
      expect(r.body).not.toContain('30111222');
      cabecerasDeSeguridad(r.headers);
      const conCliente = await ctx.app.inject(url);
      expect([404, 414]).toContain(conCliente.statusCode);
      expect(conCliente.body).not.toContain('30111222');
    } finally {
      await sinCliente.close();
    }
  });

  it('lo que el analizador HTTP rechaza responde JSON en castellano con cabeceras de seguridad', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const direccion = ctx.app.server.address();
    const puerto = typeof direccion === 'object' && direccion ? direccion.port : 0;
    const casos: [Buffer | string, number, string][] = [
      [
        Buffer.from('GET /api/v2/localidad/getAll\x01 HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1'),
        400,
        'VALIDACION',
      ],
      [Buffer.from('GET / HTTP/1.1\r\nHost: x\r\nX-Raro: a\x00b\r\n\r\n', 'latin1'), 400, 'VALIDACION'],
      [Buffer.from('GET /\xff HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1'), 400, 'VALIDACION'],
      [`GET / HTTP/1.1\r\nHost: x\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'VALIDACION'],
    ];
    for (const [peticion, status, error] of casos) {
      const r = leer(await crudo(puerto, peticion));
      expect(r.status).toBe(status);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.cuerpo).toMatchObject({ error });
      expect((r.cuerpo as { message: string }).message).toMatch(/^La solicitud/);
      cabecerasDeSeguridad(r.headers);
    }
  });
});
