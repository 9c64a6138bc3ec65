// The reading job of producto §17 on each engine, with the real lector (server/lectura/): a
// document that takes an end date is queued on sending and on a correction; the scheduler's
// 'lectura' task reads it — a pdfkit PDF saying "vigencia hasta el 31/12/2027" gets that proposal
// with its sentence, one without a date "sin_fecha", a HEIC photo (and, without OCR, a PNG) "no
// disponible" — and never records "Vigencia hasta" itself. Leases: two processes ticking and
// reading at once read each document once; a lease that expires mid-way is read again by another
// process and only that answer is written; a process that died leaves its lease to expire, and
// three attempts close the document as "no disponible"; a document a correction replaced while it
// was read does not get the old proposal. "Aceptar vigencia propuesta": 401, 403 without the
// anti-forgery echo, 409 for a date that is not the proposal, 400 for a proposal before the
// sending day, and the date recorded with its audit row. The sentence is in the personal-data
// export and gone after the deletion. A test lector that pauses before a reading only times it:
// the reading itself is the real lector's.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEXTOS_GESTION, type DetalleSolicitud } from '../../domain/index.js';
import { ofreceAceptar, TEXTOS_LECTURA } from '../../domain/lectura.js';
import { DOCUMENTOS_CON_VIGENCIA } from '../../domain/seguimiento.js';
import { buildApp } from '../../server/app.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { loadConfig } from '../../server/config/index.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { MENSAJES_VIGENCIA } from '../../server/gestion/vigencias.js';
import { ARRIENDO_MS, tomar } from '../../server/lectura-tarea/cola.js';
import { crearTrabajoDeLectura, type OpcionesTrabajo } from '../../server/lectura-tarea/trabajo.js';
import { crearLector, type Lector } from '../../server/lectura/index.js';
import * as archivos from './ayuda/archivos.js';
import type { Navegador } from './ayuda/cliente.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { corregirSolicitud } from './ayuda/correccion.js';
import { datosDe, leerZip, url as urlExportacion } from './ayuda/exportacion.js';
import { ENTORNO_GESTION, enviarSolicitud, type Enviada } from './ayuda/gestion-solicitudes.js';
import {
  documentosParaLeer,
  FRASE_CON_VIGENCIA,
  lecturasDe,
  parteConTexto,
  sinLecturaProgramada,
} from './ayuda/lectura.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';

const silencio = { info() {}, warn() {}, error() {} };
const CON_VIGENCIA = new Set<string>(DOCUMENTOS_CON_VIGENCIA);

/** Holds a lector's first reading until `abrir`; `llegada` resolves when it is asked. */
function compuerta() {
  let abrir!: () => void;
  let avisar!: () => void;
  const abierta = new Promise<void>((r) => (abrir = r));
  const llegada = new Promise<void>((r) => (avisar = r));
  return { abrir, llegada, abierta, avisar };
}

/** The real lector, its first reading started only once the gate opens; closing it is the test's. */
function conCompuerta(real: Lector, c: ReturnType<typeof compuerta>): Lector {
  let primera = true;
  return {
    ocrNoDisponible: real.ocrNoDisponible,
    async leer(bytes, mime) {
      if (primera) {
        primera = false;
        c.avisar();
        await c.abierta;
      }
      return real.leer(bytes, mime);
    },
    async cerrar() {},
  };
}

/** The lines "lectura de vigencia" an app logged (JSON lines of pino). */
const lecturasLogueadas = (lineas: string[]) =>
  lineas
    .map((l) => JSON.parse(l) as { msg: string; numero: string; documento: string; escrita: boolean })
    .filter((l) => l.msg === 'lectura de vigencia');

conCadaBase(
  'lectura de vigencias: la tarea, sus arriendos y "Aceptar vigencia propuesta"',
  (ctx: Contexto) => {
    let lector: Lector;
    let revisor: Navegador;
    let leida: Enviada;

    const trabajo = (o: Partial<OpcionesTrabajo> = {}) =>
      crearTrabajoDeLectura({
        db: ctx.db,
        almacen: ctx.app.documentos,
        log: silencio,
        crearLector: async () => lector,
        ...o,
      });
    const detalle = async (numero: string) =>
      (await revisor.get(`/api/gestion/solicitudes/${numero}`)).json<DetalleSolicitud>();
    const documento = (d: DetalleSolicitud, clave: string) => d.documentos.find((x) => x.clave === clave)!;
    /** The documents of `numero` other than the policy are marked read: only the policy is queued. */
    const soloLaPoliza = async (numero: string) => {
      const otras = [...(await lecturasDe(ctx.db, numero)).values()].filter(
        (f) => f.clave !== 'PolizaMalaPraxis',
      );
      await ctx.db
        .updateTable('solicitud_documentos')
        .set({ lectura_estado: 'sin_fecha' })
        .where(
          'documento_id',
          'in',
          otras.map((f) => f.documentoId),
        )
        .execute();
    };

    beforeAll(async () => {
      // This process's scheduler starts no reading of its own: each test drives them.
      await sinLecturaProgramada(ctx.db);
      lector = await crearLector({ log: silencio });
      revisor = await ingresarComo(ctx, 'revisora.lectura', 'revisor');
    }, 60_000);
    afterAll(() => lector?.cerrar());

    it('al enviar, los documentos con vigencia quedan pendientes de lectura; los demás no se leen', async () => {
      leida = await enviarSolicitud(ctx, {}, await documentosParaLeer());
      const filas = await lecturasDe(ctx.db, leida.numero);
      expect(filas.size).toBe(8);
      for (const [clave, f] of filas) {
        if (CON_VIGENCIA.has(clave)) {
          expect(f, clave).toMatchObject({ estado: 'pendiente', propuesta: null, frase: null, intentos: 0 });
        } else expect(f.estado, clave).toBeNull();
      }
      const d = await detalle(leida.numero);
      expect(documento(d, 'PolizaMalaPraxis').lectura).toEqual({
        estado: 'pendiente',
        fecha: null,
        frase: null,
      });
      expect(documento(d, 'TituloMedico').lectura).toBeNull();
    });

    it('la tarea del planificador lee cada documento: propuesta con su frase, sin fecha, no disponible; nada se acepta solo', async () => {
      const filas = await auditoriaDe(ctx.db, async () => {
        await ctx.db.updateTable('tareas').set({ proxima_ms: 0 }).where('nombre', '=', 'lectura').execute();
        expect(await ctx.app.tareas!.tick()).toContain('lectura');
        // The task started a run and returned; this waits for that same run.
        await ctx.app.lecturas.drenar();
      });
      await sinLecturaProgramada(ctx.db);
      // The job writes no audit row: it records nothing in a person's name.
      expect(filas).toEqual([]);
      const l = await lecturasDe(ctx.db, leida.numero);
      const poliza = l.get('PolizaMalaPraxis')!;
      expect(poliza).toMatchObject({
        estado: 'propuesta',
        propuesta: '2027-12-31',
        intentos: 1,
        duenio: null,
        vigenteHasta: null,
      });
      expect(poliza.frase).toContain('vigencia hasta el 31/12/2027');
      expect(l.get('HabilitacionConsultorioExtension')).toMatchObject({
        estado: 'sin_fecha',
        propuesta: null,
        frase: null,
      });
      // A HEIC photo: not a kind of file the lector reads.
      expect(l.get('ReciboOCarnetArteDeCurar')).toMatchObject({ estado: 'no_disponible', propuesta: null });

      const d = await detalle(leida.numero);
      const p = documento(d, 'PolizaMalaPraxis');
      expect(p.vigenteHasta).toBeNull();
      expect(p.lectura).toEqual({ estado: 'propuesta', fecha: '2027-12-31', frase: poliza.frase });
      expect(ofreceAceptar(p)).toBe(true);
      expect(documento(d, 'HabilitacionConsultorioExtension').lectura).toEqual({
        estado: 'sin_fecha',
        fecha: null,
        frase: null,
      });
      const { vigencia_minima } = await ctx.db
        .selectFrom('solicitudes')
        .select('vigencia_minima')
        .where('numero', '=', leida.numero)
        .executeTakeFirstOrThrow();
      expect(vigencia_minima).toBeNull();
    });

    let vencida: Enviada;

    it(
      'dos procesos que revisan y leen a la vez leen cada documento una sola vez',
      { timeout: 60_000 },
      async () => {
        const enviadas = [
          await enviarSolicitud(ctx, {}, await documentosParaLeer()),
          await enviarSolicitud(
            ctx,
            {},
            await documentosParaLeer('Cobertura con vigencia hasta el 31/12/2020.'),
          ),
        ];
        vencida = enviadas[1]!;
        const config = loadConfig({ ...ctx.entorno.env, LOG_LEVEL: 'info' });
        const logs: string[][] = [[], []];
        const otros: FastifyInstance[] = await Promise.all(
          logs.map((lineas) =>
            buildApp(config, { destinoLog: { write: (l: string) => void lineas.push(l) } }),
          ),
        );
        try {
          // Due at a time this test's own clock reaches, not the test process's scheduler.
          const ahora = Date.now() + 10 * 60_000;
          await ctx.db
            .updateTable('tareas')
            .set({ proxima_ms: ahora })
            .where('nombre', '=', 'lectura')
            .execute();
          const corridas = await Promise.all(otros.map((app) => app.tareas!.tick(ahora)));
          expect(corridas.flat().filter((t) => t === 'lectura')).toEqual(['lectura']);
          // A run started in an earlier slot may still be going when another process wins the
          // next one: both read at once.
          await Promise.all(otros.map((app) => app.lecturas.drenar()));
          const leidas = logs.flatMap(lecturasLogueadas);
          expect(leidas).toHaveLength(6);
          expect(new Set(leidas.map((l) => `${l.numero}/${l.documento}`)).size).toBe(6);
          expect(leidas.every((l) => l.escrita)).toBe(true);
          for (const e of enviadas) {
            const l = await lecturasDe(ctx.db, e.numero);
            for (const clave of DOCUMENTOS_CON_VIGENCIA) {
              expect(l.get(clave)!.estado, clave).not.toBe('pendiente');
              expect(l.get(clave)!.intentos, clave).toBe(1);
            }
          }
          expect((await lecturasDe(ctx.db, vencida.numero)).get('PolizaMalaPraxis')!.propuesta).toBe(
            '2020-12-31',
          );
        } finally {
          await Promise.all(otros.map((app) => app.close()));
          await sinLecturaProgramada(ctx.db);
        }
      },
    );

    it('un arriendo que vence a mitad de la lectura: otro proceso lo lee y la respuesta se escribe una vez', async () => {
      const e = await enviarSolicitud(ctx, {}, await documentosParaLeer());
      const c = compuerta();
      const lento = trabajo({ crearLector: async () => conCompuerta(lector, c) });
      const corridaLenta = lento.drenar();
      await c.llegada;
      const tomada = [...(await lecturasDe(ctx.db, e.numero)).values()].find((f) =>
        f.duenio?.startsWith(`${lento.id}/`),
      )!;
      expect(tomada).toBeDefined();

      // Another process whose clock is past the lease: it takes that document too.
      const otro = trabajo({ reloj: () => Date.now() + ARRIENDO_MS + 1_000 });
      const r = await otro.drenar();
      expect(r.propuesta + r.sin_fecha + r.no_disponible).toBe(3);
      const escritas = await lecturasDe(ctx.db, e.numero);
      expect(escritas.get(tomada.clave)).toMatchObject({ intentos: 2, duenio: null });
      expect(escritas.get(tomada.clave)!.estado).not.toBe('pendiente');

      c.abrir();
      const rLenta = await corridaLenta;
      expect(rLenta).toMatchObject({ descartadas: 1, propuesta: 0, sin_fecha: 0, no_disponible: 0 });
      // The late answer changed nothing.
      expect(await lecturasDe(ctx.db, e.numero)).toEqual(escritas);
    });

    it('un proceso que murió con el arriendo: vence y se lee otra vez; tras tres intentos queda "no disponible"', async () => {
      const e = await enviarSolicitud(ctx, {}, await documentosParaLeer());
      await soloLaPoliza(e.numero);
      const t0 = Date.now();
      const { tomado } = await tomar(ctx.db, { duenio: 'murio/1', ahora: t0 });
      expect(tomado?.clave).toBe('PolizaMalaPraxis');
      // While its lease lasts nobody reads it.
      expect(await trabajo().drenar()).toMatchObject({ propuesta: 0, sin_fecha: 0, no_disponible: 0 });
      expect((await lecturasDe(ctx.db, e.numero)).get('PolizaMalaPraxis')).toMatchObject({
        estado: 'pendiente',
        duenio: 'murio/1',
      });
      const r = await trabajo({ reloj: () => t0 + ARRIENDO_MS + 1 }).drenar();
      expect(r).toMatchObject({ propuesta: 1, descartadas: 0 });
      expect((await lecturasDe(ctx.db, e.numero)).get('PolizaMalaPraxis')).toMatchObject({
        estado: 'propuesta',
        intentos: 2,
      });

      // Three processes die with it, one after another's lease ended: it is not read a fourth time.
      const otra = await enviarSolicitud(ctx, {}, await documentosParaLeer());
      await soloLaPoliza(otra.numero);
      for (let i = 0; i < 3; i++) {
        const { tomado: t } = await tomar(ctx.db, {
          duenio: `murio/${i + 2}`,
          ahora: t0 + i * (ARRIENDO_MS + 1),
        });
        expect(t?.numero).toBe(otra.numero);
      }
      const agotada = await trabajo({ reloj: () => t0 + 3 * (ARRIENDO_MS + 1) }).drenar();
      expect(agotada).toMatchObject({ agotadas: 1, propuesta: 0, sin_fecha: 0, no_disponible: 0 });
      expect((await lecturasDe(ctx.db, otra.numero)).get('PolizaMalaPraxis')).toMatchObject({
        estado: 'no_disponible',
        intentos: 3,
        propuesta: null,
        duenio: null,
      });
    });

    it(
      'un documento que una corrección reemplaza mientras se lee no recibe la propuesta anterior',
      { timeout: 60_000 },
      async () => {
        const e = await enviarSolicitud(ctx, {}, await documentosParaLeer());
        await soloLaPoliza(e.numero);
        const original = (await lecturasDe(ctx.db, e.numero)).get('PolizaMalaPraxis')!;
        const c = compuerta();
        const t = trabajo({ crearLector: async () => conCompuerta(lector, c) });
        const corrida = t.drenar();
        await c.llegada;
        await corregirSolicitud(ctx, e.numero, {
          PolizaMalaPraxis: await parteConTexto('PolizaMalaPraxis', 'Póliza renovada. Vence el 30/06/2028.'),
        });
        const nueva = (await lecturasDe(ctx.db, e.numero)).get('PolizaMalaPraxis')!;
        expect(nueva.documentoId).not.toBe(original.documentoId);
        expect(nueva).toMatchObject({ estado: 'pendiente', propuesta: null, intentos: 0, duenio: null });

        c.abrir();
        const r = await corrida;
        // The old document's answer is dropped; the same run then reads the new one.
        expect(r).toMatchObject({ descartadas: 1, propuesta: 1 });
        const leidaNueva = (await lecturasDe(ctx.db, e.numero)).get('PolizaMalaPraxis')!;
        expect(leidaNueva).toMatchObject({
          documentoId: nueva.documentoId,
          estado: 'propuesta',
          propuesta: '2028-06-30',
        });
        expect(leidaNueva.frase).toContain('30/06/2028');
      },
    );

    it('sin OCR en la máquina, una foto queda "no disponible"', async () => {
      const vacia = await mkdtemp(path.join(os.tmpdir(), 'sin-ocr-'));
      const sinOcr = await crearLector({ log: silencio, rutaIdioma: vacia });
      try {
        expect(sinOcr.ocrNoDisponible).toEqual(expect.any(String));
        const e = await enviarSolicitud(
          ctx,
          {},
          {
            PolizaMalaPraxis: { nombre: 'PolizaMalaPraxis.png', contenido: archivos.png(64, 64) },
          },
        );
        await soloLaPoliza(e.numero);
        await trabajo({ crearLector: async () => sinOcr }).drenar();
        expect((await lecturasDe(ctx.db, e.numero)).get('PolizaMalaPraxis')).toMatchObject({
          estado: 'no_disponible',
          propuesta: null,
        });
        expect(documento(await detalle(e.numero), 'PolizaMalaPraxis').lectura).toEqual({
          estado: 'no_disponible',
          fecha: null,
          frase: null,
        });
      } finally {
        await sinOcr.cerrar();
        await rm(vacia, { recursive: true, force: true });
      }
    });

    it('"Aceptar vigencia propuesta": 401 sin sesión y 403 sin el eco antifalsificación; nada cambia', async () => {
      const url = `/api/gestion/solicitudes/${leida.numero}/documentos/PolizaMalaPraxis/vigencia-propuesta`;
      const anonimo = await ctx.navegador().abrir();
      const r401 = await anonimo.post(url, { fecha: '2027-12-31' });
      expect(r401.statusCode).toBe(401);
      expect(r401.json()).toEqual({ error: 'SIN_SESION', message: TEXTOS_GESTION.sinSesion });
      const sinEco = await ingresarComo(ctx, 'revisor.sin-eco', 'revisor');
      sinEco.enviarXsrf = false;
      expect((await sinEco.post(url, { fecha: '2027-12-31' })).statusCode).toBe(403);
      expect((await lecturasDe(ctx.db, leida.numero)).get('PolizaMalaPraxis')!.vigenteHasta).toBeNull();
    });

    it('"Aceptar vigencia propuesta": 409 si la fecha no es la propuesta o no hay propuesta, sin auditar', async () => {
      const filas = await auditoriaDe(ctx.db, async () => {
        for (const [clave, fecha] of [
          ['PolizaMalaPraxis', '2027-12-30'],
          ['HabilitacionConsultorioExtension', '2027-12-31'],
        ] as const) {
          const r = await revisor.post(
            `/api/gestion/solicitudes/${leida.numero}/documentos/${clave}/vigencia-propuesta`,
            { fecha },
          );
          expect(r.statusCode, clave).toBe(409);
          expect(r.json()).toEqual({ error: 'CONFLICTO', message: TEXTOS_LECTURA.propuestaCambio });
        }
      });
      expect(filas).toEqual([]);
      expect((await lecturasDe(ctx.db, leida.numero)).get('PolizaMalaPraxis')!.vigenteHasta).toBeNull();
    });

    it('"Aceptar vigencia propuesta": una propuesta anterior al envío no se registra (400)', async () => {
      const r = await revisor.post(
        `/api/gestion/solicitudes/${vencida.numero}/documentos/PolizaMalaPraxis/vigencia-propuesta`,
        { fecha: '2020-12-31' },
      );
      expect(r.statusCode).toBe(400);
      expect(r.json().fields).toEqual({ hasta: MENSAJES_VIGENCIA.anteriorAlEnvio(diaArgentino(new Date())) });
    });

    it('"Aceptar vigencia propuesta" registra la fecha como Vigencia hasta, con su fila de auditoría', async () => {
      const filas = await auditoriaDe(ctx.db, async () => {
        const r = await revisor.post(
          `/api/gestion/solicitudes/${leida.numero}/documentos/PolizaMalaPraxis/vigencia-propuesta`,
          { fecha: '2027-12-31' },
        );
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json()).toEqual({ clave: 'PolizaMalaPraxis', vigenteHasta: '2027-12-31' });
      });
      expect(filas).toHaveLength(1);
      expect(filas[0]).toMatchObject({
        usuario: 'revisora.lectura',
        accion: 'registrar_vigencia',
        objeto: leida.numero,
        detalle: { documento: 'PolizaMalaPraxis', hasta: '2027-12-31', origen: 'vigencia_propuesta' },
      });
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
      expect((await lecturasDe(ctx.db, leida.numero)).get('PolizaMalaPraxis')!.vigenteHasta).toBe(
        '2027-12-31',
      );
      const { vigencia_minima } = await ctx.db
        .selectFrom('solicitudes')
        .select('vigencia_minima')
        .where('numero', '=', leida.numero)
        .executeTakeFirstOrThrow();
      expect(vigencia_minima).toBe('2027-12-31');
      // Recorded with that date: the page no longer offers to accept it.
      const p = documento(await detalle(leida.numero), 'PolizaMalaPraxis');
      expect(p.vigenteHasta).toBe('2027-12-31');
      expect(p.lectura?.estado).toBe('propuesta');
      expect(ofreceAceptar(p)).toBe(false);
    });

    it(
      'la frase propuesta sale en la exportación de datos personales y se borra con la supresión',
      { timeout: 60_000 },
      async () => {
        const admin = await ingresarComo(ctx, 'admin.lectura', 'administrador');
        const r = await admin.get(urlExportacion(leida.numero));
        expect(r.statusCode, r.body).toBe(200);
        const datos = datosDe(await leerZip(r.rawPayload));
        const s = datos.solicitudes.find((x) => x.numero === leida.numero)!;
        const poliza = s.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!;
        expect(poliza.lectura).toEqual({
          estado: 'propuesta',
          fecha: '2027-12-31',
          frase: expect.stringContaining('vigencia hasta el 31/12/2027'),
        });
        expect(FRASE_CON_VIGENCIA).toContain(poliza.lectura!.frase!.slice(0, 20));

        const dni = datos.dni;
        const supresion = await admin.post('/api/gestion/datos-personales/supresion', {
          dni,
          confirmacion: dni,
          motivo: 'Pedido del titular.',
        });
        expect(supresion.statusCode, supresion.body).toBe(200);
        const frases = await ctx.db
          .selectFrom('solicitud_documentos')
          .select('vigencia_frase')
          .where('vigencia_frase', 'is not', null)
          .execute();
        // Every application of this file was that DNI's: no sentence is left.
        expect(frases).toEqual([]);
      },
    );
  },
  ENTORNO_GESTION,
);
