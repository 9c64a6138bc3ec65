// The record stays true after a correction (producto §14), through the real routes on both engines:
// sending issues version 1 of the receipt, an accepted correction version 2 with the current
// documents, a section of replaced documents and a QR code of its own verification address; each
// version's address verifies what that paper says (the old one says which version replaced it and
// which documents changed); the sending browser downloads the newest version; "Recibimos tu
// corrección" attaches version 2. Each PDF is read back: its text and its QR code, module by module.
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTOS, TEXTOS_VERSIONES, type Verificacion } from '../../domain/index.js';
import { generarComprobante } from '../../server/comprobante/index.js';
import { ROTULOS_COMPROBANTE } from '../../server/comprobante/dibujo.js';
import { armarMensaje } from '../../server/correo/mensajes.js';
import * as archivos from './ayuda/archivos.js';
import type { Navegador, Parte } from './ayuda/cliente.js';
import { leerPdf } from './ayuda/comprobante.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, idDeSolicitud } from './ayuda/gestion-solicitudes.js';
import { corregirSolicitud } from './ayuda/correccion.js';
import { cuerpoSolicitud, partesRequeridas } from './ayuda/solicitud.js';

const PUBLICA = 'https://prestadores.example.org';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const ETIQUETA_POLIZA = DOCUMENTOS.find((d) => d.key === 'PolizaMalaPraxis')!.label;

/** The QR code's modules of `url`, as leerPdf rebuilds them from the drawing. */
function modulosDe(url: string): number[][] {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, f) =>
    Array.from({ length: modules.size }, (_, c) => (modules.get(f, c) ? 1 : 0)),
  );
}

conCadaBase(
  'versiones del comprobante',
  (ctx) => {
    let nav: Navegador;
    let numero: string;
    let solicitudId: string;
    let partes: Map<string, Parte>;
    let tokens: string[];
    const nuevaPoliza = archivos.pdf();

    beforeAll(async () => {
      nav = ctx.navegador();
      await nav.abrir();
      const lista = partesRequeridas();
      partes = new Map(lista.map((p) => [p.nombre!.split('.')[0]!, p]));
      const subida = await nav.subir(lista);
      expect(subida.statusCode, subida.body).toBe(200);
      const r = await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(subida.json()));
      expect(r.statusCode, r.body).toBe(201);
      numero = r.json<{ numeroSolicitud: string }>().numeroSolicitud;
      solicitudId = await idDeSolicitud(ctx, numero);

      await corregirSolicitud(ctx, numero, {
        PolizaMalaPraxis: { nombre: 'PolizaMalaPraxis.pdf', contenido: nuevaPoliza },
      });

      tokens = (
        await ctx.db
          .selectFrom('comprobantes')
          .select(['version', 'token'])
          .where('solicitud_id', '=', solicitudId)
          .orderBy('version')
          .execute()
      ).map((v) => v.token);
    });

    it('the correction issued version 2, with a token of its own', () => {
      expect(tokens).toHaveLength(2);
      expect(tokens[0]).not.toBe(tokens[1]);
    });

    it('version 1 verifies as replaced by version 2, naming the document that changed', async () => {
      const r = await ctx.app.inject(`/api/v2/verificacion/${tokens[0]}`);
      expect(r.statusCode, r.body).toBe(200);
      const v = r.json<Verificacion>();
      expect(v.version).toBe(1);
      expect(v.reemplazadoPor).toMatchObject({ version: 2 });
      const poliza = v.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!;
      // What paper 1 says, marked as no longer current — never presented as the current hash.
      expect(poliza).toEqual({
        clave: 'PolizaMalaPraxis',
        etiqueta: ETIQUETA_POLIZA,
        sha256: sha256(partes.get('PolizaMalaPraxis')!.contenido),
        reemplazado: true,
      });
      expect(v.documentos.filter((d) => d.reemplazado).map((d) => d.clave)).toEqual(['PolizaMalaPraxis']);
    });

    it('version 2 verifies as current, with the current hashes', async () => {
      const v = (await ctx.app.inject(`/api/v2/verificacion/${tokens[1]}`)).json<Verificacion>();
      expect(v).toMatchObject({ version: 2, reemplazadoPor: null, estado: 'corregida' });
      expect(v.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!.sha256).toBe(sha256(nuevaPoliza));
      expect(v.documentos.every((d) => !d.reemplazado)).toBe(true);
      for (const d of v.documentos.filter((d) => d.clave !== 'PolizaMalaPraxis')) {
        expect(d.sha256).toBe(sha256(partes.get(d.clave)!.contenido));
      }
    });

    it('each version’s PDF lists its documents and carries the QR code of its own address', async () => {
      const viejaPoliza = sha256(partes.get('PolizaMalaPraxis')!.contenido);
      const uno = await leerPdf(await generarComprobante(ctx.db, solicitudId, PUBLICA, 1));
      expect(uno.texto).toContain(TEXTOS_VERSIONES.titulo(1));
      expect(uno.texto).toContain(`SHA-256 ${viejaPoliza}`);
      expect(uno.texto).not.toContain(TEXTOS_VERSIONES.documentosReemplazados);
      expect(uno.texto).toContain(` ${PUBLICA}/verificar/${tokens[0]} `);
      expect(uno.qr).toEqual(modulosDe(`${PUBLICA}/verificar/${tokens[0]}`));

      const dos = await leerPdf(await generarComprobante(ctx.db, solicitudId, PUBLICA, 2));
      expect(dos.texto).toContain(TEXTOS_VERSIONES.titulo(2));
      expect(dos.texto).toContain(`${ETIQUETA_POLIZA} `);
      expect(dos.texto).toContain(`SHA-256 ${sha256(nuevaPoliza)}`);
      expect(dos.texto).toMatch(
        new RegExp(
          `${TEXTOS_VERSIONES.documentosReemplazados} ${ETIQUETA_POLIZA} [0-9/]+ [0-9:]+, ` +
            `${TEXTOS_VERSIONES.porCorreccion} ${ROTULOS_COMPROBANTE.sha256Anterior} ${viejaPoliza}`,
        ),
      );
      expect(dos.texto).toContain(` ${PUBLICA}/verificar/${tokens[1]} `);
      expect(dos.qr).toEqual(modulosDe(`${PUBLICA}/verificar/${tokens[1]}`));
    });

    it('the sending browser downloads the newest version', async () => {
      const r = await nav.get('/api/v2/solicitud/comprobante');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-disposition']).toBe(`attachment; filename="comprobante-${numero}-version-2.pdf"`);
      expect((await leerPdf(r.rawPayload)).qr).toEqual(modulosDe(`${PUBLICA}/verificar/${tokens[1]}`));
    });

    it('"Recibimos tu corrección" attaches version 2 and links its verification', async () => {
      const fila = await ctx.db
        .selectFrom('correos')
        .select(['tipo', 'datos', 'para'])
        .where('tipo', '=', 'correccion_recibida')
        .where('solicitud_id', '=', solicitudId)
        .executeTakeFirstOrThrow();
      const m = (await armarMensaje(ctx.db, fila, { publicUrl: PUBLICA, contacto: null }))!;
      expect(m.asunto).toBe(`Recibimos tu corrección de la solicitud ${numero}`);
      expect(m.texto).toContain(`${PUBLICA}/verificar/${tokens[1]}`);
      expect(m.adjuntos.map((a) => a.nombre)).toEqual([`comprobante-${numero}-version-2.pdf`]);
      const adjunto = await leerPdf(m.adjuntos[0]!.contenido);
      expect(adjunto.texto).toContain(TEXTOS_VERSIONES.titulo(2));
      expect(adjunto.qr).toEqual(modulosDe(`${PUBLICA}/verificar/${tokens[1]}`));
      // The first e-mail still attaches version 1, whenever it is sent.
      const enviada = await ctx.db
        .selectFrom('correos')
        .select(['tipo', 'datos'])
        .where('tipo', '=', 'enviada')
        .where('solicitud_id', '=', solicitudId)
        .executeTakeFirstOrThrow();
      const primero = (await armarMensaje(ctx.db, enviada, { publicUrl: PUBLICA, contacto: null }))!;
      expect(primero.adjuntos.map((a) => a.nombre)).toEqual([`comprobante-${numero}-version-1.pdf`]);
    });

    describe('a second correction', () => {
      it('issues version 3, which lists both replacements in order and leaves 1 and 2 replaced', async () => {
        await corregirSolicitud(ctx, numero, { DniAnverso: { nombre: 'DniAnverso.png', contenido: archivos.png(3, 3) } });

        const tres = await ctx.db
          .selectFrom('comprobantes')
          .select('token')
          .where('solicitud_id', '=', solicitudId)
          .where('version', '=', 3)
          .executeTakeFirstOrThrow();
        const dos = (await ctx.app.inject(`/api/v2/verificacion/${tokens[1]}`)).json<Verificacion>();
        expect(dos.reemplazadoPor).toMatchObject({ version: 3 });
        expect(dos.documentos.filter((d) => d.reemplazado).map((d) => d.clave)).toEqual(['DniAnverso']);
        const uno = (await ctx.app.inject(`/api/v2/verificacion/${tokens[0]}`)).json<Verificacion>();
        expect(uno.reemplazadoPor).toMatchObject({ version: 3 });
        expect(uno.documentos.filter((d) => d.reemplazado).map((d) => d.clave).sort()).toEqual([
          'DniAnverso',
          'PolizaMalaPraxis',
        ]);
        const pdf = await leerPdf(await generarComprobante(ctx.db, solicitudId, PUBLICA, 3));
        const seccion = pdf.texto.slice(pdf.texto.indexOf(TEXTOS_VERSIONES.documentosReemplazados));
        expect(seccion.indexOf(ETIQUETA_POLIZA)).toBeLessThan(seccion.indexOf('Foto DNI (frente)'));
        expect(pdf.qr).toEqual(modulosDe(`${PUBLICA}/verificar/${tres.token}`));
      });
    });
  },
  { ...ENTORNO_GESTION, PUBLIC_URL: PUBLICA },
);
