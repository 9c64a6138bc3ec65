// Retention (producto §13, decision 095) with the clock given: a rechazada older than
// RETENTION_MONTHS and an observada whose last link ended unused more than that long ago lose their
// personal data (the old rechazada was corrected first: its replaced document goes too, and its
// receipt's versions keep only number, date and token); younger ones, aprobadas and anything in
// course keep them. The daily task runs in
// one of two processes; `npm run datos-personales -- suprimir|retener` work as real processes; and
// objects left behind by a deletion that stopped after its commit are found by the draft sweep.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARCA_SUPRIMIDO, TEXTOS_DATOS_PERSONALES } from '../../domain/index.js';
import { buildApp } from '../../server/app.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { barrerBorradores } from '../../server/tareas/barrido.js';
import {
  aplicarRetencion,
  mesesAntes,
  MOTIVO_RETENCION,
} from '../../server/datos-personales/retencion.js';
import {
  entornoDeSupresion,
  suprimirSolicitudes,
} from '../../server/datos-personales/supresion.js';
import type { DocumentStore } from '../../server/storage/almacen.js';
import type { Navegador } from './ayuda/cliente.js';
import * as archivos from './ayuda/archivos.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { corregirSolicitud } from './ayuda/correccion.js';
import { ENTORNO_GESTION, enviarSolicitud, idDeSolicitud } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';
import { comando } from './ayuda/comando.js';

const MESES = 24;
const silencio = { warn: () => {} };

const entornoDe = (ctx: Contexto, almacen: DocumentStore = ctx.app.documentos) =>
  entornoDeSupresion(ctx.db, almacen, ctx.entorno.config, silencio);

const idDe = idDeSolicitud;

const suprimidaEn = async (ctx: Contexto, numero: string) =>
  (
    await ctx.db
      .selectFrom('solicitudes')
      .select('suprimida_en')
      .where('numero', '=', numero)
      .executeTakeFirstOrThrow()
  ).suprimida_en;

/** `npm run datos-personales -- <args>` as a real process on the test's data. */
const datosPersonales = (ctx: Contexto, args: string[]) => comando('datos-personales', args, ctx.entorno.env);

conCadaBase(
  'datos personales: retención',
  (ctx) => {
    let admin: Navegador;
    const mover = async (numero: string, desde: string, hacia: string, extra: object = {}) => {
      const r = await admin.post(`/api/gestion/solicitudes/${numero}/estado`, { desde, hacia, ...extra });
      expect(r.statusCode, r.body).toBe(200);
    };
    const enviar = async () => {
      const { numero } = await enviarSolicitud(ctx);
      await mover(numero, 'recibida', 'en_revision');
      return numero;
    };

    describe('selección por plazo', () => {
      // The clock of the run: 25 months from now, so what happens today is past the period.
      const ahora = new Date(Date.now());
      ahora.setUTCMonth(ahora.getUTCMonth() + MESES + 1);
      const hace = (meses: number) => mesesAntes(ahora, meses).toISOString();
      const n: Record<string, string> = {};
      /** The store's names of every file of the old rechazada: its draft's and its correction's. */
      let archivosDeLaVieja: string[];

      beforeAll(async () => {
        admin = await ingresarComo(ctx, 'admin.retencion', 'administrador');
        n.rechazadaVieja = await enviar();
        await corregirSolicitud(ctx, n.rechazadaVieja, {
          PolizaMalaPraxis: { nombre: 'PolizaMalaPraxis.pdf', contenido: archivos.pdfConTexto('Póliza nueva') },
        });
        await mover(n.rechazadaVieja, 'corregida', 'rechazada', { motivo: 'Falta la matrícula.' });
        const vieja = await idDe(ctx, n.rechazadaVieja);
        archivosDeLaVieja = (
          await ctx.db
            .selectFrom('documentos')
            .select('archivo')
            .where((eb) =>
              eb('borrador_id', 'in', [
                eb.selectFrom('solicitudes').select('borrador_id').where('id', '=', vieja),
                eb.selectFrom('correcciones').select('borrador_id').where('solicitud_id', '=', vieja),
              ]),
            )
            .execute()
        ).map((d) => d.archivo);
        n.rechazadaNueva = await enviar();
        await mover(n.rechazadaNueva, 'en_revision', 'rechazada', { motivo: 'Falta la matrícula.' });
        await ctx.db
          .updateTable('historial')
          .set({ en: hace(MESES - 1) })
          .where('solicitud_id', '=', await idDe(ctx, n.rechazadaNueva))
          .where('hacia', '=', 'rechazada')
          .execute();
        n.aprobada = await enviar();
        await mover(n.aprobada, 'en_revision', 'aprobada');
        n.observadaVencida = await enviar();
        await mover(n.observadaVencida, 'en_revision', 'observada', {
          motivo: 'El DNI no se lee.',
          documentos: ['DniAnverso'],
        });
        n.observadaEnPlazo = await enviar();
        await mover(n.observadaEnPlazo, 'en_revision', 'observada', {
          motivo: 'El DNI no se lee.',
          documentos: ['DniAnverso'],
        });
        await ctx.db
          .updateTable('correcciones')
          .set({ vence_ms: new Date(hace(MESES - 1)).getTime() })
          .where('solicitud_id', '=', await idDe(ctx, n.observadaEnPlazo))
          .execute();
        n.enRevision = await enviar();
      });

      it('deletes the old rechazada and the observada past deadline + period; keeps the rest', async () => {
        const r = await aplicarRetencion(entornoDe(ctx), MESES, ahora);
        expect(r.solicitudes.sort()).toEqual([n.rechazadaVieja!, n.observadaVencida!].sort());
        // 8 of each draft, and the replacement the old rechazada's correction brought.
        expect(archivosDeLaVieja).toHaveLength(9);
        expect(r.documentos).toBe(17);
        const quedan = new Set((await ctx.app.documentos.listar()).map((o) => o.nombre));
        for (const archivo of archivosDeLaVieja) expect(quedan.has(archivo), archivo).toBe(false);
        const versiones = await ctx.db
          .selectFrom('comprobantes')
          .select(['version', 'documentos', 'reemplazados'])
          .where('solicitud_id', '=', await idDe(ctx, n.rechazadaVieja!))
          .orderBy('version')
          .execute();
        expect(versiones).toEqual([
          { version: 1, documentos: '[]', reemplazados: '[]' },
          { version: 2, documentos: '[]', reemplazados: '[]' },
        ]);
        for (const clave of ['rechazadaVieja', 'observadaVencida']) {
          expect(await suprimidaEn(ctx, n[clave]!), clave).toBe(ahora.toISOString());
        }
        for (const clave of ['rechazadaNueva', 'aprobada', 'observadaEnPlazo', 'enRevision']) {
          expect(await suprimidaEn(ctx, n[clave]!), clave).toBeNull();
        }
        const fila = await ctx.db
          .selectFrom('solicitudes')
          .select(['apellidoynombre', 'dni'])
          .where('numero', '=', n.rechazadaVieja!)
          .executeTakeFirstOrThrow();
        expect(fila).toEqual({ apellidoynombre: MARCA_SUPRIMIDO, dni: MARCA_SUPRIMIDO });
      });

      it('writes one audit row per application, by nobody, with the cause; the chain stays intact', async () => {
        const filas = await ctx.db
          .selectFrom('auditoria')
          .select(['usuario', 'ip', 'objeto', 'detalle'])
          .where('accion', '=', 'suprimir_datos')
          .execute();
        expect(filas.map((f) => f.objeto).sort()).toEqual([n.rechazadaVieja!, n.observadaVencida!].sort());
        for (const f of filas) {
          expect(f).toMatchObject({ usuario: null, ip: 'sistema' });
          expect(JSON.parse(f.detalle!)).toEqual({
            causa: 'retencion',
            documentos: f.objeto === n.rechazadaVieja ? 9 : 8,
          });
        }
        const historial = await ctx.db
          .selectFrom('historial')
          .select('motivo')
          .where('solicitud_id', '=', await idDe(ctx, n.rechazadaVieja!))
          .where('campo', 'is not', null)
          .execute();
        expect(historial).toEqual([{ motivo: MOTIVO_RETENCION }]);
        expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
      });

      it('a second run the same day finds nothing more', async () => {
        const r = await aplicarRetencion(entornoDe(ctx), MESES, ahora);
        expect(r.solicitudes).toEqual([]);
      });

      it('a year later the younger rechazada and observada go too; the aprobada never', async () => {
        const despues = new Date(ahora.getTime());
        despues.setUTCMonth(despues.getUTCMonth() + 2);
        const r = await aplicarRetencion(entornoDe(ctx), MESES, despues);
        expect(r.solicitudes.sort()).toEqual([n.rechazadaNueva!, n.observadaEnPlazo!].sort());
        const lejos = new Date(ahora.getTime());
        lejos.setUTCFullYear(lejos.getUTCFullYear() + 50);
        expect((await aplicarRetencion(entornoDe(ctx), MESES, lejos)).solicitudes).toEqual([]);
        expect(await suprimidaEn(ctx, n.aprobada!)).toBeNull();
        expect(await suprimidaEn(ctx, n.enRevision!)).toBeNull();
      });
    });

    it('the task also removes .eml copies whose outbox row is gone, and keeps the others', async () => {
      const carpeta = path.join(ctx.entorno.config.dataDir, 'correo');
      await mkdir(carpeta, { recursive: true });
      const huerfana = `20261126T040000Z-${randomUUID()}.eml`;
      await writeFile(path.join(carpeta, huerfana), 'To: alguien@example.com\r\n\r\nhola');
      await enviar();
      await ctx.app.correo.repartir();
      const antes = await readdir(carpeta);
      expect(antes).toContain(huerfana);
      const r = await aplicarRetencion(entornoDe(ctx), MESES, new Date());
      expect(r.copiasDeCorreo).toBe(1);
      expect((await readdir(carpeta)).sort()).toEqual(antes.filter((n) => n !== huerfana).sort());
    });

    it('the daily task runs once across two processes on one database', async () => {
      const otra = await buildApp(ctx.entorno.config);
      try {
        const antes = await ctx.db
          .selectFrom('tareas')
          .select('ejecuciones')
          .where('nombre', '=', 'retencion')
          .executeTakeFirstOrThrow();
        await ctx.db.updateTable('tareas').set({ proxima_ms: 0 }).where('nombre', '=', 'retencion').execute();
        const corridas = await Promise.all([ctx.app.tareas!.tick(), otra.tareas!.tick()]);
        expect(corridas.flat().filter((t) => t === 'retencion')).toEqual(['retencion']);
        const despues = await ctx.db
          .selectFrom('tareas')
          .select(['ejecuciones', 'proxima_ms', 'ultima_ms'])
          .where('nombre', '=', 'retencion')
          .executeTakeFirstOrThrow();
        expect(Number(despues.ejecuciones)).toBe(Number(antes.ejecuciones) + 1);
        expect(Number(despues.proxima_ms) - Number(despues.ultima_ms)).toBe(24 * 3_600_000);
      } finally {
        await otra.close();
      }
    });

    it('objects left by a deletion that stopped after its commit are removed by the draft sweep', async () => {
      const numero = await enviar();
      const archivos = (
        await ctx.db
          .selectFrom('documentos')
          .innerJoin('solicitud_documentos', 'solicitud_documentos.documento_id', 'documentos.id')
          .select('documentos.archivo')
          .where('solicitud_documentos.solicitud_id', '=', await idDe(ctx, numero))
          .execute()
      ).map((f) => f.archivo);
      expect(archivos).toHaveLength(8);
      // The process "dies" before removing any object: every eliminar fails.
      const caido: DocumentStore = Object.create(ctx.app.documentos) as DocumentStore;
      caido.eliminar = () => Promise.reject(new Error('el proceso terminó'));
      const r = await suprimirSolicitudes(entornoDe(ctx, caido), [await idDe(ctx, numero)], {
        usuario: null,
        personalId: null,
        ip: 'consola',
        causa: 'pedido',
        motivo: 'Pedido del titular',
      });
      expect(r.solicitudes).toEqual([numero]);
      const presentes = new Set((await ctx.app.documentos.listar()).map((o) => o.nombre));
      expect(archivos.every((a) => presentes.has(a))).toBe(true);
      // An hour and more later (the sweep leaves young objects alone: an upload may be committing).
      const barrido = await barrerBorradores(
        ctx.db,
        ctx.app.documentos,
        1_000_000,
        new Date(Date.now() + 2 * 3_600_000),
      );
      expect(barrido.huerfanos).toBeGreaterThanOrEqual(8);
      const quedan = new Set((await ctx.app.documentos.listar()).map((o) => o.nombre));
      expect(archivos.some((a) => quedan.has(a))).toBe(false);
    });

    it(
      'npm run datos-personales -- suprimir <dni>: deletes, prints the numbers; again: exit 1 with the message',
      { timeout: 120_000 },
      async () => {
        const { numero } = await enviarSolicitud(ctx, { dni: '28999888', matricula: '6789' });
        const r = datosPersonales(ctx, ['suprimir', '28999888']);
        expect(r.errores).toBe('');
        expect(r.codigo).toBe(0);
        expect(r.salida).toContain(numero);
        expect(r.salida).toContain('Documentos eliminados: 8.');
        expect(await suprimidaEn(ctx, numero)).not.toBeNull();
        const fila = await ctx.db
          .selectFrom('auditoria')
          .select(['usuario', 'ip', 'detalle'])
          .where('accion', '=', 'suprimir_datos')
          .where('objeto', '=', numero)
          .executeTakeFirstOrThrow();
        expect(fila).toMatchObject({ usuario: null, ip: 'consola' });
        const motivo = await ctx.db
          .selectFrom('historial')
          .select('motivo')
          .where('solicitud_id', '=', await idDe(ctx, numero))
          .where('campo', 'is not', null)
          .executeTakeFirstOrThrow();
        expect(motivo.motivo).toBe('Pedido del titular');
        const otra = datosPersonales(ctx, ['suprimir', '28999888']);
        expect(otra.codigo).toBe(1);
        expect(otra.errores).toContain(TEXTOS_DATOS_PERSONALES.sinDatos);
        const mala = datosPersonales(ctx, ['suprimir', '28.999.888']);
        expect(mala.codigo).toBe(2);
        expect(mala.errores).toContain(TEXTOS_DATOS_PERSONALES.dniInvalido);
      },
    );

    it(
      'npm run datos-personales -- suprimir --numero: deletes those applications only (a restore replayed)',
      { timeout: 120_000 },
      async () => {
        const primera = await enviarSolicitud(ctx, { dni: '25444555', matricula: '4321' });
        const segunda = await enviarSolicitud(ctx, { dni: '25444555', matricula: '4321' });
        const r = datosPersonales(ctx, [
          'suprimir',
          '--numero',
          primera.numero,
          '--motivo',
          'Respaldo restaurado',
        ]);
        expect(r.errores).toBe('');
        expect(r.codigo).toBe(0);
        expect(r.salida).toContain(primera.numero);
        expect(await suprimidaEn(ctx, primera.numero)).not.toBeNull();
        expect(await suprimidaEn(ctx, segunda.numero)).toBeNull();
        const otra = datosPersonales(ctx, ['suprimir', '--numero', primera.numero]);
        expect(otra.codigo).toBe(1);
        expect(otra.errores).toContain(TEXTOS_DATOS_PERSONALES.sinDatos);
        const ambos = datosPersonales(ctx, ['suprimir', '25444555', '--numero', segunda.numero]);
        expect(ambos.codigo).toBe(2);
        expect(await suprimidaEn(ctx, segunda.numero)).toBeNull();
      },
    );

    it('npm run datos-personales -- retener: exit 0 and says what it did', { timeout: 120_000 }, () => {
      const r = datosPersonales(ctx, ['retener']);
      expect(r.errores).toBe('');
      expect(r.codigo).toBe(0);
      expect(r.salida).toContain(`(${MESES} meses)`);
    });
  },
  ENTORNO_GESTION,
);
