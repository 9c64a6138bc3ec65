// The outbox's sender with several processes and against failures (producto §11, decision 085):
// two app instances on one database sending 50 queued messages at once deliver each exactly
// once; a lease whose holder died is taken over, a live one is not; a sender whose lease was
// taken over does not overwrite the new holder's row; rows not started with half the lease left
// are given back; permanent and repeated failures end as `fallido`; a message whose application
// is gone is dropped; the back-off grows and is capped.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { ErrorDeEnvio, type Envio, type Transporte } from '../../server/correo/transporte.js';
import { crearRepartidor, esperaTras, MAX_INTENTOS_PERMANENTE } from '../../server/correo/repartidor.js';
import { encolarCorreo } from '../../server/correo/salida.js';
import { abrirBuzon } from './ayuda/buzon.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, sembrar } from './ayuda/gestion-solicitudes.js';

const buzon = await abrirBuzon();
afterAll(() => buzon.cerrar());

const PUBLICA = 'https://prestadores.amr.test';
const idDe = (clave: string) => `<${createHash('sha256').update(clave).digest('hex')}@prestadores.amr.test>`;
const llegadasDe = (clave: string) =>
  buzon.recibidos.filter((r) => r.mensaje.messageId === idDe(clave)).length;

interface Anotado {
  nivel: string;
  datos: Record<string, unknown>;
  mensaje: string;
}

/** A logger that keeps what it is told. */
function registro(): { log: FastifyBaseLogger; lineas: Anotado[] } {
  const lineas: Anotado[] = [];
  const anotar = (nivel: string) => (datos: Record<string, unknown>, mensaje: string) =>
    void lineas.push({ nivel, datos, mensaje });
  const log = {
    level: 'info',
    info: anotar('info'),
    warn: anotar('warn'),
    error: anotar('error'),
    debug: anotar('debug'),
    trace: anotar('trace'),
    fatal: anotar('fatal'),
    silent: () => {},
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lineas };
}

conCadaBase(
  'correo: varios procesos, arriendos y fallas',
  (ctx) => {
    let solicitudId: string;
    let otra: FastifyInstance;

    /** Queues `n` 'aprobada' messages of the seeded application, keys `<prefijo>|i`. */
    async function encolar(prefijo: string, n: number): Promise<string[]> {
      const claves = Array.from({ length: n }, (_, i) => `${prefijo}|${ctx.motor}|${i}`);
      for (const [i, clave] of claves.entries()) {
        await encolarCorreo(ctx.db, {
          clave,
          para: `socio${i}@example.com`,
          evento: { tipo: 'aprobada', solicitudId },
        });
      }
      return claves;
    }

    const fila = (clave: string) =>
      ctx.db.selectFrom('correos').selectAll().where('clave', '=', clave).executeTakeFirstOrThrow();

    const repartidorCon = (
      transporte: Transporte,
      extra: Partial<Parameters<typeof crearRepartidor>[0]> = {},
    ) =>
      crearRepartidor({
        db: ctx.db,
        motor: ctx.app.motor,
        transporte,
        log: registro().log,
        publicUrl: PUBLICA,
        mailFrom: 'AMR <no-responder@amr.test>',
        arriendoMs: 60_000,
        ...extra,
      });

    beforeAll(async () => {
      const [numero] = await sembrar(ctx, [{}]);
      ({ id: solicitudId } = await ctx.db
        .selectFrom('solicitudes')
        .select('id')
        .where('numero', '=', numero!)
        .executeTakeFirstOrThrow());
      // The seeded application's own messages go first, out of the way.
      await ctx.app.correo.repartir();
      otra = await buildApp(ctx.entorno.config);
      await otra.ready();
    });
    afterAll(() => otra?.close());

    it('two instances on one database sending 50 messages at once: each delivered exactly once', async () => {
      const claves = await encolar('carrera', 50);
      const [a, b] = await Promise.all([ctx.app.correo.repartir(), otra.correo.repartir()]);
      expect(a.enviados + b.enviados).toBe(50);
      expect(a.reintentos + b.reintentos + a.fallidos + b.fallidos).toBe(0);
      for (const clave of claves) expect(llegadasDe(clave), clave).toBe(1);
      const filas = await ctx.db
        .selectFrom('correos')
        .selectAll()
        .where('clave', 'like', 'carrera|%')
        .execute();
      expect(filas.every((f) => f.estado === 'enviado' && f.intentos === 1)).toBe(true);
      // Each row's holder is one of the two processes, and the split matches what each reported.
      const porA = filas.filter((f) => f.duenio?.startsWith(`${ctx.app.correo.id}/`)).length;
      const porB = filas.filter((f) => f.duenio?.startsWith(`${otra.correo.id}/`)).length;
      expect([porA, porB]).toEqual([a.enviados, b.enviados]);
      expect(await Promise.all([ctx.app.correo.repartir(), otra.correo.repartir()])).toMatchObject([
        { enviados: 0 },
        { enviados: 0 },
      ]);
    });

    it('a lease whose holder died is taken over; a live one is left alone', async () => {
      const [muerta, viva] = await encolar('arriendo', 2);
      const ahora = Date.now();
      await ctx.db
        .updateTable('correos')
        .set({ duenio: 'muerto/1', arriendo_hasta_ms: ahora - 1_000 })
        .where('clave', '=', muerta!)
        .execute();
      await ctx.db
        .updateTable('correos')
        .set({ duenio: 'vivo/1', arriendo_hasta_ms: ahora + 60_000 })
        .where('clave', '=', viva!)
        .execute();
      expect(await otra.correo.repartir()).toMatchObject({ enviados: 1 });
      expect(await fila(muerta!)).toMatchObject({ estado: 'enviado' });
      expect((await fila(muerta!)).duenio).toMatch(new RegExp(`^${otra.correo.id}/`));
      expect(await fila(viva!)).toMatchObject({ estado: 'pendiente', duenio: 'vivo/1', intentos: 0 });
      expect(llegadasDe(muerta!)).toBe(1);
      expect(llegadasDe(viva!)).toBe(0);
      // Its lease ends: now it goes.
      await ctx.db
        .updateTable('correos')
        .set({ arriendo_hasta_ms: ahora - 1 })
        .where('clave', '=', viva!)
        .execute();
      expect(await ctx.app.correo.repartir()).toMatchObject({ enviados: 1 });
      expect(llegadasDe(viva!)).toBe(1);
    });

    it('a sender whose lease was taken over mid-send does not overwrite the new holder', async () => {
      const [clave] = await encolar('robado', 1);
      const { log, lineas } = registro();
      const enviados: Envio[] = [];
      const transporte: Transporte = {
        tipo: 'smtp',
        async enviar(envio) {
          enviados.push(envio);
          // Meanwhile another process, seeing the lease over, took the row.
          await ctx.db
            .updateTable('correos')
            .set({ duenio: 'otro/1', arriendo_hasta_ms: Date.now() + 60_000 })
            .where('id', '=', envio.id)
            .execute();
        },
        cerrar: async () => {},
      };
      const r = await repartidorCon(transporte, { log }).repartir();
      expect(r).toMatchObject({ enviados: 1 });
      expect(enviados.map((e) => e.messageId)).toEqual([idDe(clave!)]);
      expect(await fila(clave!)).toMatchObject({ estado: 'pendiente', duenio: 'otro/1', enviado_ms: null });
      expect(lineas.filter((l) => l.nivel === 'warn').map((l) => l.mensaje)).toEqual([
        'se envió un correo cuyo arriendo ya había tomado otro proceso',
      ]);
      await ctx.db.deleteFrom('correos').where('clave', '=', clave!).execute();
    });

    it('rows not started with half the lease left are given back and leased again', async () => {
      const claves = await encolar('mitad', 3);
      let reloj = Date.now();
      const transporte: Transporte = {
        tipo: 'smtp',
        async enviar() {
          reloj += 6_000; // slower than half of the 10 s lease
        },
        cerrar: async () => {},
      };
      const repartidor = repartidorCon(transporte, { arriendoMs: 10_000, lote: 3, reloj: () => reloj });
      expect(await repartidor.repartir()).toMatchObject({ enviados: 3 });
      const duenios = await Promise.all(claves.map(async (c) => (await fila(c)).duenio));
      // One lease per message: each following row was given back after the slow send before it.
      expect(new Set(duenios).size).toBe(3);
      expect(duenios.every((d) => d?.startsWith(`${repartidor.id}/`))).toBe(true);
    });

    it(`a permanent refusal (5xx) ends as fallido after ${MAX_INTENTOS_PERMANENTE} attempts, a transient one after the last`, async () => {
      const [permanente, transitorio] = await encolar('falla', 2);
      const { log, lineas } = registro();
      let reloj = Date.now();
      const transporte: Transporte = {
        tipo: 'smtp',
        async enviar(envio) {
          throw envio.messageId === idDe(permanente!)
            ? new ErrorDeEnvio('EENVELOPE 550: 5.1.1 [dirección]: buzón inexistente', true)
            : new ErrorDeEnvio('ECONNECTION: Connection closed unexpectedly', false);
        },
        cerrar: async () => {},
      };
      const repartidor = repartidorCon(transporte, { log, maxIntentos: 5, reloj: () => reloj });
      for (let vuelta = 1; vuelta <= 6; vuelta++) {
        await repartidor.repartir();
        reloj += 3_600_000 * 2; // past any back-off
      }
      expect(await fila(permanente!)).toMatchObject({ estado: 'fallido', intentos: MAX_INTENTOS_PERMANENTE });
      expect(await fila(transitorio!)).toMatchObject({ estado: 'fallido', intentos: 5 });
      expect((await fila(transitorio!)).error).toBe('ECONNECTION: Connection closed unexpectedly');
      expect(lineas.filter((l) => l.nivel === 'error')).toHaveLength(2);
      expect(lineas.filter((l) => l.nivel === 'warn')).toHaveLength(MAX_INTENTOS_PERMANENTE - 1 + 4);
      // No address in what was logged.
      expect(JSON.stringify(lineas)).not.toMatch(/@/);
    });

    it('a message whose application is gone is dropped as fallido, and nothing is sent', async () => {
      const clave = `huerfano|${randomUUID()}`;
      const id = randomUUID();
      await ctx.db
        .insertInto('correos')
        .values({
          id,
          clave,
          tipo: 'aprobada',
          solicitud_id: null,
          para: 'nadie@example.com',
          datos: JSON.stringify({ tipo: 'aprobada', solicitudId: randomUUID() }),
          creado_ms: Date.now(),
          proximo_ms: Date.now(),
          duenio: null,
          enviado_ms: null,
          error: null,
        })
        .execute();
      expect(await ctx.app.correo.repartir()).toMatchObject({ enviados: 0, fallidos: 1 });
      expect(await fila(clave)).toMatchObject({ estado: 'fallido', error: 'la solicitud ya no existe' });
      expect(llegadasDe(clave)).toBe(0);
    });
  },
  { ...ENTORNO_GESTION, SMTP_URL: buzon.url, PUBLIC_URL: PUBLICA, MAIL_POLL_SECONDS: '0' },
);

describe('back-off', () => {
  it('30 s, 1 min, 2 min … capped at one hour, ±20 %', () => {
    expect([1, 2, 3, 4, 7, 8, 9, 30].map((n) => esperaTras(n, 0.5))).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(esperaTras(1, 0)).toBe(24_000);
    expect(esperaTras(1, 1)).toBe(36_000);
    expect(esperaTras(30, 1)).toBe(4_320_000);
  });
});
