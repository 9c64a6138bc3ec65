// The access export of producto §13: GET /api/gestion/datos-personales/:numero/exportacion and
// `npm run datos-personales -- exportar`. Real applications for one DNI (and one of another
// person) are exported and unzipped with yauzl: every document with the SHA-256 of what was sent,
// datos.json with both applications and nothing of the other person, resumen.pdf readable, an
// audit row without personal values. A corrected application brings every version of its receipt
// (comprobantes/, drawn as the applicant got them) and the replaced document's file
// (documentos-reemplazados/), both described in datos.json (producto §14). Then, on each document store, nine 9 MiB documents go
// through the ZIP one at a time, and the store is never read far ahead of the reader.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform, pipeline } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { TEXTOS_DATOS_PERSONALES } from '../../domain/datos-personales.js';
import { DOCUMENTOS, TEXTOS_VERSIONES, VERSION_TERMINOS } from '../../domain/index.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import type { DatosExportados } from '../../server/datos-personales/datos-exportados.js';
import { leerExportacion, zipDeExportacion } from '../../server/datos-personales/exportacion.js';
import * as archivos from './ayuda/archivos.js';
import { disponible, type Motor } from './ayuda/bases.js';
import type { Navegador } from './ayuda/cliente.js';
import { leerPdf } from './ayuda/comprobante.js';
import { conCadaBase, Contexto } from './ayuda/contexto.js';
import { corregirSolicitud } from './ayuda/correccion.js';
import { ENTORNO_GESTION, enviarSolicitud, type Enviada } from './ayuda/gestion-solicitudes.js';
import { auditoria, auditoriaDe, ingresarComo } from './ayuda/personal.js';
import { iniciarS3, type ServidorS3 } from './ayuda/s3.js';
import { comando } from './ayuda/comando.js';

const MIB = 1024 * 1024;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const url = (numero: string) => `/api/gestion/datos-personales/${numero}/exportacion`;

/** Demo padrón pairs (server/db/semillas.ts): each a different person. */
const TITULAR = { dni: '28999888', matricula: '6789', apellidoynombre: 'Núñez Şahin, Łukasz' };
const OTRA = { dni: '30111222', matricula: '12345', apellidoynombre: 'Otra Persona, Ana' };

interface EntradaZip {
  bytes: Buffer;
  /** 0 stored, 8 deflated. */
  metodo: number;
}

/** Every entry of a ZIP, read as an unzip tool would, each checked against its CRC-32. */
async function leerZip(datos: Buffer): Promise<Map<string, EntradaZip>> {
  const zip = await fromBufferPromise(datos, { lazyEntries: true, strictFileNames: true });
  const entradas = new Map<string, EntradaZip>();
  for await (const entrada of zip.eachEntry()) {
    const partes: Buffer[] = [];
    for await (const parte of await zip.openReadStreamPromise(entrada)) partes.push(parte as Buffer);
    const bytes = Buffer.concat(partes);
    expect(crc32(bytes) >>> 0, entrada.fileName).toBe(entrada.crc32);
    entradas.set(entrada.fileName, { bytes, metodo: entrada.compressionMethod });
  }
  return entradas;
}

const datosDe = (zip: Map<string, EntradaZip>) =>
  JSON.parse(zip.get('datos.json')!.bytes.toString('utf8')) as DatosExportados;

/** Each document of `enviada` is in the ZIP, with the bytes sent and the SHA-256 datos.json states. */
function documentosEnviados(zip: Map<string, EntradaZip>, datos: DatosExportados, enviada: Enviada): void {
  const s = datos.solicitudes.find((x) => x.numero === enviada.numero)!;
  expect(s.documentos.map((d) => d.clave).sort()).toEqual([...enviada.partes.keys()].sort());
  for (const d of s.documentos) {
    expect(d.archivo).toBe(`documentos/${enviada.numero}/${d.nombre}`);
    const entrada = zip.get(d.archivo);
    expect(entrada, d.archivo).toBeDefined();
    expect(sha256(entrada!.bytes)).toBe(sha256(enviada.partes.get(d.clave)!.contenido));
    expect(sha256(entrada!.bytes)).toBe(d.sha256);
    expect(entrada!.bytes.length).toBe(d.bytes);
  }
}

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
      const polizaDe = (v: number) => s.comprobantes[v - 1]!.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!;
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
        partes: new Map(enviada.partes).set('PolizaMalaPraxis', { nombre: 'PolizaMalaPraxis.pdf', contenido: nueva }),
      });
      expect(s.historial.at(-1)).toMatchObject({ hacia: 'corregida', documentos: ['PolizaMalaPraxis'] });

      const resumen = (await leerPdf(zip.get('resumen.pdf')!.bytes)).texto;
      expect(resumen).toContain('Versiones del comprobante');
      expect(resumen).toContain('Documentos reemplazados por una corrección');
      expect(resumen).toContain(sha256(vieja));
      expect(resumen).toContain(`Reemplazó: ${etiqueta}`);
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
            (n, s) => n + s.documentos.length + s.documentosReemplazados.length + s.documentosNoVigentes.length,
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
          const nadie = datosPersonales(ctx, ['exportar', '11222333', '--salida', path.join(carpeta, 'nadie.zip')]);
          expect(nadie.codigo).toBe(1);
          expect(nadie.errores).toContain(TEXTOS_DATOS_PERSONALES.sinDatos);
          const invalido = datosPersonales(ctx, ['exportar', '12.345.678', '--salida', path.join(carpeta, 'x.zip')]);
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
  { ...ENTORNO_GESTION, LOG_LEVEL: 'info' },
);

const VARIANTES: { almacen: 'postgres' | 's3'; motor: Motor; disponible: boolean }[] = [
  { almacen: 'postgres', motor: 'postgres', disponible: disponible('postgres') },
  { almacen: 's3', motor: 'sqlite', disponible: true },
];

/** Counts what the app's store hands out: bytes read from it and how many files are open at once. */
function contarLecturas(ctx: Contexto) {
  const almacen = ctx.app.documentos;
  const abrir = almacen.abrir.bind(almacen);
  const cuenta = { leidos: 0, abiertos: 0, maximoAbiertos: 0 };
  almacen.abrir = (nombre: string) => {
    cuenta.abiertos++;
    cuenta.maximoAbiertos = Math.max(cuenta.maximoAbiertos, cuenta.abiertos);
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

for (const variante of VARIANTES) {
  (variante.disponible ? describe : describe.skip)(
    `datos personales: exportación con documentos en ${variante.almacen} [${variante.motor}]`,
    () => {
      let s3: ServidorS3 | null = null;
      let ctx: Contexto;

      beforeAll(async () => {
        if (variante.almacen === 's3') s3 = await iniciarS3();
        ctx = new Contexto(variante.motor, {
          ...ENTORNO_GESTION,
          DOCUMENT_STORE: variante.almacen,
          ...s3?.env,
        });
        await ctx.iniciar();
      });

      afterAll(async () => {
        await ctx?.terminar();
        await s3?.cerrar();
      });

      it(
        'nueve documentos de 9 MiB: uno abierto a la vez, y el almacén nunca se lee muy por delante de quien descarga',
        { timeout: 300_000 },
        async () => {
          expect(ctx.app.config.almacen.tipo).toBe(variante.almacen);
          const grande = (relleno: number) => ({
            nombre: 'x.jpg',
            contenido: archivos.jpegConMetadatos(9 * MIB - relleno),
          });
          const enviadas: Enviada[] = [];
          for (let i = 0; i < 3; i++) {
            const reemplazos = Object.fromEntries(
              ['DniAnverso', 'DniReverso', 'PolizaMalaPraxis'].map((clave, j) => {
                const g = grande(i * 3 + j);
                return [clave, { ...g, nombre: `${clave}.jpg` }];
              }),
            );
            enviadas.push(await enviarSolicitud(ctx, TITULAR, reemplazos));
          }
          const total = enviadas.reduce(
            (n, e) => n + [...e.partes.values()].reduce((m, p) => m + p.contenido.length, 0),
            0,
          );
          expect(total).toBeGreaterThan(81 * MIB - 100);

          const admin = await ingresarComo(ctx, 'admin.memoria', 'administrador');
          const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
          const { cuenta, restaurar } = contarLecturas(ctx);
          const partes: Buffer[] = [];
          let entregados = 0;
          let adelanto = 0;
          try {
            const r = await ctx.app.inject({
              method: 'GET',
              url: url(enviadas[0]!.numero),
              headers: { cookie },
              payloadAsStream: true,
            });
            expect(r.statusCode).toBe(200);
            // A slow reader: after each piece the store gets a turn, and at three points it has half
            // a second. A ZIP that read documents ahead of the reader would be far ahead by then.
            const pausas = [MIB, 30 * MIB, 60 * MIB];
            for await (const trozo of r.stream()) {
              const b = trozo as Buffer;
              partes.push(b);
              entregados += b.length;
              adelanto = Math.max(adelanto, cuenta.leidos - entregados);
              if (pausas[0] !== undefined && entregados >= pausas[0]) {
                pausas.shift();
                await new Promise((listo) => setTimeout(listo, 500));
                adelanto = Math.max(adelanto, cuenta.leidos - entregados);
              } else {
                await new Promise((listo) => setImmediate(listo));
              }
            }
          } finally {
            restaurar();
          }
          expect(cuenta.leidos).toBe(total);
          expect(cuenta.maximoAbiertos).toBe(1);
          expect(cuenta.abiertos).toBe(0);
          // The pipes' buffers (tens of KiB each, a 256 KiB chunk of the PostgreSQL store), not 81 MiB.
          expect(adelanto).toBeLessThan(4 * MIB);

          const zip = await leerZip(Buffer.concat(partes));
          const datos = datosDe(zip);
          expect(datos.solicitudes.map((s) => s.numero)).toEqual(enviadas.map((e) => e.numero));
          for (const enviada of enviadas) documentosEnviados(zip, datos, enviada);
          expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });

          // A reader that goes away mid-way (the connection closed): the document being read is
          // closed and no other is opened.
          const exportacion = (await leerExportacion(ctx.db, TITULAR.dni, { publicUrl: ctx.app.config.publicUrl }))!;
          const abandono = contarLecturas(ctx);
          try {
            const flujo = zipDeExportacion(exportacion, ctx.app.documentos);
            let recibidos = 0;
            for await (const trozo of flujo) {
              recibidos += (trozo as Buffer).length;
              if (recibidos > 20 * MIB) break;
            }
            await expect.poll(() => abandono.cuenta.abiertos).toBe(0);
            await new Promise((listo) => setTimeout(listo, 200));
            expect(abandono.cuenta.leidos).toBeLessThan(25 * MIB);
            expect(abandono.cuenta.abiertos).toBe(0);
          } finally {
            abandono.restaurar();
          }
        },
      );
    },
  );
}
