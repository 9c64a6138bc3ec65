// GET …/documentos/:clave/ver and …/descargar (producto §9): the stored bytes exactly, with the
// stored type (never the name's), nosniff, a sandbox on inline views, the name
// `<numero>-<clave>.<ext>` (producto §15), and the audit row of every view or download. After a
// correction, …/anterior serves the file it replaced the same way, audited as ver_version_anterior
// (producto §14). …/documentos.zip ("Descargar todo (ZIP)", producto §15): every current document
// under that name, unzipped here, one audit row listing them, streamed from the store.
import { createHash } from 'node:crypto';
import { Transform, pipeline } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { DOCUMENTOS_REQUERIDOS, TEXTOS_GESTION, type DetalleSolicitud } from '../../domain/index.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { abrirDocumentos, zipDeDocumentos } from '../../server/gestion/documentos-zip.js';
import { documentosDeSolicitud } from '../../server/gestion/expediente.js';
import * as archivos from './ayuda/archivos.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { corregirSolicitud } from './ayuda/correccion.js';
import { leerZip } from './ayuda/exportacion.js';
import {
  ENTORNO_GESTION,
  enviarSolicitud,
  idDeSolicitud,
  type Enviada,
} from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';
import { EXTENSIONES_ESPERADAS } from './ayuda/solicitud.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MIB = 1024 * 1024;
/** The name a document is viewed or downloaded under (producto §15). */
const nombreDe = (numero: string, clave: string) => `${numero}-${clave}.${EXTENSIONES_ESPERADAS[clave]}`;
const disposicion = (tipo: string, nombre: string) =>
  `${tipo}; filename="${nombre}"; filename*=UTF-8''${nombre}`;
const urlZip = (numero: string) => `/api/gestion/solicitudes/${numero}/documentos.zip`;

/** Counts what the app's store hands out: bytes read from it and the files open now. */
function contarLecturas(ctx: Contexto) {
  const almacen = ctx.app.documentos;
  const abrir = almacen.abrir.bind(almacen);
  const cuenta = { leidos: 0, abiertos: 0, aperturas: 0 };
  almacen.abrir = (nombre: string) => {
    cuenta.abiertos++;
    cuenta.aperturas++;
    const contador = new Transform({
      transform(trozo: Buffer, _codificacion, listo) {
        cuenta.leidos += trozo.length;
        listo(null, trozo);
      },
    });
    contador.once('close', () => cuenta.abiertos--);
    return pipeline(abrir(nombre), contador, () => {});
  };
  return { cuenta, restaurar: () => (almacen.abrir = abrir) };
}

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
          const tipo = modo === 'ver' ? 'inline' : 'attachment';
          expect(r.headers['content-disposition']).toBe(
            disposicion(tipo, nombreDe(enviada.numero, documento.clave)),
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

    it('el tipo y el nombre salen de lo guardado aunque el nombre del archivo diga otra cosa', async () => {
      await nombreEnLaBase('TituloMedico', 'Título "médico";\r\n.html');
      for (const modo of ['ver', 'descargar'] as const) {
        const r = await revisor.get(`${base}/TituloMedico/${modo}`);
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-type']).toBe('application/msword');
        const tipo = modo === 'ver' ? 'inline' : 'attachment';
        expect(r.headers['content-disposition']).toBe(
          disposicion(tipo, `${enviada.numero}-TituloMedico.doc`),
        );
      }
      expect((await revisor.get(`${base}/TituloMedico/ver`)).headers['content-security-policy']).toBe(
        'sandbox',
      );
      const zip = await leerZip((await revisor.get(urlZip(enviada.numero))).rawPayload);
      expect(zip.has(`${enviada.numero}-TituloMedico.doc`)).toBe(true);
      await nombreEnLaBase('TituloMedico', 'TituloMedico.doc');
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
      expect(r.headers['content-disposition']).toBe(
        disposicion('inline', nombreDe(corregida.numero, 'PolizaMalaPraxis')),
      );
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

    it('"Descargar todo (ZIP)": cada documento vigente con su nombre y sus bytes, y una sola fila de auditoría que los lista', async () => {
      const otra = await enviarSolicitud(ctx);
      // A correction: the ZIP carries the new file, not the one it replaced.
      const nueva = archivos.pdfConTexto('Póliza renovada');
      await corregirSolicitud(ctx, otra.numero, {
        PolizaMalaPraxis: { nombre: 'PolizaMalaPraxis.pdf', contenido: nueva },
      });
      let r!: LightMyRequestResponse;
      const filas = await auditoriaDe(ctx.db, async () => {
        r = await revisor.get(urlZip(otra.numero));
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toBe('application/zip');
      expect(r.headers['content-disposition']).toBe(
        disposicion('attachment', `${otra.numero}-documentos.zip`),
      );
      expect(r.headers['content-length']).toBe(String(r.rawPayload.length));
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['cache-control']).toBe('no-store');

      const zip = await leerZip(r.rawPayload);
      // In the order of producto §4, each stored as it is (method 0: PDF and images do not shrink).
      expect([...zip.keys()]).toEqual(DOCUMENTOS_REQUERIDOS.map((clave) => nombreDe(otra.numero, clave)));
      for (const clave of DOCUMENTOS_REQUERIDOS) {
        const entrada = zip.get(nombreDe(otra.numero, clave))!;
        const esperado = clave === 'PolizaMalaPraxis' ? nueva : otra.partes.get(clave)!.contenido;
        expect(sha256(entrada.bytes), clave).toBe(sha256(esperado));
        expect(entrada.metodo).toBe(0);
      }
      expect(filas).toEqual([
        expect.objectContaining({
          usuario: 'revisora',
          accion: 'descargar_documentos',
          objeto: otra.numero,
          detalle: { documentos: [...DOCUMENTOS_REQUERIDOS] },
        }),
      ]);
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    });

    it('ZIP: 401 sin sesión, 404 sin solicitud o sin documentos, sin HEAD; nada se audita', async () => {
      const vacia = await enviarSolicitud(ctx);
      await ctx.db
        .deleteFrom('solicitud_documentos')
        .where('solicitud_id', '=', await idDeSolicitud(ctx, vacia.numero))
        .execute();
      const filas = await auditoriaDe(ctx.db, async () => {
        const anonimo = await ctx.navegador().abrir();
        const sinSesion = await anonimo.get(urlZip(enviada.numero));
        expect(sinSesion.statusCode).toBe(401);
        expect(sinSesion.json()).toEqual({ error: 'SIN_SESION', message: TEXTOS_GESTION.sinSesion });
        const nadie = await revisor.get(urlZip('AMR-000000'));
        expect(nadie.statusCode).toBe(404);
        expect(nadie.json()).toEqual({
          error: 'NO_ENCONTRADO',
          message: TEXTOS_GESTION.solicitudInexistente,
        });
        const sinDocumentos = await revisor.get(urlZip(vacia.numero));
        expect(sinDocumentos.statusCode).toBe(404);
        expect(sinDocumentos.json()).toEqual({
          error: 'NO_ENCONTRADO',
          message: TEXTOS_GESTION.sinDocumentos,
        });
        const head = await ctx.app.inject({
          method: 'HEAD',
          url: urlZip(enviada.numero),
          headers: { cookie: [...revisor.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        expect(head.statusCode).toBe(404);
      });
      expect(filas).toEqual([]);
    });

    it('ZIP: si falta un archivo en el almacén responde 500 antes de auditar, y cierra los que abrió', async () => {
      const otra = await enviarSolicitud(ctx);
      const { archivo } = await ctx.db
        .selectFrom('documentos')
        .innerJoin('solicitud_documentos as sd', 'sd.documento_id', 'documentos.id')
        .select('documentos.archivo')
        .where('sd.solicitud_id', '=', await idDeSolicitud(ctx, otra.numero))
        .where('documentos.clave', '=', 'TituloMedico')
        .executeTakeFirstOrThrow();
      await ctx.app.documentos.eliminar(archivo);
      const { cuenta, restaurar } = contarLecturas(ctx);
      try {
        const filas = await auditoriaDe(ctx.db, async () => {
          const r = await revisor.get(urlZip(otra.numero));
          expect(r.statusCode).toBe(500);
          expect(r.json()).toMatchObject({ error: 'ERROR_INTERNO' });
          expect(r.headers['content-disposition']).toBeUndefined();
        });
        expect(filas).toEqual([]);
        expect(cuenta.aperturas).toBe(DOCUMENTOS_REQUERIDOS.length);
        await expect.poll(() => cuenta.abiertos).toBe(0);
      } finally {
        restaurar();
      }
    });

    it('ZIP: un documento que no da su tamaño registrado corta la descarga, nunca un ZIP más corto que parezca entero', async () => {
      const otra = await enviarSolicitud(ctx);
      const solicitudId = await idDeSolicitud(ctx, otra.numero);
      const ids = ctx.db
        .selectFrom('solicitud_documentos')
        .select('documento_id')
        .where('solicitud_id', '=', solicitudId);
      await ctx.db
        .updateTable('documentos')
        .set((eb) => ({ bytes: eb('bytes', '+', 1) }))
        .where('clave', '=', 'PolizaMalaPraxis')
        .where('id', 'in', ids)
        .execute();
      const r = await revisor.get(urlZip(otra.numero)).catch((error: Error) => error);
      if (r instanceof Error) {
        // Mid-way: the connection is destroyed (the browser reports a failed download).
        expect(r.message).toMatch(/destroyed/);
      } else {
        // Before the answer started (the documents before it fit in the ZIP's buffers): a plain 500.
        expect(r.statusCode).toBe(500);
        expect(r.json()).toMatchObject({ error: 'ERROR_INTERNO' });
        expect(r.headers['content-disposition']).toBeUndefined();
      }
    });

    it('ZIP: el almacén no se lee muy por delante de quien descarga, y quien se va cierra todo', async () => {
      const grandes = Object.fromEntries(
        ['DniAnverso', 'HabilitacionConsultorioExtension', 'PolizaMalaPraxis'].map((clave, i) => [
          clave,
          { nombre: `${clave}.jpg`, contenido: archivos.jpegConMetadatos(7 * MIB + i) },
        ]),
      );
      const otra = await enviarSolicitud(ctx, {}, grandes);
      const total = [...otra.partes.values()].reduce((n, p) => n + p.contenido.length, 0);
      const lecturas = contarLecturas(ctx);
      const partes: Buffer[] = [];
      let adelanto = 0;
      let r!: LightMyRequestResponse;
      try {
        r = await ctx.app.inject({
          method: 'GET',
          url: urlZip(otra.numero),
          headers: { cookie: [...revisor.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
          payloadAsStream: true,
        });
        expect(r.statusCode).toBe(200);
        // A slow reader: the store gets a turn after each piece, and half a second at two points.
        const pausas = [MIB, 12 * MIB];
        let entregados = 0;
        for await (const trozo of r.stream()) {
          partes.push(trozo as Buffer);
          entregados += (trozo as Buffer).length;
          const pausa = pausas[0] !== undefined && entregados >= pausas[0];
          if (pausa) pausas.shift();
          await new Promise((listo) => (pausa ? setTimeout(listo, 500) : setImmediate(listo)));
          adelanto = Math.max(adelanto, lecturas.cuenta.leidos - entregados);
        }
      } finally {
        lecturas.restaurar();
      }
      expect(lecturas.cuenta.leidos).toBe(total);
      expect(lecturas.cuenta.abiertos).toBe(0);
      // Each open document's first buffers (a 256 KiB chunk of the PostgreSQL store), not 21 MiB.
      expect(adelanto).toBeLessThan(5 * MIB);
      const descargado = Buffer.concat(partes);
      expect(r.headers['content-length']).toBe(String(descargado.length));
      const zip = await leerZip(descargado);
      for (const [clave, parte] of Object.entries(grandes))
        expect(sha256(zip.get(`${otra.numero}-${clave}.jpg`)!.bytes), clave).toBe(sha256(parte.contenido));

      // A reader that goes away mid-way (Fastify destroys the stream): every document is closed.
      const corte = contarLecturas(ctx);
      try {
        const documentos = await documentosDeSolicitud(ctx.db, otra.numero);
        const { flujo } = zipDeDocumentos(documentos, await abrirDocumentos(ctx.app.documentos, documentos));
        let recibidos = 0;
        for await (const trozo of flujo) {
          recibidos += (trozo as Buffer).length;
          if (recibidos > 2 * MIB) break;
        }
        await expect.poll(() => corte.cuenta.abiertos).toBe(0);
        expect(corte.cuenta.aperturas).toBe(DOCUMENTOS_REQUERIDOS.length);
        expect(corte.cuenta.leidos).toBeLessThan(8 * MIB);
      } finally {
        corte.restaurar();
      }
    });
  },
  ENTORNO_GESTION,
);
