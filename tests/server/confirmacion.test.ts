// Re-attestation (producto §17) on both engines: the task opens one link per approved application
// and anniversary of its first approval — once with two planners ticking at once and with runs
// racing each other, only for the newest approved application of a DNI, not in a re-credentialing
// year —; the e-mail carries the link, through real SMTP; reminders at 7 and 21 days, each once,
// none once answered or expired; unanswered after 30 days the inbox and the Tablero say "Sin
// confirmar"; "Mis datos siguen siendo correctos" is recorded, audited and single use; a used,
// expired or unknown link says "Este enlace ya fue usado o venció."; the links and their uploads
// are exported and deleted with the person's data. "Necesito cambiar algo":
// tests/server/confirmacion-cambios.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTOS_CONFIRMACION } from '../../domain/confirmacion.js';
import { TEXTOS_SEGUIMIENTO, type PaginaBandeja } from '../../domain/index.js';
import type { Tablero } from '../../domain/para-hoy.js';
import { buildApp } from '../../server/app.js';
import {
  abrirConfirmaciones,
  aniversarioAlcanzado,
  aniversarioDe,
} from '../../server/confirmacion/apertura.js';
import { recordarConfirmaciones, recordatorioDebido } from '../../server/confirmacion/recordatorios.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { fechaEnPalabras } from '../../server/correo/fechas.js';
import { leerExportacion } from '../../server/datos-personales/datos-exportados.js';
import { entornoDeSupresion, suprimirSolicitudes } from '../../server/datos-personales/supresion.js';
import { sumarDias } from '../../server/gestion/vigencias.js';
import { hashDeToken } from '../../server/solicitud/tokens.js';
import * as archivos from './ayuda/archivos.js';
import { abrirBuzon } from './ayuda/buzon.js';
import { multipart, type Navegador, type Parte } from './ayuda/cliente.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, idDeSolicitud, sembrar } from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';

const buzon = await abrirBuzon();
afterAll(() => buzon.cerrar());

const PUBLICA = 'https://prestadores.amr.test';
const PERSONAL = 'mesa.de.entradas@example.com';
const DIA_MS = 86_400_000;
const USADO = TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido;

describe('los aniversarios y los recordatorios', () => {
  it('el aniversario es la misma fecha cada año; el 29 de febrero, el 28 en los años que no lo tienen', () => {
    expect(aniversarioDe('2026-03-15', 1)).toBe('2027-03-15');
    expect(aniversarioDe('2028-02-29', 1)).toBe('2029-02-28');
    expect(aniversarioDe('2028-02-29', 4)).toBe('2032-02-29');
    expect(aniversarioAlcanzado('2026-03-15', '2027-03-14')).toBe(0);
    expect(aniversarioAlcanzado('2026-03-15', '2027-03-15')).toBe(1);
    expect(aniversarioAlcanzado('2026-03-15', '2029-01-01')).toBe(2);
    expect(aniversarioAlcanzado('2026-03-15', '2026-01-01')).toBe(0);
  });
  it('a los 7 y a los 21 días; pasado el 21 sin el 7, solo el 21', () => {
    expect([0, 6, 7, 8, 20, 21, 29].map(recordatorioDebido)).toEqual([null, null, 7, 7, 7, 21, 21]);
  });
});

conCadaBase(
  'confirmación anual de datos',
  (ctx) => {
    const ahora = new Date();
    let revisora: Navegador;
    const ids = new Map<string, string>();
    /** Seeded applications by name. */
    const n: Record<'uno' | 'dos' | 'tres' | 'reciente' | 'vieja' | 'gemela', string> = {} as never;

    const haceDias = (dias: number) => new Date(ahora.getTime() - dias * DIA_MS).toISOString();
    const aprobar = async (numero: string, resueltaEn: string) => {
      await ctx.db
        .updateTable('solicitudes')
        .set({ estado: 'aprobada', estado_desde: resueltaEn, resuelta_en: resueltaEn })
        .where('numero', '=', numero)
        .execute();
    };
    const enlacesDe = (numero: string) =>
      ctx.db
        .selectFrom('confirmaciones')
        .selectAll()
        .where('solicitud_id', '=', ids.get(numero)!)
        .orderBy('aniversario')
        .execute();
    const correosDe = (numero: string, tipo: string) =>
      ctx.db
        .selectFrom('correos')
        .select(['clave', 'para', 'datos', 'estado'])
        .where('solicitud_id', '=', ids.get(numero)!)
        .where('tipo', '=', tipo)
        .orderBy('clave')
        .execute();
    const tokenDe = async (numero: string) =>
      (JSON.parse((await correosDe(numero, 'confirmacion'))[0]!.datos) as { token: string }).token;
    const bandeja = async (consulta: string): Promise<PaginaBandeja> => {
      const r = await revisora.get(`/api/gestion/solicitudes?${consulta}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<PaginaBandeja>();
    };
    const filaDe = async (numero: string) =>
      (await bandeja(`q=${numero}`)).filas.find((f) => f.numero === numero)!;
    const subir = (nav: Navegador, token: string, partes: Parte[]) => {
      const { cuerpo, contentType } = multipart(partes);
      return nav.enviarCrudo(`/api/v2/confirmaciones/${token}/archivos`, cuerpo, contentType);
    };

    beforeAll(async () => {
      // The tests tick the planners themselves.
      ctx.app.tareas?.detener();
      revisora = await ingresarComo(ctx, 'revisora', 'revisor');
      const sembradas = await sembrar(ctx, [
        { dni: '20000001', email: 'uno@example.com' },
        { dni: '20000002', email: 'dos@example.com' },
        { dni: '20000003', email: 'tres@example.com' },
        { dni: '20000004', email: 'reciente@example.com' },
        { dni: '20000005', email: 'vieja@example.com' },
        { dni: '20000005', email: 'gemela@example.com' },
      ]);
      [n.uno, n.dos, n.tres, n.reciente, n.vieja, n.gemela] = sembradas as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      await aprobar(n.uno, haceDias(400));
      await aprobar(n.dos, haceDias(2 * 365 + 10));
      // Its third anniversary is a re-credentialing year (RECREDENCIALIZACION_ANOS = 3).
      await aprobar(n.tres, haceDias(3 * 365 + 10));
      await aprobar(n.reciente, haceDias(100));
      // The same DNI approved twice: the newer one is the one the provider answers for.
      await aprobar(n.vieja, haceDias(500));
      await aprobar(n.gemela, haceDias(450));
      for (const numero of Object.values(n)) ids.set(numero, await idDeSolicitud(ctx, numero));
      await ctx.db.deleteFrom('correos').execute();
    });

    describe('la tarea', () => {
      it('dos planificadores a la vez: un enlace por solicitud y aniversario, con su correo y su auditoría', async () => {
        const otros = await Promise.all([buildApp(ctx.entorno.config), buildApp(ctx.entorno.config)]);
        try {
          await ctx.db
            .updateTable('tareas')
            .set({ proxima_ms: 0 })
            .where('nombre', '=', 'confirmaciones')
            .execute();
          const corridas = await Promise.all(otros.map((app) => app.tareas!.tick()));
          expect(corridas.flat().filter((t) => t === 'confirmaciones')).toHaveLength(1);
          // Runs that bypass the slot (another process, a run an hour late) open nothing more.
          expect(
            await Promise.all([
              abrirConfirmaciones(ctx.db, ahora, 3),
              abrirConfirmaciones(ctx.db, ahora, 3),
              abrirConfirmaciones(ctx.db, new Date(ahora.getTime() + 3_600_000), 3),
            ]),
          ).toEqual([0, 0, 0]);
        } finally {
          await Promise.all(otros.map((app) => app.close()));
        }
        const aniversarios = async (numero: string) =>
          (await enlacesDe(numero)).map((e) => Number(e.aniversario));
        expect(await aniversarios(n.uno)).toEqual([1]);
        // Two anniversaries passed: only the latest is opened.
        expect(await aniversarios(n.dos)).toEqual([2]);
        expect(await aniversarios(n.tres)).toEqual([]);
        expect(await aniversarios(n.reciente)).toEqual([]);
        expect(await aniversarios(n.vieja)).toEqual([]);
        expect(await aniversarios(n.gemela)).toEqual([1]);
        const [enlace] = await enlacesDe(n.uno);
        expect(enlace).toMatchObject({ respondida_en: null, respuesta: null });
        const plazo = sumarDias(diaArgentino(new Date(enlace!.creada_en)), 30);
        expect(diaArgentino(new Date(Number(enlace!.vence_ms)))).toBe(plazo);
        const correos = await correosDe(n.uno, 'confirmacion');
        expect(correos).toHaveLength(1);
        expect(correos[0]).toMatchObject({ clave: `confirmacion|${enlace!.id}`, para: 'uno@example.com' });
        const token = await tokenDe(n.uno);
        // Only the hash is kept with the link.
        expect(enlace!.token_hash).toBe(hashDeToken(token));
        expect(JSON.stringify(enlace)).not.toContain(token);
        const auditadas = await ctx.db
          .selectFrom('auditoria')
          .select(['usuario', 'ip', 'objeto', 'detalle'])
          .where('accion', '=', 'abrir_confirmacion')
          .where('objeto', '=', n.uno)
          .execute();
        expect(auditadas).toEqual([
          { usuario: null, ip: 'sistema', objeto: n.uno, detalle: '{"aniversario":1}' },
        ]);
      });

      it('el correo llega por SMTP con el enlace y su último día', async () => {
        const r = await ctx.app.correo.repartir();
        expect(r.enviados).toBe(3);
        const token = await tokenDe(n.uno);
        const llegado = await buzon.esperar(
          (m) => m.para.includes('uno@example.com') && (m.mensaje.subject ?? '').includes(n.uno),
        );
        expect(llegado.mensaje.subject).toBe(`Confirmá tus datos de la solicitud ${n.uno}`);
        const texto = llegado.mensaje.text ?? '';
        expect(texto).toContain(`${PUBLICA}/confirmar/${token}`);
        const [enlace] = await enlacesDe(n.uno);
        expect(texto).toContain(fechaEnPalabras(diaArgentino(new Date(Number(enlace!.vence_ms)))));
        expect(texto).toContain(TEXTOS_CONFIRMACION.confirmar);
        expect(texto).toContain(TEXTOS_CONFIRMACION.cambiar);
      });
    });

    describe('la página del enlace', () => {
      it('un enlace que no existe es un 404 y uno vencido un 410, ambos con el mensaje', async () => {
        const nav = await ctx.navegador().abrir();
        for (const malo of ['corto', 'A'.repeat(43)]) {
          const r = await nav.get(`/api/v2/confirmaciones/${malo}`);
          expect(r.statusCode).toBe(404);
          expect(r.json<{ message: string }>().message).toBe(USADO);
        }
      });
    });

    describe('los recordatorios', () => {
      const en = (dias: number) => new Date(ahora.getTime() + dias * DIA_MS);
      const recordatoriosDe = async (numero: string) =>
        (await correosDe(numero, 'recordatorio_confirmacion')).map(
          (c) => (JSON.parse(c.datos) as { dias: number }).dias,
        );

      it('a los 7 y a los 21 días, cada uno una vez, con el mismo enlace', async () => {
        expect(await recordarConfirmaciones(ctx.db, en(6))).toBe(0);
        await Promise.all([recordarConfirmaciones(ctx.db, en(7)), recordarConfirmaciones(ctx.db, en(7))]);
        expect(await recordatoriosDe(n.uno)).toEqual([7]);
        expect(await recordarConfirmaciones(ctx.db, en(8))).toBe(0);
        expect(await recordarConfirmaciones(ctx.db, en(21))).toBeGreaterThan(0);
        expect(await recordarConfirmaciones(ctx.db, en(22))).toBe(0);
        expect(await recordatoriosDe(n.uno)).toEqual([21, 7]);
        const token = await tokenDe(n.uno);
        for (const c of await correosDe(n.uno, 'recordatorio_confirmacion')) {
          expect(c.para).toBe('uno@example.com');
          expect((JSON.parse(c.datos) as { token: string }).token).toBe(token);
        }
        // Queued on the test's clock, three weeks ahead: due now for the sender.
        await ctx.db
          .updateTable('correos')
          .set({ proximo_ms: 0 })
          .where('tipo', '=', 'recordatorio_confirmacion')
          .execute();
        const r = await ctx.app.correo.repartir();
        expect(r.enviados).toBeGreaterThan(0);
        const llegado = await buzon.esperar((m) =>
          (m.mensaje.subject ?? '').startsWith(`Recordatorio: confirmá tus datos de la solicitud ${n.uno}`),
        );
        expect(llegado.mensaje.text).toContain(`${PUBLICA}/confirmar/${token}`);
      });
    });

    describe('"Mis datos siguen siendo correctos"', () => {
      it('queda registrado y auditado, y el enlace ya no sirve', async () => {
        const nav = await ctx.navegador().abrir();
        const token = await tokenDe(n.gemela);
        const filas = await auditoriaDe(ctx.db, async () => {
          const r = await nav.post(`/api/v2/confirmaciones/${token}/correctos`, {});
          expect(r.statusCode, r.body).toBe(200);
          expect(r.json<{ message: string }>().message).toBe(TEXTOS_CONFIRMACION.confirmados);
        });
        expect(filas.map((f) => [f.usuario, f.accion, f.objeto, f.detalle])).toEqual([
          [null, 'confirmar_datos', n.gemela, { aniversario: 1 }],
        ]);
        const [enlace] = await enlacesDe(n.gemela);
        expect(enlace).toMatchObject({ respuesta: 'correctos' });
        expect(enlace!.respondida_en).not.toBeNull();
        // Single use: a second press, the page and the uploads say so; nothing is written.
        for (const r of [
          await nav.post(`/api/v2/confirmaciones/${token}/correctos`, {}),
          await nav.get(`/api/v2/confirmaciones/${token}`),
          await nav.post(`/api/v2/confirmaciones/${token}/cambios`, {
            campos: { piso: '3' },
            documentos: [],
          }),
        ]) {
          expect(r.statusCode).toBe(410);
          expect(r.json<{ message: string }>().message).toBe(USADO);
        }
        expect((await enlacesDe(n.gemela))[0]!.respondida_en).toBe(enlace!.respondida_en);
        // No reminder once answered (its 7 and 21 were queued before, by the reminders' test).
        await ctx.db.deleteFrom('correos').where('tipo', '=', 'recordatorio_confirmacion').execute();
        await recordarConfirmaciones(ctx.db, new Date(ahora.getTime() + 22 * DIA_MS));
        expect(await correosDe(n.gemela, 'recordatorio_confirmacion')).toEqual([]);
        expect(await correosDe(n.uno, 'recordatorio_confirmacion')).toHaveLength(1);
        expect((await filaDe(n.gemela)).estado).toBe('aprobada');
      });
    });

    describe('sin respuesta a los 30 días', () => {
      it('la bandeja y el Tablero dicen "Sin confirmar"; el enlace ya no sirve ni se recuerda', async () => {
        const [enlace] = await enlacesDe(n.dos);
        await ctx.db
          .updateTable('confirmaciones')
          .set({ creada_en: haceDias(31), vence_ms: ahora.getTime() - DIA_MS })
          .where('id', '=', enlace!.id)
          .execute();
        const fila = await filaDe(n.dos);
        expect(fila.sinConfirmar).toBe(true);
        // The others: an open link, an answered one.
        expect((await filaDe(n.uno)).sinConfirmar).toBeUndefined();
        expect((await filaDe(n.gemela)).sinConfirmar).toBeUndefined();
        expect((await bandeja('hoy=sin_confirmar')).filas.map((f) => f.numero)).toEqual([n.dos]);
        const tablero = await revisora.get('/api/gestion/tablero');
        expect(tablero.statusCode, tablero.body).toBe(200);
        expect(tablero.json<Tablero>().paraHoy.sin_confirmar).toBe(1);
        const nav = await ctx.navegador().abrir();
        const r = await nav.get(`/api/v2/confirmaciones/${await tokenDe(n.dos)}`);
        expect(r.statusCode).toBe(410);
        expect(r.json<{ message: string }>().message).toBe(USADO);
        await ctx.db.deleteFrom('correos').where('tipo', '=', 'recordatorio_confirmacion').execute();
        await recordarConfirmaciones(ctx.db, new Date());
        expect(await correosDe(n.dos, 'recordatorio_confirmacion')).toEqual([]);
      });
    });

    describe('datos personales', () => {
      it('los enlaces van en la exportación y se van con la supresión', async () => {
        const exportada = await leerExportacion(ctx.db, '20000001', { publicUrl: PUBLICA });
        const solicitud = exportada!.datos.solicitudes.find((s) => s.numero === n.uno)!;
        expect(solicitud.confirmaciones).toEqual([
          {
            aniversario: 1,
            enviadaEn: expect.any(String),
            venceEn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
            respondidaEn: null,
            respuesta: null,
          },
        ]);
        const token = await tokenDe(n.uno);
        // A file uploaded and never sent is the person's too: exported, then deleted.
        const nav = await ctx.navegador().abrir();
        const subida = await subir(nav, token, [{ nombre: 'DniAnverso.png', contenido: archivos.png(4, 4) }]);
        expect(subida.statusCode, subida.body).toBe(200);
        const conArchivo = await leerExportacion(ctx.db, '20000001', { publicUrl: PUBLICA });
        const noVigentes = conArchivo!.datos.solicitudes.find(
          (s) => s.numero === n.uno,
        )!.documentosNoVigentes;
        expect(noVigentes.map((d) => d.clave)).toEqual(['DniAnverso']);

        const { config } = ctx.entorno;
        await suprimirSolicitudes(
          entornoDeSupresion(ctx.db, ctx.app.documentos, config, { warn: () => {} }),
          [ids.get(n.uno)!],
          { usuario: null, personalId: null, ip: 'consola', causa: 'pedido', motivo: 'Pedido del titular.' },
        );
        expect(await enlacesDe(n.uno)).toEqual([]);
        const r = await nav.get(`/api/v2/confirmaciones/${token}`);
        expect(r.statusCode).toBe(404);
        expect(r.json<{ message: string }>().message).toBe(USADO);
        // Deleted: nobody to ask again next year.
        expect(
          await abrirConfirmaciones(ctx.db, new Date(ahora.getTime() + 366 * DIA_MS), 3),
        ).toBeGreaterThanOrEqual(0);
        expect(await enlacesDe(n.uno)).toEqual([]);
      });
    });
  },
  {
    ...ENTORNO_GESTION,
    CORREO_PERSONAL: PERSONAL,
    SMTP_URL: buzon.url,
    PUBLIC_URL: PUBLICA,
    MAIL_POLL_SECONDS: '0',
    VERIFICACION_REQUERIDA: 'no',
  },
);
