// The access export streams a person's documents instead of holding them in memory: on the
// PostgreSQL and S3 document stores, nine 9 MiB documents go through the ZIP one at a time, the
// store is never read far ahead of a slow reader, and a reader that goes away mid-way leaves no
// document open.
import { Transform, pipeline } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { leerExportacion, zipDeExportacion } from '../../server/datos-personales/exportacion.js';
import * as archivos from './ayuda/archivos.js';
import { disponible, type Motor } from './ayuda/bases.js';
import { Contexto } from './ayuda/contexto.js';
import { datosDe, documentosEnviados, leerZip, TITULAR, url } from './ayuda/exportacion.js';
import { ENTORNO_GESTION, enviarSolicitud, type Enviada } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';
import { iniciarS3, type ServidorS3 } from './ayuda/s3.js';

const MIB = 1024 * 1024;

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
          const exportacion = (await leerExportacion(ctx.db, TITULAR.dni, {
            publicUrl: ctx.app.config.publicUrl,
          }))!;
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
