// The access export of a corrected application (producto §14): what a correction replaced must
// reach the person too. A document replaced before receipts had versions comes out under
// no-vigentes; a corrected application brings every version of its receipt (comprobantes/, drawn
// as the applicant got them) and the replaced file (documentos-reemplazados/), both described in
// datos.json and in resumen.pdf. The export's contents otherwise are in
// tests/server/datos-exportacion.test.ts; shared reading of the ZIP in tests/server/ayuda/exportacion.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import { DOCUMENTOS, TEXTOS_VERSIONES } from '../../domain/index.js';
import * as archivos from './ayuda/archivos.js';
import type { Navegador } from './ayuda/cliente.js';
import { leerPdf } from './ayuda/comprobante.js';
import { conCadaBase } from './ayuda/contexto.js';
import { corregirSolicitud } from './ayuda/correccion.js';
import {
  datosDe,
  documentosEnviados,
  ENTORNO_EXPORTACION,
  leerZip,
  sha256,
  TITULAR,
  url,
} from './ayuda/exportacion.js';
import { enviarSolicitud, type Enviada } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';

conCadaBase(
  'datos personales: exportación de documentos reemplazados y versiones del comprobante',
  (ctx) => {
    let admin: Navegador;
    let primera: Enviada;

    beforeAll(async () => {
      admin = await ingresarComo(ctx, 'admin.datos', 'administrador');
      primera = await enviarSolicitud(ctx, TITULAR);
    }, 120_000);

    it('un documento reemplazado que sigue guardado también sale, en no-vigentes', async () => {
      // As a correction left it before receipts had versions (decision 086): the new document,
      // uploaded in a draft of its own, takes the old one's place; the old one stays in the
      // application's draft, and no version names it as replaced.
      const { id } = await ctx.db
        .selectFrom('solicitudes')
        .select('id')
        .where('numero', '=', primera.numero)
        .executeTakeFirstOrThrow();
      const nuevo = archivos.jpegConMetadatos(5_000);
      const nombre = randomBytes(16).toString('hex');
      const borrador = randomBytes(32).toString('hex');
      const documento = randomUUID();
      const ahora = new Date().toISOString();
      await ctx.app.documentos.escribir(nombre, Readable.from([nuevo]));
      await ctx.db
        .insertInto('borradores')
        .values({ id: borrador, creado_en: ahora, actualizado_en: ahora })
        .execute();
      await ctx.db
        .insertInto('documentos')
        .values({
          id: documento,
          borrador_id: borrador,
          clave: 'DniAnverso',
          extension: 'jpg',
          mime: 'image/jpeg',
          bytes: nuevo.length,
          sha256: sha256(nuevo),
          archivo: nombre,
          creado_en: ahora,
        })
        .execute();
      const { documento_id: anterior } = await ctx.db
        .selectFrom('solicitud_documentos as sd')
        .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
        .select('sd.documento_id')
        .where('sd.solicitud_id', '=', id)
        .where('d.clave', '=', 'DniAnverso')
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('solicitud_documentos')
        .set({ documento_id: documento })
        .where('solicitud_id', '=', id)
        .where('documento_id', '=', anterior)
        .execute();

      const zip = await leerZip((await admin.get(url(primera.numero))).rawPayload);
      const datos = datosDe(zip);
      const s1 = datos.solicitudes[0]!;
      const enviado = primera.partes.get('DniAnverso')!.contenido;
      expect(s1.documentosNoVigentes).toMatchObject([
        {
          clave: 'DniAnverso',
          sha256: sha256(enviado),
          archivo: `documentos/${primera.numero}/no-vigentes/1-DniAnverso.jpg`,
        },
      ]);
      expect(zip.get(s1.documentosNoVigentes[0]!.archivo)!.bytes.equals(enviado)).toBe(true);
      const corregida = new Map(primera.partes).set('DniAnverso', {
        nombre: 'DniAnverso.jpg',
        contenido: nuevo,
      });
      documentosEnviados(zip, datos, { numero: primera.numero, partes: corregida });
      expect((await leerPdf(zip.get('resumen.pdf')!.bytes)).texto).toContain('Documentos reemplazados');
    });

    it('una solicitud corregida: cada versión del comprobante y el documento reemplazado', async () => {
      const persona = { dni: '1234567', matricula: '999', apellidoynombre: 'Ibarra, Paula' };
      const enviada = await enviarSolicitud(ctx, persona);
      const nueva = archivos.pdfConTexto('Póliza renovada');
      await corregirSolicitud(ctx, enviada.numero, {
        PolizaMalaPraxis: { nombre: 'PolizaMalaPraxis.pdf', contenido: nueva },
      });
      const vieja = enviada.partes.get('PolizaMalaPraxis')!.contenido;
      const r = await admin.get(url(enviada.numero));
      expect(r.statusCode, r.body).toBe(200);
      const zip = await leerZip(r.rawPayload);
      const datos = datosDe(zip);
      const s = datos.solicitudes[0]!;
      const n = enviada.numero;

      expect(s.comprobantes.map((c) => [c.version, c.archivo])).toEqual([
        [1, `comprobantes/${n}-version-1.pdf`],
        [2, `comprobantes/${n}-version-2.pdf`],
      ]);
      const polizaDe = (v: number) =>
        s.comprobantes[v - 1]!.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!;
      expect(polizaDe(1).sha256).toBe(sha256(vieja));
      expect(polizaDe(2).sha256).toBe(sha256(nueva));
      expect(s.comprobantes[0]!.reemplazados).toEqual([]);
      const etiqueta = DOCUMENTOS.find((d) => d.key === 'PolizaMalaPraxis')!.label;
      expect(s.comprobantes[1]!.reemplazados).toEqual([
        {
          clave: 'PolizaMalaPraxis',
          label: etiqueta,
          bytes: vieja.length,
          sha256: sha256(vieja),
          en: expect.any(String) as string,
          version: 2,
        },
      ]);
      for (const v of [1, 2]) {
        const pdf = await leerPdf(zip.get(`comprobantes/${n}-version-${v}.pdf`)!.bytes);
        expect(pdf.texto).toContain(TEXTOS_VERSIONES.titulo(v));
        expect(pdf.texto).toContain(`SHA-256 ${sha256(v === 1 ? vieja : nueva)}`);
      }
      expect((await leerPdf(zip.get(`comprobantes/${n}-version-2.pdf`)!.bytes)).texto).toContain(
        TEXTOS_VERSIONES.documentosReemplazados,
      );

      // The replaced file, as received, apart from the current documents and the unsent uploads.
      expect(s.documentosReemplazados).toEqual([
        expect.objectContaining({
          clave: 'PolizaMalaPraxis',
          sha256: sha256(vieja),
          version: 2,
          reemplazadoEn: s.comprobantes[1]!.reemplazados[0]!.en,
          archivo: `documentos-reemplazados/${n}/version-2-PolizaMalaPraxis.pdf`,
        }),
      ]);
      expect(zip.get(s.documentosReemplazados[0]!.archivo)!.bytes.equals(vieja)).toBe(true);
      expect(s.documentosNoVigentes).toEqual([]);
      documentosEnviados(zip, datos, {
        numero: n,
        partes: new Map(enviada.partes).set('PolizaMalaPraxis', {
          nombre: 'PolizaMalaPraxis.pdf',
          contenido: nueva,
        }),
      });
      expect(s.historial.at(-1)).toMatchObject({ hacia: 'corregida', documentos: ['PolizaMalaPraxis'] });

      const resumen = (await leerPdf(zip.get('resumen.pdf')!.bytes)).texto;
      expect(resumen).toContain('Versiones del comprobante');
      expect(resumen).toContain('Documentos reemplazados por una corrección');
      expect(resumen).toContain(sha256(vieja));
      expect(resumen).toContain(`Reemplazó: ${etiqueta}`);
    });
  },
  ENTORNO_EXPORTACION,
);
