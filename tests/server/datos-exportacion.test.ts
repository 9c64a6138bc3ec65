// The access export of producto §13, as the person asking for their data gets it:
// GET /api/gestion/datos-personales/:numero/exportacion and `npm run datos-personales -- exportar`.
// Real applications for one DNI (and one of another person) are exported and unzipped with yauzl:
// every document with the SHA-256 of what was sent, datos.json with both applications and nothing
// of the other person, resumen.pdf readable, an audit row without personal values; who may ask and
// what a wrong number answers; a document missing from the store cuts the download. What a
// correction replaced is in tests/server/datos-exportacion-versiones.test.ts, large documents on
// each store in tests/server/datos-exportacion-almacenes.test.ts.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { TEXTOS_DATOS_PERSONALES } from '../../domain/datos-personales.js';
import { TEXTOS_VERSIONES, VERSION_TERMINOS } from '../../domain/index.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import * as archivos from './ayuda/archivos.js';
import type { Navegador } from './ayuda/cliente.js';
import { leerPdf } from './ayuda/comprobante.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import {
  datosDe,
  documentosEnviados,
  ENTORNO_EXPORTACION,
  leerZip,
  OTRA,
  TITULAR,
  url,
} from './ayuda/exportacion.js';
import { enviarSolicitud, type Enviada } from './ayuda/gestion-solicitudes.js';
import { auditoria, auditoriaDe, ingresarComo } from './ayuda/personal.js';
import { comando } from './ayuda/comando.js';

/** Removes one document's bytes from the store, its rows left: a store that lost it. */
async function quitarDelAlmacen(ctx: Contexto, numero: string, clave: string): Promise<void> {
  const { archivo } = await ctx.db
    .selectFrom('solicitudes as s')
    .innerJoin('solicitud_documentos as sd', 'sd.solicitud_id', 's.id')
    .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
    .select('d.archivo')
    .where('s.numero', '=', numero)
    .where('d.clave', '=', clave)
    .executeTakeFirstOrThrow();
  await ctx.app.documentos.eliminar(archivo);
}

/** `npm run -s datos-personales -- <args>` on the test's data. */
const datosPersonales = (ctx: Contexto, args: string[]) => comando('datos-personales', args, ctx.entorno.env);

conCadaBase(
  'datos personales: exportación (acceso)',
  (ctx) => {
    let admin: Navegador;
    let primera: Enviada;
    let segunda: Enviada;
    let ajena: Enviada;

    beforeAll(async () => {
      admin = await ingresarComo(ctx, 'admin.datos', 'administrador');
      primera = await enviarSolicitud(ctx, TITULAR);
      segunda = await enviarSolicitud(
        ctx,
        { ...TITULAR, email: 'otra.direccion@example.com' },
        {
          DniAnverso: { nombre: 'DniAnverso.jpg', contenido: archivos.jpegConMetadatos(300_000) },
        },
      );
      ajena = await enviarSolicitud(ctx, OTRA);
      expect(
        (await admin.post(`/api/gestion/solicitudes/${primera.numero}/notas`, { texto: 'Llamó el titular.' }))
          .statusCode,
      ).toBe(201);
      expect(
        (
          await admin.post(`/api/gestion/solicitudes/${primera.numero}/estado`, {
            desde: 'recibida',
            hacia: 'en_revision',
          })
        ).statusCode,
      ).toBe(200);
    }, 120_000);

    it('un ZIP con datos.json, resumen.pdf y cada documento con el SHA-256 de lo enviado', async () => {
      let r!: Awaited<ReturnType<Navegador['get']>>;
      const filas = await auditoriaDe(ctx.db, async () => {
        r = await admin.get(url(primera.numero));
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toBe('application/zip');
      expect(r.headers['content-disposition']).toBe(
        `attachment; filename="datos-personales-${primera.numero}.zip"`,
      );
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers['x-content-type-options']).toBe('nosniff');

      const zip = await leerZip(r.rawPayload);
      const datos = datosDe(zip);
      expect(datos.dni).toBe(TITULAR.dni);
      expect(datos.apellidoynombre).toBe(TITULAR.apellidoynombre);
      expect(datos.solicitudes.map((s) => s.numero)).toEqual([primera.numero, segunda.numero]);
      documentosEnviados(zip, datos, primera);
      documentosEnviados(zip, datos, segunda);
      const rutas = datos.solicitudes.flatMap((s) => s.documentos.map((d) => d.archivo));
      const comprobantes = [primera, segunda].map((s) => `comprobantes/${s.numero}-version-1.pdf`);
      expect([...zip.keys()]).toEqual(['datos.json', 'resumen.pdf', ...comprobantes, ...rutas]);
      expect(zip.get(comprobantes[0]!)!.metodo).toBe(0);
      const comprobante = await leerPdf(zip.get(comprobantes[0]!)!.bytes);
      expect(comprobante.texto).toContain(TEXTOS_VERSIONES.titulo(1));
      expect(comprobante.texto).toContain(primera.numero);
      // The JSON deflated; the documents stored as they are (.doc excepted).
      expect(zip.get('datos.json')!.metodo).toBe(8);
      expect(zip.get(`documentos/${primera.numero}/DniAnverso.jpg`)!.metodo).toBe(0);
      expect(zip.get(`documentos/${primera.numero}/TituloMedico.doc`)!.metodo).toBe(8);

      // What each application holds, and nothing of the other person.
      const [s1, s2] = datos.solicitudes;
      expect(s1).toMatchObject({
        estado: 'en_revision',
        terminos: { version: VERSION_TERMINOS },
        datosSocio: {
          dni: TITULAR.dni,
          matricula: TITULAR.matricula,
          apellidoynombre: TITULAR.apellidoynombre,
        },
        notas: [{ texto: 'Llamó el titular.', usuario: 'admin.datos' }],
        documentosNoVigentes: [],
        documentosReemplazados: [],
        comprobantes: [{ version: 1, archivo: comprobantes[0], reemplazados: [] }],
      });
      expect(s1!.comprobantes[0]!.documentos.map((d) => d.sha256).sort()).toEqual(
        s1!.documentos.map((d) => d.sha256).sort(),
      );
      expect(s1!.historial.map((h) => [h.desde, h.hacia, h.usuario])).toEqual([
        [null, 'recibida', null],
        ['recibida', 'en_revision', 'admin.datos'],
      ]);
      expect(s1!.auditoria.map((a) => a.accion)).toEqual(expect.arrayContaining(['nota', 'mover_estado']));
      expect(s1!.auditoria.every((a) => a.objeto?.includes(primera.numero))).toBe(true);
      expect(s2!.datosSocio.email).toBe('otra.direccion@example.com');
      expect(s2!.equipos.length).toBeGreaterThan(0);
      const texto = zip.get('datos.json')!.bytes.toString('utf8');
      expect(texto).not.toContain(ajena.numero);
      expect(texto).not.toContain(OTRA.dni);
      expect(texto).not.toContain(OTRA.apellidoynombre);

      const pdf = await leerPdf(zip.get('resumen.pdf')!.bytes);
      expect(pdf.texto).toContain('Datos personales — Ley 25.326');
      expect(pdf.texto).toContain(TITULAR.apellidoynombre);
      expect(pdf.texto).toContain(TITULAR.dni);
      expect(pdf.texto).toContain(`Solicitud ${primera.numero}`);
      expect(pdf.texto).toContain(`Solicitud ${segunda.numero}`);
      expect(pdf.texto).toContain('10 días corridos');
      expect(pdf.texto).toContain('Foto DNI (frente)');
      expect(pdf.texto).toContain(s2!.documentos[0]!.sha256);
      expect(pdf.texto).toContain('Matrícula: 6789');
      expect(pdf.texto).not.toContain(ajena.numero);

      // One audit row, written before the file; the chain still verifies.
      expect(filas).toHaveLength(1);
      expect(filas[0]).toMatchObject({
        usuario: 'admin.datos',
        accion: 'exportar_datos',
        objeto: primera.numero,
        detalle: { solicitudes: [primera.numero, segunda.numero], documentos: rutas.length },
      });
      const fila = JSON.stringify(filas);
      for (const personal of [TITULAR.dni, TITULAR.apellidoynombre, 'otra.direccion@example.com']) {
        expect(fila).not.toContain(personal);
      }
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    });

    it('por el número de cualquiera de sus solicitudes: las mismas solicitudes', async () => {
      const r = await admin.get(url(segunda.numero));
      expect(r.statusCode).toBe(200);
      const datos = datosDe(await leerZip(r.rawPayload));
      expect(datos.solicitudes.map((s) => s.numero)).toEqual([primera.numero, segunda.numero]);
      const otra = datosDe(await leerZip((await admin.get(url(ajena.numero))).rawPayload));
      expect(otra.solicitudes.map((s) => s.numero)).toEqual([ajena.numero]);
    });

    it('un revisor: 403; un número desconocido o suprimido: 404; uno mal formado: 400; sin auditoría', async () => {
      const revisor = await ingresarComo(ctx, 'revisor.datos', 'revisor');
      const suprimida = await enviarSolicitud(ctx, TITULAR);
      await ctx.db
        .updateTable('solicitudes')
        .set({ suprimida_en: new Date().toISOString() })
        .where('numero', '=', suprimida.numero)
        .execute();
      const filas = await auditoriaDe(ctx.db, async () => {
        const prohibido = await revisor.get(url(primera.numero));
        expect(prohibido.statusCode).toBe(403);
        expect(prohibido.json()).toMatchObject({ error: 'SIN_PERMISO' });
        for (const numero of ['AMR-000000', suprimida.numero]) {
          const r = await admin.get(url(numero));
          expect(r.statusCode, numero).toBe(404);
          expect(r.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_DATOS_PERSONALES.sinDatos });
        }
        expect((await admin.get(url('AMR-1'))).statusCode).toBe(400);
      });
      expect(filas).toEqual([]);
      // A deleted application of the person is left out of the others' export.
      const datos = datosDe(await leerZip((await admin.get(url(primera.numero))).rawPayload));
      expect(datos.solicitudes.map((s) => s.numero)).toEqual([primera.numero, segunda.numero]);
    });

    it('un documento que falta en el almacén corta la descarga; el registro no lleva datos personales', async () => {
      const persona = { dni: '33777666', matricula: 'MP10203', apellidoynombre: 'Zapata, Dolores' };
      const enviada = await enviarSolicitud(ctx, { ...persona, email: 'dolores@example.com' });
      await quitarDelAlmacen(ctx, enviada.numero, 'ConstanciaInscripcionAFIP');
      const desde = ctx.logs.length;
      // The answer started (200 and its first entries) and then the connection is destroyed: the
      // reader gets an error, never a complete-looking ZIP.
      await expect(admin.get(url(enviada.numero))).rejects.toThrow(/destroyed before completion/);
      await expect
        .poll(() => ctx.logs.slice(desde).join('\n'))
        .toContain('la exportación de datos personales se interrumpió');
      const registro = ctx.logs.slice(desde).join('\n');
      for (const personal of [persona.dni, persona.apellidoynombre, 'dolores@example.com', 'Zapata']) {
        expect(registro).not.toContain(personal);
      }
    });

    it(
      'npm run datos-personales -- exportar: el mismo ZIP, escrito entero y solo para el dueño',
      { timeout: 180_000 },
      async () => {
        const carpeta = await mkdtemp(path.join(os.tmpdir(), 'alta-exportar-'));
        try {
          const salida = path.join(carpeta, 'titular.zip');
          const zipDeLaRuta = await leerZip((await admin.get(url(primera.numero))).rawPayload);
          const r = datosPersonales(ctx, ['exportar', TITULAR.dni, '--salida', salida]);
          expect(r.errores).toBe('');
          expect(r.codigo).toBe(0);
          const zip = await leerZip(await readFile(salida));
          const datos = datosDe(zip);
          const documentos = datos.solicitudes.reduce(
            (n, s) =>
              n + s.documentos.length + s.documentosReemplazados.length + s.documentosNoVigentes.length,
            0,
          );
          expect(r.salida.trim()).toBe(`Exportadas 2 solicitudes y ${documentos} documentos en ${salida}`);
          expect([...zip.keys()]).toEqual([...zipDeLaRuta.keys()]);
          for (const [nombre, entrada] of zip) {
            if (nombre.startsWith('documentos/'))
              expect(entrada.bytes.equals(zipDeLaRuta.get(nombre)!.bytes)).toBe(true);
          }
          expect(datos.solicitudes.map((s) => s.numero)).toEqual([primera.numero, segunda.numero]);
          documentosEnviados(zip, datos, segunda);
          expect((await stat(salida)).mode & 0o777).toBe(0o600);
          expect(await readdir(carpeta)).toEqual(['titular.zip']);
          expect((await auditoria(ctx.db)).at(-1)).toMatchObject({
            usuario: null,
            ip: 'consola',
            accion: 'exportar_datos',
            objeto: `${primera.numero} ${segunda.numero}`,
            detalle: { solicitudes: [primera.numero, segunda.numero], documentos },
          });
          expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });

          // A document lost from the store: exit 1, and neither the ZIP nor its temporary file stays.
          const rota = await enviarSolicitud(ctx, { dni: '25444555', matricula: '4321' });
          await quitarDelAlmacen(ctx, rota.numero, 'ConstanciaInscripcionAFIP');
          const antes = (await auditoria(ctx.db)).length;
          const cortada = datosPersonales(ctx, [
            'exportar',
            '25444555',
            '--salida',
            path.join(carpeta, 'cortada.zip'),
          ]);
          expect(cortada.codigo).toBe(1);
          expect(cortada.errores).toContain(
            `La exportación se interrumpió y no se escribió ${path.join(carpeta, 'cortada.zip')}`,
          );
          const nadie = datosPersonales(ctx, [
            'exportar',
            '11222333',
            '--salida',
            path.join(carpeta, 'nadie.zip'),
          ]);
          expect(nadie.codigo).toBe(1);
          expect(nadie.errores).toContain(TEXTOS_DATOS_PERSONALES.sinDatos);
          const invalido = datosPersonales(ctx, [
            'exportar',
            '12.345.678',
            '--salida',
            path.join(carpeta, 'x.zip'),
          ]);
          expect(invalido.codigo).toBe(2);
          expect(invalido.errores).toContain(TEXTOS_DATOS_PERSONALES.dniInvalido);
          const sinSalida = datosPersonales(ctx, ['exportar', TITULAR.dni]);
          expect(sinSalida.codigo).toBe(2);
          expect(sinSalida.errores).toContain(
            'Uso: npm run datos-personales -- exportar <dni> --salida <archivo.zip>',
          );
          expect(await readdir(carpeta)).toEqual(['titular.zip']);
          expect(await auditoria(ctx.db)).toHaveLength(antes);
        } finally {
          await rm(carpeta, { recursive: true, force: true });
        }
      },
    );
  },
  ENTORNO_EXPORTACION,
);
