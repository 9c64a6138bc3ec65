// GET …/documentos/:clave/ver and …/descargar (producto §9): the stored bytes exactly, with the
// stored type (never the name's), nosniff, a sandbox on inline views, a safe file name, and the
// audit row of every view or download. After a correction, …/anterior serves the file it replaced
// the same way, audited as ver_version_anterior (producto §14).
import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { DOCUMENTOS_REQUERIDOS, TEXTOS_GESTION, type DetalleSolicitud } from '../../domain/index.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import * as archivos from './ayuda/archivos.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { corregirSolicitud } from './ayuda/correccion.js';
import { ENTORNO_GESTION, enviarSolicitud, type Enviada } from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';
import { EXTENSIONES_ESPERADAS } from './ayuda/solicitud.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

conCadaBase(
  'gestión: documentos de una solicitud',
  (ctx) => {
    let revisor: Navegador;
    let enviada: Enviada;
    let base: string;

    const nombreEnLaBase = async (clave: string, nombre: string) => {
      const documento = ctx.db
        .selectFrom('documentos')
        .innerJoin('solicitud_documentos as sd', 'sd.documento_id', 'documentos.id')
        .innerJoin('solicitudes as s', 's.id', 'sd.solicitud_id')
        .select('documentos.id')
        .where('s.numero', '=', enviada.numero)
        .where('documentos.clave', '=', clave);
      await ctx.db
        .updateTable('solicitud_documentos')
        .set({ nombre })
        .where('documento_id', 'in', documento)
        .execute();
    };

    beforeAll(async () => {
      revisor = await ingresarComo(ctx, 'revisora', 'revisor');
      enviada = await enviarSolicitud(ctx);
      base = `/api/gestion/solicitudes/${enviada.numero}/documentos`;
    });

    it('descarga cada documento de una solicitud real con los bytes exactos que se subieron', async () => {
      const detalle = (
        await revisor.get(`/api/gestion/solicitudes/${enviada.numero}`)
      ).json<DetalleSolicitud>();
      expect(detalle.documentos.map((d) => d.clave).sort()).toEqual([...DOCUMENTOS_REQUERIDOS].sort());
      for (const documento of detalle.documentos) {
        const subido = enviada.partes.get(documento.clave)!.contenido;
        for (const modo of ['descargar', 'ver'] as const) {
          const r = await revisor.get(`${base}/${documento.clave}/${modo}`);
          expect(r.statusCode, `${documento.clave} ${modo}`).toBe(200);
          expect(sha256(r.rawPayload)).toBe(sha256(subido));
          expect(sha256(r.rawPayload)).toBe(documento.sha256);
          expect(r.headers['content-type']).toBe(documento.mime);
          expect(r.headers['content-length']).toBe(String(subido.length));
          expect(r.headers['x-content-type-options']).toBe('nosniff');
          expect(r.headers['cache-control']).toBe('no-store');
          const nombre = `${documento.clave}.${EXTENSIONES_ESPERADAS[documento.clave]}`;
          const tipo = modo === 'ver' ? 'inline' : 'attachment';
          expect(r.headers['content-disposition']).toBe(
            `${tipo}; filename="${nombre}"; filename*=UTF-8''${nombre}`,
          );
          if (modo === 'ver') expect(r.headers['content-security-policy']).toBe('sandbox');
          else expect(r.headers['content-security-policy']).not.toContain('sandbox');
        }
      }
    });

    it('audita cada vista y descarga con número/clave, antes de mandar los bytes', async () => {
      const filas = await auditoriaDe(ctx.db, async () => {
        await revisor.get(`${base}/TituloMedico/ver`);
        await revisor.get(`${base}/DniAnverso/descargar`);
      });
      expect(filas).toEqual([
        expect.objectContaining({
          usuario: 'revisora',
          accion: 'ver_documento',
          objeto: `${enviada.numero}/TituloMedico`,
          detalle: null,
        }),
        expect.objectContaining({
          usuario: 'revisora',
          accion: 'descargar_documento',
          objeto: `${enviada.numero}/DniAnverso`,
          detalle: null,
        }),
      ]);
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    });

    it('el tipo sale de lo guardado aunque el nombre diga otra cosa', async () => {
      await nombreEnLaBase('TituloMedico', 'TituloMedico.html');
      const r = await revisor.get(`${base}/TituloMedico/ver`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('application/msword');
      expect(r.headers['content-security-policy']).toBe('sandbox');
      expect(r.headers['content-disposition']).toBe(
        `inline; filename="TituloMedico.html"; filename*=UTF-8''TituloMedico.html`,
      );
    });

    it('un nombre con caracteres fuera de ASCII o comillas va seguro en Content-Disposition', async () => {
      await nombreEnLaBase('PolizaMalaPraxis', 'Póliza "mala" praxis;\r\n.pdf');
      const r = await revisor.get(`${base}/PolizaMalaPraxis/descargar`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-disposition']).toBe(
        `attachment; filename="P_liza__mala__praxis___.pdf"; filename*=UTF-8''P%C3%B3liza%20%22mala%22%20praxis%3B%0D%0A.pdf`,
      );
      await nombreEnLaBase('PolizaMalaPraxis', 'PolizaMalaPraxis.pdf');
    });

    it('404 para una clave desconocida, un documento que la solicitud no tiene o una solicitud inexistente; sin auditoría', async () => {
      const filas = await auditoriaDe(ctx.db, async () => {
        for (const clave of ['Inexistente', 'RegistroNacionalPrestadores', 'tituloMedico', '..%2F..%2Fetc']) {
          for (const modo of ['ver', 'descargar']) {
            const r = await revisor.get(`${base}/${clave}/${modo}`);
            expect(r.statusCode, `${clave} ${modo}`).toBe(404);
            expect(r.json()).toEqual({
              error: 'NO_ENCONTRADO',
              message: TEXTOS_GESTION.documentoInexistente,
            });
          }
        }
        const r = await revisor.get('/api/gestion/solicitudes/AMR-000000/documentos/TituloMedico/ver');
        expect(r.statusCode).toBe(404);
        expect(r.json().message).toBe(TEXTOS_GESTION.solicitudInexistente);
      });
      expect(filas).toEqual([]);
    });

    it('un pedido HEAD no existe: no audita una vista que nadie recibió', async () => {
      const filas = await auditoriaDe(ctx.db, async () => {
        const r: LightMyRequestResponse = await ctx.app.inject({
          method: 'HEAD',
          url: `${base}/TituloMedico/ver`,
          headers: { cookie: [...revisor.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        expect(r.statusCode).toBe(404);
      });
      expect(filas).toEqual([]);
    });

    it('si el archivo falta en el almacén responde 500, sin nombre de descarga ni auditoría', async () => {
      const documento = await ctx.db
        .selectFrom('documentos')
        .innerJoin('solicitud_documentos as sd', 'sd.documento_id', 'documentos.id')
        .innerJoin('solicitudes as s', 's.id', 'sd.solicitud_id')
        .select('documentos.archivo')
        .where('s.numero', '=', enviada.numero)
        .where('documentos.clave', '=', 'ConstanciaInscripcionAFIP')
        .executeTakeFirstOrThrow();
      // Removed behind the row's back, in whichever store holds it (disk, or PostgreSQL there).
      await ctx.app.documentos.eliminar(documento.archivo);
      const filas = await auditoriaDe(ctx.db, async () => {
        const r = await revisor.get(`${base}/ConstanciaInscripcionAFIP/descargar`);
        expect(r.statusCode).toBe(500);
        expect(r.json()).toMatchObject({ error: 'ERROR_INTERNO' });
        expect(r.headers['content-disposition']).toBeUndefined();
      });
      expect(filas).toEqual([]);
    });

    it('un documento de varios MiB llega entero (se transmite en trozos)', async () => {
      const grande = archivos.jpegConMetadatos(3 * 1024 * 1024 + 17);
      const otra = await enviarSolicitud(
        ctx,
        {},
        { DniAnverso: { nombre: 'DniAnverso.jpg', contenido: grande } },
      );
      const r = await revisor.get(`/api/gestion/solicitudes/${otra.numero}/documentos/DniAnverso/descargar`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-length']).toBe(String(grande.length));
      expect(r.rawPayload.length).toBe(grande.length);
      expect(sha256(r.rawPayload)).toBe(sha256(grande));
    });

    it('tras una corrección: el detalle dice qué reemplazó y cuándo, y …/anterior muestra el archivo anterior', async () => {
      const corregida = await enviarSolicitud(ctx);
      const nueva = archivos.pdfConTexto('Póliza renovada');
      const antes = Date.now();
      await corregirSolicitud(ctx, corregida.numero, {
        PolizaMalaPraxis: { nombre: 'PolizaMalaPraxis.pdf', contenido: nueva },
      });
      const detalle = (
        await revisor.get(`/api/gestion/solicitudes/${corregida.numero}`)
      ).json<DetalleSolicitud>();
      const poliza = detalle.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!;
      expect(poliza.sha256).toBe(sha256(nueva));
      expect(poliza.reemplazo).toMatchObject({ version: 2 });
      expect(Date.parse(poliza.reemplazo!.en)).toBeGreaterThanOrEqual(antes - 1000);
      expect(detalle.documentos.filter((d) => d.reemplazo !== null).map((d) => d.clave)).toEqual([
        'PolizaMalaPraxis',
      ]);
      // Historial: the correction's row names what it replaced.
      expect(detalle.historial.at(-1)).toMatchObject({
        desde: 'observada',
        hacia: 'corregida',
        documentos: ['PolizaMalaPraxis'],
      });

      const anterior = `/api/gestion/solicitudes/${corregida.numero}/documentos/PolizaMalaPraxis/anterior`;
      let r!: LightMyRequestResponse;
      const filas = await auditoriaDe(ctx.db, async () => {
        r = await revisor.get(anterior);
      });
      const vieja = corregida.partes.get('PolizaMalaPraxis')!.contenido;
      expect(r.statusCode, r.body).toBe(200);
      expect(sha256(r.rawPayload)).toBe(sha256(vieja));
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(r.headers['content-length']).toBe(String(vieja.length));
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['content-security-policy']).toBe('sandbox');
      expect(r.headers['cache-control']).toBe('no-store');
      const nombre = `PolizaMalaPraxis.${EXTENSIONES_ESPERADAS.PolizaMalaPraxis}`;
      expect(r.headers['content-disposition']).toBe(`inline; filename="${nombre}"; filename*=UTF-8''${nombre}`);
      expect(filas).toEqual([
        expect.objectContaining({
          usuario: 'revisora',
          accion: 'ver_version_anterior',
          objeto: `${corregida.numero}/PolizaMalaPraxis`,
          detalle: null,
        }),
      ]);
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });

      // The current one is still served as before.
      expect(sha256((await revisor.get(`${anterior.replace(/anterior$/, 'ver')}`)).rawPayload)).toBe(sha256(nueva));
    });

    it('…/anterior: 404 para un documento que no reemplazó a otro, uno que no tiene o una solicitud inexistente; sin auditoría', async () => {
      const filas = await auditoriaDe(ctx.db, async () => {
        const sinReemplazo = await revisor.get(`${base}/TituloMedico/anterior`);
        expect(sinReemplazo.statusCode).toBe(404);
        expect(sinReemplazo.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_GESTION.sinVersionAnterior });
        const ajeno = await revisor.get(`${base}/RegistroNacionalPrestadores/anterior`);
        expect(ajeno.statusCode).toBe(404);
        expect(ajeno.json().message).toBe(TEXTOS_GESTION.documentoInexistente);
        const nadie = await revisor.get('/api/gestion/solicitudes/AMR-000000/documentos/TituloMedico/anterior');
        expect(nadie.statusCode).toBe(404);
        expect(nadie.json().message).toBe(TEXTOS_GESTION.solicitudInexistente);
      });
      expect(filas).toEqual([]);
      const detalle = (await revisor.get(`/api/gestion/solicitudes/${enviada.numero}`)).json<DetalleSolicitud>();
      expect(detalle.documentos.every((d) => d.reemplazo === null)).toBe(true);
    });
  },
  ENTORNO_GESTION,
);
