// The correction page's rows (producto §14) through the API, on both engines: "Quitar <label>"
// (DELETE /api/v2/correcciones/:token/archivos/:clave) takes an uploaded replacement off the
// correction's draft and the store, and "Ver el documento observado"
// (GET /api/v2/correcciones/:token/documentos/:clave) serves the applicant's own earlier file,
// inline with its stored type, uncached and unsniffed — both with the link's 404/410 rules and
// only for observed documents.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEXTOS_SEGUIMIENTO, type CorreccionPendiente } from '../../domain/index.js';
import { hashDeToken } from '../../server/solicitud/tokens.js';
import * as archivos from './ayuda/archivos.js';
import { multipart, type Navegador, type Parte } from './ayuda/cliente.js';
import { conCadaBase } from './ayuda/contexto.js';
import { ENTORNO_GESTION, enviarSolicitud, idDeSolicitud } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

conCadaBase(
  'correcciones: quitar un reemplazo y ver el documento observado',
  (ctx) => {
    let revisor: Navegador;
    beforeAll(async () => {
      revisor = await ingresarComo(ctx, 'revisora', 'revisor');
    });

    /** Staff observe `numero`; answers the raw token of the link queued in the e-mail. */
    const observar = async (numero: string, documentos: string[]) => {
      for (const [desde, hacia, extra] of [
        ['recibida', 'en_revision', {}],
        ['en_revision', 'observada', { motivo: 'No se lee.', documentos }],
      ] as const) {
        const r = await revisor.post(`/api/gestion/solicitudes/${numero}/estado`, { desde, hacia, ...extra });
        expect(r.statusCode, r.body).toBe(200);
      }
      const fila = await ctx.db
        .selectFrom('correos')
        .select('datos')
        .where('tipo', '=', 'observada')
        .where('solicitud_id', '=', await idDeSolicitud(ctx, numero))
        .executeTakeFirstOrThrow();
      return (JSON.parse(fila.datos) as { token: string }).token;
    };
    const subir = (nav: Navegador, token: string, partes: Parte[]) => {
      const { cuerpo, contentType } = multipart(partes);
      return nav.enviarCrudo(`/api/v2/correcciones/${token}/archivos`, cuerpo, contentType);
    };
    const borradorDe = async (token: string) =>
      (
        await ctx.db
          .selectFrom('correcciones')
          .select('borrador_id')
          .where('token_hash', '=', hashDeToken(token))
          .executeTakeFirstOrThrow()
      ).borrador_id;
    const enElAlmacen = async (archivo: string) => {
      try {
        for await (const _ of ctx.app.documentos.abrir(archivo)) return true;
        return true;
      } catch {
        return false;
      }
    };

    describe('un enlace con DNI y póliza observados', () => {
      let numero: string;
      let token: string;
      let partes: Map<string, Parte>;
      let nav: Navegador;

      beforeAll(async () => {
        ({ numero, partes } = await enviarSolicitud(ctx));
        token = await observar(numero, ['DniAnverso', 'PolizaMalaPraxis']);
        nav = await ctx.navegador().abrir();
      });

      it('"Ver el documento observado": the applicant’s own file, inline, its stored type, not cached or sniffed', async () => {
        const r = await nav.get(`/api/v2/correcciones/${token}/documentos/DniAnverso`);
        expect(r.statusCode, r.body).toBe(200);
        expect(sha(r.rawPayload)).toBe(sha(partes.get('DniAnverso')!.contenido));
        const { mime } = await ctx.db
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
          .select('d.mime')
          .where('sd.solicitud_id', '=', await idDeSolicitud(ctx, numero))
          .where('d.clave', '=', 'DniAnverso')
          .executeTakeFirstOrThrow();
        expect(r.headers['content-type']).toBe(mime);
        expect(r.headers['content-disposition']).toMatch(/^inline; filename="DniAnverso\.\w+"$/);
        expect(r.headers['cache-control']).toBe('no-store');
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(r.headers['content-security-policy']).toBe('sandbox');
        expect(r.headers['x-robots-tag']).toContain('noindex');
      });

      it('the page’s data names that file for each observed document', async () => {
        const c = (await nav.get(`/api/v2/correcciones/${token}`)).json<CorreccionPendiente>();
        const dni = c.documentos.find((d) => d.clave === 'DniAnverso')!;
        expect(dni.observado).toEqual({
          nombre: expect.stringMatching(/^DniAnverso\./),
          bytes: partes.get('DniAnverso')!.contenido.length,
        });
      });

      it('a document that was not observed, or an unknown link, is a 404 with a message', async () => {
        const otra = await nav.get(`/api/v2/correcciones/${token}/documentos/TituloMedico`);
        expect(otra.statusCode).toBe(404);
        expect(otra.json()).toMatchObject({ message: TEXTOS_SEGUIMIENTO.documentoNoObservado });
        expect((await nav.get(`/api/v2/correcciones/${token}/documentos/Nada`)).statusCode).toBe(404);
        const falso = await nav.get(`/api/v2/correcciones/${'B'.repeat(43)}/documentos/DniAnverso`);
        expect(falso.statusCode).toBe(404);
        expect(falso.json()).toMatchObject({ message: TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido });
        expect((await nav.delete(`/api/v2/correcciones/${token}/archivos/TituloMedico`)).statusCode).toBe(404);
        expect((await nav.delete(`/api/v2/correcciones/${'B'.repeat(43)}/archivos/DniAnverso`)).statusCode).toBe(404);
      });

      it('"Quitar": the replacement leaves the draft and the store; the others stay; twice is harmless', async () => {
        const r = await subir(nav, token, [
          { nombre: 'DniAnverso.png', contenido: archivos.png() },
          { nombre: 'PolizaMalaPraxis.pdf', contenido: archivos.pdf() },
        ]);
        expect(r.statusCode, r.body).toBe(200);
        const borrador = await borradorDe(token);
        const antes = await ctx.db
          .selectFrom('documentos')
          .select(['clave', 'archivo'])
          .where('borrador_id', '=', borrador)
          .execute();
        const archivoDni = antes.find((d) => d.clave === 'DniAnverso')!.archivo;
        expect(await enElAlmacen(archivoDni)).toBe(true);

        const q = await nav.delete(`/api/v2/correcciones/${token}/archivos/DniAnverso`);
        expect(q.statusCode, q.body).toBe(200);
        expect(q.headers['cache-control']).toBe('no-store');
        const c = q.json<CorreccionPendiente>();
        expect(c.documentos.map((d) => [d.clave, d.reemplazo?.nombre ?? null])).toEqual([
          ['DniAnverso', null],
          ['PolizaMalaPraxis', 'PolizaMalaPraxis.pdf'],
        ]);
        const despues = await ctx.db.selectFrom('documentos').select('clave').where('borrador_id', '=', borrador).execute();
        expect(despues.map((d) => d.clave)).toEqual(['PolizaMalaPraxis']);
        expect(await enElAlmacen(archivoDni)).toBe(false);
        // The observed file is untouched: "Ver el documento observado" still serves it.
        const ver = await nav.get(`/api/v2/correcciones/${token}/documentos/DniAnverso`);
        expect(sha(ver.rawPayload)).toBe(sha(partes.get('DniAnverso')!.contenido));

        const otra = await nav.delete(`/api/v2/correcciones/${token}/archivos/DniAnverso`);
        expect(otra.statusCode).toBe(200);
        expect(otra.json()).toEqual(c);
        // Sending now misses the removed one.
        const envio = await nav.post(`/api/v2/correcciones/${token}/enviar`, {});
        expect(envio.statusCode).toBe(400);
        expect(Object.keys(envio.json<{ fields: object }>().fields)).toEqual(['DniAnverso']);
      });

      it('without the anti-forgery header "Quitar" is refused and removes nothing', async () => {
        const r = await ctx.app.inject({ method: 'DELETE', url: `/api/v2/correcciones/${token}/archivos/PolizaMalaPraxis` });
        expect(r.statusCode).toBe(403);
        const c = (await nav.get(`/api/v2/correcciones/${token}`)).json<CorreccionPendiente>();
        expect(c.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!.reemplazo).not.toBeNull();
      });

      it('once sent, both answer 410 and the sent replacement stays', async () => {
        expect((await subir(nav, token, [{ nombre: 'DniAnverso.gif', contenido: archivos.gif() }])).statusCode).toBe(200);
        expect((await nav.post(`/api/v2/correcciones/${token}/enviar`, {})).statusCode).toBe(200);
        const ver = await nav.get(`/api/v2/correcciones/${token}/documentos/DniAnverso`);
        expect(ver.statusCode).toBe(410);
        expect(ver.json()).toMatchObject({ message: TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido });
        const quitar = await nav.delete(`/api/v2/correcciones/${token}/archivos/DniAnverso`);
        expect(quitar.statusCode).toBe(410);
        const detalle = await revisor.get(`/api/gestion/solicitudes/${numero}/documentos/DniAnverso/descargar`);
        expect(sha(detalle.rawPayload)).toBe(sha(archivos.gif()));
      });
    });

    it('an expired link is a 410 for both', async () => {
      const { numero } = await enviarSolicitud(ctx);
      const token = await observar(numero, ['TituloMedico']);
      const nav = await ctx.navegador().abrir();
      await ctx.db
        .updateTable('correcciones')
        .set({ vence_ms: Date.now() - 1 })
        .where('token_hash', '=', hashDeToken(token))
        .execute();
      expect((await nav.get(`/api/v2/correcciones/${token}/documentos/TituloMedico`)).statusCode).toBe(410);
      expect((await nav.delete(`/api/v2/correcciones/${token}/archivos/TituloMedico`)).statusCode).toBe(410);
    });

    it('reading observed documents is rate-limited per client, like the link', async () => {
      const { numero } = await enviarSolicitud(ctx);
      const token = await observar(numero, ['TituloMedico']);
      const nav = await ctx.navegador().abrir();
      const codigos: number[] = [];
      for (let i = 0; i < ctx.app.config.writeMaxPerHour + 1; i++) {
        codigos.push((await nav.get(`/api/v2/correcciones/${token}/documentos/TituloMedico`)).statusCode);
      }
      // The budget is the link's readings (CLAVES.correcciones), shared with the page's data.
      expect(codigos[0]).toBe(200);
      expect(codigos.at(-1)).toBe(429);
      expect((await nav.get(`/api/v2/correcciones/${token}`)).statusCode).toBe(429);
    });
  },
  { ...ENTORNO_GESTION, MAIL_POLL_SECONDS: '0', WRITE_MAX_PER_HOUR: '40' },
);
