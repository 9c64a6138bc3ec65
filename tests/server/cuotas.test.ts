// Nobody can fill the disk (producto §7 "quotas"): bytes per draft, bytes and
// new drafts per client address and hour (in the database: a restart or a second process does
// not reset them), a floor of free disk space, a request over a limit answered at once without
// reading the rest, and the sweep of abandoned drafts run by the server itself, once across
// processes.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { MAXIMO_PETICION } from '../../server/archivos/rutas/index.js';
import * as archivos from './ayuda/archivos.js';
import { Navegador } from './ayuda/cliente.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';

const MIB = 1024 * 1024;

/** A real JPEG of about `bytes` (metadata padding), so only its size matters. */
const jpegDe = (bytes: number) => archivos.jpegConMetadatos(bytes);

async function documentos(ctx: Contexto): Promise<number> {
  const fila = await ctx.db
    .selectFrom('documentos')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(fila.n);
}

conCadaBase(
  'cuota por borrador',
  (ctx) => {
    it('un borrador recibe hasta DRAFT_MAX_MB en total, reemplazos incluidos; después 413 sin guardar nada', async () => {
      const nav = await ctx.navegador().abrir();
      const primera = await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: jpegDe(700 * 1024) }]);
      expect(primera.statusCode).toBe(200);
      // Replacing the same document still counts: 1.4 MiB > 1 MiB.
      const segunda = await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: jpegDe(700 * 1024) }]);
      expect(segunda.statusCode).toBe(413);
      expect(segunda.json()).toMatchObject({ error: 'CUOTA_EXCEDIDA' });
      expect(segunda.json().message).toContain('1 MiB');
      expect(await documentos(ctx)).toBe(1);
      // A small one still fits; once the quota is spent, refused before reading.
      expect((await nav.subir([{ nombre: 'DniReverso.png', contenido: archivos.png() }])).statusCode).toBe(
        200,
      );
      const fila = await ctx.db.selectFrom('borradores').select('bytes_recibidos').executeTakeFirstOrThrow();
      expect(Number(fila.bytes_recibidos)).toBeGreaterThan(700 * 1024);
    });
  },
  { DRAFT_MAX_MB: '1' },
);

conCadaBase(
  'cuota de bytes por dirección',
  (ctx) => {
    it('una dirección sube hasta UPLOAD_MAX_MB_PER_HOUR aunque abra borradores nuevos (429), y sigue tras reiniciar', async () => {
      const a = await ctx.navegador().abrir();
      expect((await a.subir([{ nombre: 'DniAnverso.jpg', contenido: jpegDe(600 * 1024) }])).statusCode).toBe(
        200,
      );
      const b = await ctx.navegador().abrir();
      const r = await b.subir([{ nombre: 'DniAnverso.jpg', contenido: jpegDe(600 * 1024) }]);
      expect(r.statusCode).toBe(429);
      expect(r.json()).toMatchObject({ error: 'CUOTA_EXCEDIDA' });
      expect(r.json().message).toMatch(/última hora/);
      expect(r.cookies.find((c) => c.name === 'borrador')).toBeUndefined();
      expect(await documentos(ctx)).toBe(1);

      await ctx.reiniciar();
      const c = await ctx.navegador().abrir();
      // 500 KiB used of 1 MiB: 600 KiB more does not fit, after a restart too.
      expect((await c.subir([{ nombre: 'DniAnverso.jpg', contenido: jpegDe(600 * 1024) }])).statusCode).toBe(
        429,
      );
      expect((await c.subir([{ nombre: 'DniAnverso.jpg', contenido: jpegDe(100 * 1024) }])).statusCode).toBe(
        200,
      );
    });
  },
  { UPLOAD_MAX_MB_PER_HOUR: '1' },
);

conCadaBase(
  'borradores nuevos por dirección',
  (ctx) => {
    it('una dirección abre hasta DRAFTS_MAX_PER_HOUR borradores; otro proceso sobre la misma base ve la misma cuenta', async () => {
      for (let i = 0; i < 2; i++) {
        const nav = await ctx.navegador().abrir();
        expect((await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }])).statusCode).toBe(
          200,
        );
        // The same draft goes on receiving.
        expect((await nav.subir([{ nombre: 'DniReverso.png', contenido: archivos.png() }])).statusCode).toBe(
          200,
        );
      }
      const tercera = await ctx.navegador().abrir();
      const r = await tercera.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);
      expect(r.statusCode).toBe(429);
      expect(r.json().message).toContain('2 solicitudes');

      const otro = await buildApp(ctx.entorno.config);
      try {
        const nav = await new Navegador(() => otro).abrir();
        expect((await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }])).statusCode).toBe(
          429,
        );
      } finally {
        await otro.close();
      }
    });
  },
  { DRAFTS_MAX_PER_HOUR: '2' },
);

conCadaBase(
  'espacio libre',
  (ctx) => {
    it('con el disco bajo DISK_FREE_MIN_MB las subidas se rechazan con 507 y no se guarda nada', async () => {
      const nav = await ctx.navegador().abrir();
      const r = await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);
      expect(r.statusCode).toBe(507);
      expect(r.json()).toMatchObject({ error: 'SIN_ESPACIO' });
      expect(r.json().message).toContain('sin espacio');
      expect(await documentos(ctx)).toBe(0);
      const borradores = await ctx.db.selectFrom('borradores').select('id').execute();
      expect(borradores).toHaveLength(0);
    });
  },
  { DISK_FREE_MIN_MB: '10000000' },
);

interface Envio {
  status: number;
  /** Body bytes written when the answer arrived. */
  escritosAlResponder: number;
  cuerpo: string;
}

/**
 * Sends one multipart part of `bytes` over a real connection, writing as fast as the server reads
 * (so what was written is about what it read), and stops at the answer.
 */
function enviarParte(url: string, nav: Navegador, bytes: number, anunciar?: number): Promise<Envio> {
  const limite = 'limite-de-prueba';
  const cabeza = Buffer.from(
    `--${limite}\r\nContent-Disposition: form-data; name="file"; filename="DniAnverso.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const cookie = [...nav.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = nav.cookies.get('XSRF-TOKEN') ?? nav.cookies.get('__Host-XSRF-TOKEN') ?? '';
  return new Promise((resolve, reject) => {
    let escritos = 0;
    let respondido = false;
    const req = http.request(`${url}/api/v2/archivos/adjuntar`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${limite}`,
        cookie,
        'x-xsrf-token': xsrf,
        ...(anunciar ? { 'content-length': String(anunciar) } : {}),
      },
    });
    req.on('response', (res) => {
      respondido = true;
      const alResponder = escritos;
      let cuerpo = '';
      res.setEncoding('utf8');
      res.on('data', (t: string) => (cuerpo += t));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, escritosAlResponder: alResponder, cuerpo }));
    });
    req.on('error', (error) => {
      if (!respondido) reject(error);
    });
    const trozo = Buffer.alloc(64 * 1024, 0x20);
    const escribir = () => {
      while (!respondido && escritos < bytes && !req.destroyed) {
        const pieza = escritos === 0 ? Buffer.concat([cabeza, archivos.jpeg(), trozo]) : trozo;
        escritos += pieza.length;
        if (!req.write(pieza)) {
          req.once('drain', escribir);
          return;
        }
      }
    };
    if (anunciar) req.flushHeaders();
    else escribir();
  });
}

conCadaBase('lectura cortada', (ctx) => {
  it('una parte de 200 MiB se responde con 413 al pasar los 10 MiB, sin leer el resto', async () => {
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const nav = await ctx.navegador().abrir();
    const envio = await enviarParte(url, nav, 200 * MIB);
    expect(envio.status).toBe(413);
    expect(JSON.parse(envio.cuerpo)).toMatchObject({ error: 'ARCHIVO_DEMASIADO_GRANDE' });
    expect(envio.escritosAlResponder).toBeLessThan(20 * MIB);
    expect(await documentos(ctx)).toBe(0);
  });

  it('un Content-Length mayor que la solicitud más grande posible se rechaza sin leer el cuerpo', async () => {
    const { port } = ctx.app.server.address() as AddressInfo;
    const nav = await ctx.navegador().abrir();
    const envio = await enviarParte(`http://127.0.0.1:${port}`, nav, 0, MAXIMO_PETICION + 1);
    expect(envio.status).toBe(413);
    expect(envio.escritosAlResponder).toBe(0);
    expect(JSON.parse(envio.cuerpo).message).toContain('91 MiB');
  });
});

conCadaBase(
  'lectura cortada por la cuota',
  (ctx) => {
    it('una subida que pasa lo que queda de la cuota se corta en ese momento', async () => {
      const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const nav = await ctx.navegador().abrir();
      // What the server took off its connection, counted on its side: what the client managed to
      // write before the answer also fills the kernel's buffers (several MiB on loopback), which
      // a loaded machine fills further before the answer gets through.
      const leidos = new Promise<number>((resolve) =>
        ctx.app.server.once('connection', (socket: Socket) =>
          socket.once('close', () => resolve(socket.bytesRead)),
        ),
      );
      const envio = await enviarParte(url, nav, 9 * MIB);
      expect(envio.status).toBe(413);
      expect(JSON.parse(envio.cuerpo)).toMatchObject({ error: 'CUOTA_EXCEDIDA' });
      // The quota left is 1 MiB: the connection was read about that far, never the 9 MiB.
      expect(await leidos).toBeLessThan(3 * MIB);
    });
  },
  { DRAFT_MAX_MB: '1' },
);

conCadaBase(
  'barrido en el servidor',
  (ctx) => {
    const viejo = new Date(Date.now() - 100 * 3_600_000).toISOString();

    async function borradorAbandonado(): Promise<string> {
      const nav = await ctx.navegador().abrir();
      expect((await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }])).statusCode).toBe(
        200,
      );
      const filas = await ctx.db.selectFrom('borradores').select('id').orderBy('creado_en', 'desc').execute();
      const id = filas[0]!.id;
      await ctx.db.updateTable('borradores').set({ actualizado_en: viejo }).where('id', '=', id).execute();
      return id;
    }

    it('de varios procesos que revisan a la vez, uno solo barre', async () => {
      const id = await borradorAbandonado();
      const otros = await Promise.all([buildApp(ctx.entorno.config), buildApp(ctx.entorno.config)]);
      try {
        await ctx.db.updateTable('tareas').set({ proxima_ms: 0 }).where('nombre', '=', 'barrido').execute();
        const corridas = await Promise.all([ctx.app, ...otros].map((app) => app.tareas!.tick()));
        // The other tasks (the outbox, the reminders) keep their own times.
        const barridos = (nombres: string[][]) => nombres.flat().filter((n) => n === 'barrido');
        expect(barridos(corridas)).toEqual(['barrido']);
        const tarea = await ctx.db
          .selectFrom('tareas')
          .selectAll()
          .where('nombre', '=', 'barrido')
          .executeTakeFirstOrThrow();
        expect(Number(tarea.ejecuciones)).toBe(1);
        expect(Number(tarea.proxima_ms)).toBeGreaterThan(Date.now() + 59 * 60_000);
        expect(
          await ctx.db.selectFrom('borradores').select('id').where('id', '=', id).execute(),
        ).toHaveLength(0);
        // Not due again: nobody runs it.
        expect(barridos(await Promise.all(otros.map((app) => app.tareas!.tick())))).toEqual([]);
      } finally {
        await Promise.all(otros.map((app) => app.close()));
      }
    });

    it('el reloj del servidor barre solo, sin cron', async () => {
      const id = await borradorAbandonado();
      const app = await buildApp(ctx.entorno.config, { tickTareasMs: 50 });
      try {
        await ctx.db.updateTable('tareas').set({ proxima_ms: 0 }).where('nombre', '=', 'barrido').execute();
        await expect
          .poll(
            async () =>
              (await ctx.db.selectFrom('borradores').select('id').where('id', '=', id).execute()).length,
            {
              timeout: 10_000,
            },
          )
          .toBe(0);
        // Ended counter windows go with it.
        expect(
          await ctx.db.selectFrom('contadores').select('clave').where('vence_ms', '<=', Date.now()).execute(),
        ).toHaveLength(0);
      } finally {
        await app.close();
      }
    });
  },
  { SWEEP_INTERVAL_MINUTES: '60' },
);
