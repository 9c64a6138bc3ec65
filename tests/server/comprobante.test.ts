// The receipt and the verification page's data (producto §11), through the real routes on both
// engines: the browser that sent an application downloads its receipt (read back with pdfjs), no
// other browser does; the verification JSON names nobody and follows the status staff set; a bad
// token is a 404 like an unknown one; no route serves the receipt to a verification token.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTOS, ESTADOS, TEXTOS_SEGUIMIENTO, type Verificacion } from '../../domain/index.js';
import { tamanioConBytes } from '../../server/comprobante/formato.js';
import { MENSAJE_SIN_COMPROBANTE } from '../../server/comprobante/rutas/index.js';
import { VERIFICACIONES_POR_CUARTO_DE_HORA } from '../../server/seguimiento/rutas/verificacion.js';
import { ejemploEquipo } from '../../server/solicitud/rutas/ejemplo.js';
import type { Navegador, Parte } from './ayuda/cliente.js';
import { leerPdf } from './ayuda/comprobante.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';
import { cuerpoSolicitud, partesRequeridas } from './ayuda/solicitud.js';

const PUBLICA = 'https://prestadores.example.org';
const NOMBRE = 'Łukasz Şahin Nguyễn';
const DNI = '30111222';
const EMAIL = 'lukasz.nguyen@example.com';
const TELEFONO = '4987654';
const CALLE = 'Bv. Oroño';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

conCadaBase(
  'comprobante y verificación',
  (ctx) => {
    let nav: Navegador;
    let numero: string;
    let creadaEn: string;
    let token: string;
    let partes: Parte[];
    const equipos = [
      ejemploEquipo(),
      { ...ejemploEquipo(), marca: 'Siemens Healthineers', modelo: 'Acuson Ω', anioFabricacion: 2021, origen: 'Alemania', observaciones: 'Con sonda transvaginal.' },
    ];

    beforeAll(async () => {
      nav = ctx.navegador();
      await nav.abrir();
      partes = partesRequeridas();
      const subida = await nav.subir(partes);
      expect(subida.statusCode, subida.body).toBe(200);
      const cuerpo = {
        ...cuerpoSolicitud(subida.json(), { apellidoynombre: NOMBRE, email: EMAIL, telefono: TELEFONO }),
        equipos,
      };
      const r = await nav.post('/api/v2/solicitud/crear', cuerpo);
      expect(r.statusCode, r.body).toBe(201);
      ({ numeroSolicitud: numero, creadaEn } = r.json<{ numeroSolicitud: string; creadaEn: string }>());
      ({ token } = await ctx.db
        .selectFrom('comprobantes as c')
        .innerJoin('solicitudes as s', 's.id', 'c.solicitud_id')
        .select('c.token')
        .where('s.numero', '=', numero)
        .where('c.version', '=', 1)
        .executeTakeFirstOrThrow());
    });

    describe('GET /api/v2/solicitud/comprobante', () => {
      it('el navegador que envió la solicitud descarga su comprobante en PDF', async () => {
        const r = await nav.get('/api/v2/solicitud/comprobante');
        expect(r.statusCode, r.body).toBe(200);
        expect(r.headers['content-type']).toBe('application/pdf');
        expect(r.headers['content-disposition']).toBe(`attachment; filename="comprobante-${numero}-version-1.pdf"`);
        expect(r.headers['cache-control']).toBe('no-store');
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length);

        const { texto } = await leerPdf(r.rawPayload);
        expect(texto).toContain(`Número de solicitud ${numero}`);
        expect(texto).toContain(`Apellido y nombres ${NOMBRE}`);
        expect(texto).toContain(`DNI ${DNI}`);
        expect(texto).toContain('Matrícula 12345');
        for (const parte of partes) {
          const clave = parte.nombre!.split('.')[0]!;
          const etiqueta = DOCUMENTOS.find((d) => d.key === clave)!.label;
          expect(texto).toContain(`${etiqueta} ${tamanioConBytes(parte.contenido.length)}`);
          expect(texto).toContain(`SHA-256 ${sha256(parte.contenido)}`);
        }
        expect(texto).toContain('ECOGRAFO Mindray DC-40 2019 China');
        expect(texto).toContain('Siemens Healthineers Acuson Ω 2021 Alemania Con sonda transvaginal.');
        expect(texto).toContain(` ${PUBLICA}/verificar/${token} `);
        // The date and time are Argentina's: 3 hours behind UTC.
        const enArgentina = new Date(new Date(creadaEn).getTime() - 3 * 3_600_000).toISOString();
        const [fecha, hora] = [enArgentina.slice(0, 10).split('-').reverse().join('/'), enArgentina.slice(11, 16)];
        expect(texto).toContain(`Fecha y hora ${fecha} ${hora}`);
      });

      it('otro navegador, con un borrador sin enviar o sin ninguno, recibe 404 con un mensaje claro', async () => {
        const otro = ctx.navegador();
        await otro.abrir();
        const sinBorrador = await otro.get('/api/v2/solicitud/comprobante');
        expect(sinBorrador.statusCode).toBe(404);
        expect(sinBorrador.json()).toEqual({ error: 'NO_ENCONTRADO', message: MENSAJE_SIN_COMPROBANTE });

        const subida = await otro.subir(partesRequeridas().slice(0, 2));
        expect(subida.statusCode).toBe(200);
        expect(otro.cookies.get('borrador')).toBeDefined();
        const sinEnviar = await otro.get('/api/v2/solicitud/comprobante');
        expect(sinEnviar.statusCode).toBe(404);
        expect(sinEnviar.json<{ message: string }>().message).toBe(MENSAJE_SIN_COMPROBANTE);

        const cookieRara = await ctx.app.inject({
          url: '/api/v2/solicitud/comprobante',
          headers: { cookie: 'borrador=no-es-un-borrador' },
        });
        expect(cookieRara.statusCode).toBe(404);
      });
    });

    describe('GET /api/v2/verificacion/:token', () => {
      it('muestra número, fecha, estado y la huella de cada documento, y nada que identifique a la persona', async () => {
        const r = await ctx.app.inject(`/api/v2/verificacion/${token}`);
        expect(r.statusCode, r.body).toBe(200);
        expect(r.headers['cache-control']).toBe('no-store');
        expect(r.headers['x-robots-tag']).toBe('noindex');
        const esperados = DOCUMENTOS.filter((d) => partes.some((p) => p.nombre!.startsWith(`${d.key}.`))).map((d) => ({
          clave: d.key,
          etiqueta: d.label,
          sha256: sha256(partes.find((p) => p.nombre!.startsWith(`${d.key}.`))!.contenido),
          reemplazado: false,
        }));
        expect(r.json()).toEqual({
          numeroSolicitud: numero,
          creadaEn,
          estado: 'recibida',
          etiqueta: ESTADOS.recibida,
          version: 1,
          emitidoEn: creadaEn,
          reemplazadoPor: null,
          documentos: esperados,
        } satisfies Verificacion);
        for (const dato of [DNI, EMAIL, TELEFONO, CALLE, NOMBRE, 'Łukasz', '12345', 'dni', 'email', 'telefono', 'calle', 'apellidoynombre']) {
          expect(r.body).not.toContain(dato);
        }
      });

      it('sigue el estado que fija el personal', async () => {
        const revisora = await ingresarComo(ctx, 'revisora', 'revisor');
        const m = await revisora.post(`/api/gestion/solicitudes/${numero}/estado`, {
          desde: 'recibida',
          hacia: 'en_revision',
        });
        expect(m.statusCode, m.body).toBe(200);
        const r = await ctx.app.inject(`/api/v2/verificacion/${token}`);
        expect(r.json<Verificacion>()).toMatchObject({ estado: 'en_revision', etiqueta: ESTADOS.en_revision });
      });

      it.each([
        ['desconocido', 'A'.repeat(43)],
        ['corto', 'abc'],
        ['con caracteres fuera del formato', `${'a'.repeat(42)}!`],
        // Up to Fastify's maxParamLength (100); beyond it the framework answers 414.
        ['largo', 'a'.repeat(100)],
        ['el token con un carácter más', null],
      ])('un token %s: 404 con el mismo mensaje, sin caché', async (_caso, valor) => {
        const r = await ctx.app.inject(`/api/v2/verificacion/${encodeURIComponent(valor ?? `${token}x`)}`);
        expect(r.statusCode).toBe(404);
        expect(r.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_SEGUIMIENTO.verificacionInvalida });
        expect(r.headers['cache-control']).toBe('no-store');
      });

      it('ninguna ruta entrega el comprobante (que nombra a la persona) a un token de verificación', async () => {
        for (const url of [
          `/api/v2/verificacion/${token}/comprobante`,
          `/api/v2/verificacion/${token}/comprobante.pdf`,
          `/api/v2/verificacion/${token}?formato=pdf`,
        ]) {
          const r = await ctx.app.inject(url);
          expect(r.headers['content-type'], url).not.toBe('application/pdf');
          expect(r.body, url).not.toContain(DNI);
          expect(r.body, url).not.toContain('%PDF');
        }
      });

      it('los registros no guardan el token, el DNI ni el nombre', () => {
        const logs = ctx.logs.join('\n');
        expect(logs).toContain('/api/v2/verificacion/:token');
        for (const dato of [token, DNI, NOMBRE, EMAIL]) expect(logs).not.toContain(dato);
      });

      it(`limita las consultas por cliente: ${VERIFICACIONES_POR_CUARTO_DE_HORA} por cuarto de hora`, async () => {
        await ctx.db.deleteFrom('contadores').where('clave', 'like', 'verificacion|%').execute();
        for (let i = 0; i < VERIFICACIONES_POR_CUARTO_DE_HORA; i++) {
          const r = await ctx.app.inject(`/api/v2/verificacion/${token}`);
          expect(r.statusCode).toBe(200);
        }
        const r = await ctx.app.inject(`/api/v2/verificacion/${token}`);
        expect(r.statusCode).toBe(429);
        expect(r.json<{ error: string }>().error).toBe('DEMASIADOS_INTENTOS');
        // Another client is not affected.
        const otro = await ctx.app.inject({ url: `/api/v2/verificacion/${token}`, remoteAddress: '203.0.113.9' });
        expect(otro.statusCode).toBe(200);
      });
    });
  },
  { ...ENTORNO_GESTION, PUBLIC_URL: PUBLICA, LOG_LEVEL: 'info' },
);
