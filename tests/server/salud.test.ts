// Alive versus ready (decision 092): /healthz/vivo answers while the event loop runs, whatever the
// database does; /healthz/listo answers 503 when the database is away and while the process
// drains on SIGTERM; a request in flight when SIGTERM arrives still completes, and the process
// exits 0.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { iniciarServidor } from '../../medicion/servidor-hijo.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config/index.js';
import * as archivos from './ayuda/archivos.js';
import { baseTrasProxy } from './ayuda/base-tras-proxy.js';
import { crearEntorno, disponible } from './ayuda/bases.js';
import { multipart } from './ayuda/cliente.js';

const NO_DISPONIBLE = {
  error: 'NO_DISPONIBLE',
  message: 'El servicio no está disponible en este momento. Intentá nuevamente más tarde.',
};

async function estados(app: FastifyInstance) {
  const [vivo, listo, salud] = await Promise.all(
    ['/healthz/vivo', '/healthz/listo', '/healthz'].map((url) => app.inject(url)),
  );
  return {
    vivo: vivo!.statusCode,
    listo: listo!.statusCode,
    salud: salud!.statusCode,
    cuerpoListo: listo!.json(),
  };
}

describe('salud: vivo y listo [sqlite]', () => {
  it('con la base disponible las tres responden 200, sin caché', async () => {
    const entorno = await crearEntorno('sqlite');
    const app = await buildApp(entorno.config);
    try {
      const r = await app.inject('/healthz/vivo');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ estado: 'vivo' });
      expect(r.headers['cache-control']).toBe('no-store');
      const listo = await app.inject('/healthz/listo');
      expect(listo.json()).toEqual({ estado: 'listo' });
      expect(listo.headers['cache-control']).toBe('no-store');
      expect((await estados(app)).salud).toBe(200);
    } finally {
      await app.close();
      await entorno.limpiar();
    }
  });

  it('sin base: vivo 200, listo y /healthz 503', async () => {
    const entorno = await crearEntorno('sqlite');
    const app = await buildApp(entorno.config);
    try {
      await app.db.destroy();
      const e = await estados(app);
      expect(e).toEqual({ vivo: 200, listo: 503, salud: 503, cuerpoListo: NO_DISPONIBLE });
    } finally {
      await app.close().catch(() => {});
      await entorno.limpiar();
    }
  });
});

describe.skipIf(!disponible('postgres'))('salud con la base caída y de vuelta [postgres]', () => {
  it('listo pasa a 503 mientras PostgreSQL no contesta y vuelve a 200; vivo siempre 200', async () => {
    const entorno = await crearEntorno('postgres');
    const { proxy, url } = await baseTrasProxy(entorno);
    let app: FastifyInstance | null = null;
    try {
      app = await buildApp(loadConfig({ ...entorno.env, DATABASE_URL: url }));
      expect(await estados(app)).toMatchObject({ vivo: 200, listo: 200, salud: 200 });
      await proxy.cerrar();
      expect(await estados(app)).toEqual({ vivo: 200, listo: 503, salud: 503, cuerpoListo: NO_DISPONIBLE });
      await proxy.abrir();
      expect(await estados(app)).toMatchObject({ vivo: 200, listo: 200, salud: 200 });
    } finally {
      await app?.close();
      await proxy.cerrar();
      await entorno.limpiar();
    }
  }, 30_000);
});

/** An upload whose body is sent in two halves, the second when `terminar` is called. */
function subidaEnDosMitades(base: string, token: string) {
  const contenido = Buffer.concat([archivos.pdf(), Buffer.alloc(1024 * 1024, 0x20)]);
  const { cuerpo, contentType } = multipart([{ nombre: 'TituloMedico.pdf', contenido }]);
  let peticion!: http.ClientRequest;
  const respuesta = new Promise<{ status: number; cuerpo: string }>((resolve, reject) => {
    peticion = http.request(
      `${base}/api/v2/archivos/adjuntar`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': contentType,
          'content-length': cuerpo.length,
          cookie: `XSRF-TOKEN=${token}`,
          'x-xsrf-token': token,
        },
      },
      (res) => {
        const trozos: Buffer[] = [];
        res.on('data', (b: Buffer) => trozos.push(b));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, cuerpo: Buffer.concat(trozos).toString() }),
        );
        res.on('error', reject);
      },
    );
    peticion.on('error', reject);
  });
  const mitad = Math.floor(cuerpo.length / 2);
  peticion.write(cuerpo.subarray(0, mitad));
  return {
    respuesta,
    terminar: () => peticion.end(cuerpo.subarray(mitad)),
  };
}

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('cierre ordenado con SIGTERM [sqlite, proceso real]', () => {
  it('listo 503 durante el drenaje, lo demás se sigue atendiendo, el pedido en curso termina y sale con 0', async () => {
    const DRENAJE = 1_500;
    const servidor = await iniciarServidor({
      env: { LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: String(DRENAJE) },
    });
    try {
      const inicio = await fetch(`${servidor.url}/healthz/listo`);
      expect(inicio.status).toBe(200);
      const token = /XSRF-TOKEN=([^;]+)/.exec(inicio.headers.get('set-cookie') ?? '')![1]!;

      const subida = subidaEnDosMitades(servidor.url, token);
      await esperar(200); // the server has the headers and half the body
      const salida = new Promise<number | null>((r) => servidor.proceso.once('exit', (codigo) => r(codigo)));
      const senal = Date.now();
      servidor.proceso.kill('SIGTERM');
      await esperar(200);

      // Draining: not ready, still alive, and a new request is still served.
      const listo = await fetch(`${servidor.url}/healthz/listo`);
      expect(listo.status).toBe(503);
      expect(await listo.json()).toEqual(NO_DISPONIBLE);
      expect((await fetch(`${servidor.url}/healthz/vivo`)).status).toBe(200);
      expect((await fetch(`${servidor.url}/api/v2/localidad/getAll`)).status).toBe(200);

      // The in-flight upload ends after the drain: the listener is closed, the request is not cut.
      await esperar(DRENAJE + 300 - (Date.now() - senal));
      await expect(fetch(`${servidor.url}/healthz/vivo`)).rejects.toThrow();
      subida.terminar();
      const r = await subida.respuesta;
      expect(r.status, r.cuerpo).toBe(200);
      expect(await salida).toBe(0);
      expect(Date.now() - senal).toBeGreaterThanOrEqual(DRENAJE);
    } finally {
      await servidor.limpiar();
    }
  }, 60_000);

  it('SHUTDOWN_DRAIN_MS inválido: no arranca y nombra la variable', async () => {
    await expect(
      iniciarServidor({ env: { SHUTDOWN_DRAIN_MS: 'dos' }, plazoInicioMs: 20_000 }),
    ).rejects.toThrow(/SHUTDOWN_DRAIN_MS/);
  }, 30_000);
});
