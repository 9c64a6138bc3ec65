// GET /api/gestion/exportacion.csv (producto §9, producto §15): the inbox's current filter as a CSV
// file — UTF-8 with BOM, ";" separator, a header row, Argentine dates, status labels, every field
// of producto §3, Responsable, last change and each document's Vigencia, formula-looking cells
// neutralised, named by the filter — read in keyset batches, and an audit row with the filter and
// the row count but never the search term. The selection's export: tests/server/gestion-seleccion.test.ts.
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { TEXTOS_GESTION } from '../../domain/index.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { lotesDelFiltro, primeraDelFiltro } from '../../server/gestion/bandeja.js';
import {
  COLUMNAS_CSV,
  csvDeLaExportacion,
  fechaArgentina,
  nombreDelCsv,
  prepararExportacion,
} from '../../server/gestion/exportacion.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import {
  ENTORNO_GESTION,
  enviarSolicitud,
  ponerEstado,
  sembrar,
  sembrarEnMasa,
} from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';

const BOM = '\uFEFF';

/** The file's rows (header first), parsed as a spreadsheet would: BOM, ";" and quotes. */
function leerCsv(texto: string): string[][] {
  return parse(texto, { bom: true, delimiter: ';', relax_column_count: false }) as string[][];
}

conCadaBase(
  'gestión: exportación CSV',
  (ctx) => {
    let admin: Navegador;
    let real: string;
    let formula: string;
    let sembradas: string[];

    const exportar = async (consulta = '') => {
      const r = await admin.get(`/api/gestion/exportacion.csv${consulta}`);
      expect(r.statusCode, r.body).toBe(200);
      return r;
    };

    beforeAll(async () => {
      admin = await ingresarComo(ctx, 'admin.csv', 'administrador');
      // The form's rules accept a name that starts with "=" (no control characters): this one
      // goes through the real routes.
      real = (await enviarSolicitud(ctx)).numero;
      formula = (await enviarSolicitud(ctx, { apellidoynombre: '=HYPERLINK("http://x.test";"clic")' }))
        .numero;
      // The rest through insertar() (solicitud/solicitudes.ts), for speed: the same rules would
      // accept these names too.
      sembradas = await sembrar(ctx, [
        {
          apellidoynombre: '@SUMA(A1:A9)',
          dni: '28999888',
          matricula: 'MP10203',
          creadaEn: '2026-03-01T02:30:00.000Z',
        },
        { apellidoynombre: '+54 Más', creadaEn: '2026-02-01T15:05:00.000Z', estado: 'en_revision' },
        { apellidoynombre: '-Menos, Uno', creadaEn: '2026-01-15T12:00:00.000Z', estado: 'aprobada' },
        {
          apellidoynombre: 'Punto; y "coma"',
          email: '-raro@example.com',
          creadaEn: '2026-01-10T12:00:00.000Z',
        },
      ]);
      // The applications sent now are the newest; the seeded ones keep their dates.
    });

    it('responde un CSV con BOM, ";", encabezados y una fila por solicitud, las más nuevas primero', async () => {
      const r = await exportar();
      expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(r.headers['content-disposition']).toBe(`attachment; filename="${nombreDelCsv('todas')}"`);
      expect(nombreDelCsv('observada', new Date('2026-03-01T02:30:00.000Z'))).toBe(
        'solicitudes-observada-2026-02-28.csv',
      );
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(
        r.payload.startsWith(
          `${BOM}Número;Fecha;Apellido y nombres;DNI;Matrícula;Estado;Fecha de nacimiento;Email;Código de área;` +
            'Teléfono;Localidad;Calle;Altura;Piso;Dpto.;Otro;Condición ante el IVA;Forma de pago;Tarjeta;' +
            'Número de caja de ahorro;Cobranza de honorarios;Responsable;Último cambio;' +
            'Vigencia hasta: Habilitación del consultorio o extensión;Vigencia hasta: Póliza de mala praxis;' +
            'Vigencia hasta: Recibo o carnet de Arte de Curar\r\n',
        ),
      ).toBe(true);
      const [encabezados, ...filas] = leerCsv(r.payload);
      expect(encabezados).toEqual([...COLUMNAS_CSV]);
      expect(filas.map((f) => f[0])).toEqual([formula, real, ...sembradas]);
      const porNumero = new Map(filas.map((f) => [f[0], f]));
      const fechaYHora = expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
      expect(porNumero.get(real)).toEqual([
        real,
        fechaYHora,
        'Pérez, Juan Carlos',
        '30111222',
        '12345',
        'Recibida',
        '15/03/1980',
        'jperez@example.com',
        '341',
        '4123456',
        'Rosario',
        'Bv. Oroño',
        '1234',
        '3',
        'B',
        '',
        'Responsable Monotributo',
        'Tarjeta de crédito',
        'Visa',
        '',
        'Transferencia bancaria',
        '',
        fechaYHora,
        '',
        '',
        '',
      ]);
      // 02:30 UTC is 23:30 of the day before in Argentina.
      expect(porNumero.get(sembradas[0]!)!.slice(1, 6)).toEqual([
        '28/02/2026 23:30',
        "'@SUMA(A1:A9)",
        '28999888',
        'MP10203',
        'Recibida',
      ]);
      expect(porNumero.get(sembradas[1]!)!.slice(1, 3)).toEqual(['01/02/2026 12:05', "'+54 Más"]);
      expect(porNumero.get(sembradas[1]!)![5]).toBe('En revisión');
      expect(porNumero.get(sembradas[2]!)!.slice(2, 3)).toEqual(["'-Menos, Uno"]);
      expect(porNumero.get(sembradas[2]!)![5]).toBe('Aprobada');
      expect(porNumero.get(sembradas[3]!)!.slice(2, 3)).toEqual(['Punto; y "coma"']);
      expect(porNumero.get(sembradas[3]!)![7]).toBe("'-raro@example.com");
      expect(porNumero.get(formula)![2]).toBe(`'=HYPERLINK("http://x.test";"clic")`);
      // No cell a spreadsheet would evaluate.
      for (const fila of filas) for (const celda of fila) expect(celda, celda).not.toMatch(/^[=+\-@\t\r]/);
    });

    it('respeta el filtro de la bandeja (búsqueda y estado)', async () => {
      const porBusqueda = leerCsv((await exportar('?q=perez')).payload).slice(1);
      expect(porBusqueda.map((f) => f[0])).toEqual([real]);
      const porDni = leerCsv((await exportar('?q=2899988')).payload).slice(1);
      expect(porDni.map((f) => f[0])).toEqual([sembradas[0]]);
      const porEstado = leerCsv((await exportar('?estado=en_revision')).payload).slice(1);
      expect(porEstado.map((f) => f[0])).toEqual([sembradas[1]]);
      const ambos = leerCsv((await exportar('?estado=recibida&q=coma')).payload).slice(1);
      expect(ambos.map((f) => f[0])).toEqual([sembradas[3]]);
      const nada = await exportar('?q=zzzqqq');
      expect(leerCsv(nada.payload)).toEqual([[...COLUMNAS_CSV]]);
      expect((await admin.get('/api/gestion/exportacion.csv?estado=borrador')).statusCode).toBe(400);
    });

    it('nombra el archivo por el filtro (producto §15): el estado solo, busqueda o todas', async () => {
      const nombre = async (consulta: string) =>
        /filename="(.+)"/.exec((await exportar(consulta)).headers['content-disposition'] as string)![1];
      const hoy = nombreDelCsv('x').replace('solicitudes-x-', '');
      expect(await nombre('')).toBe(`solicitudes-todas-${hoy}`);
      expect(await nombre('?estado=en_revision')).toBe(`solicitudes-en_revision-${hoy}`);
      expect(await nombre('?estado=observada')).toBe(`solicitudes-observada-${hoy}`);
      expect(await nombre('?q=perez')).toBe(`solicitudes-busqueda-${hoy}`);
      expect(await nombre('?estado=recibida&q=coma')).toBe(`solicitudes-busqueda-${hoy}`);
      expect(await nombre('?vence=30')).toBe(`solicitudes-busqueda-${hoy}`);
      expect(await nombre('?responsable=ninguno')).toBe(`solicitudes-busqueda-${hoy}`);
      // Spaces alone are no search.
      expect(await nombre('?q=%20%20')).toBe(`solicitudes-todas-${hoy}`);
    });

    it('respeta "Vence en 30 días" (producto §11) y lo audita', async () => {
      const { id } = await ctx.db
        .selectFrom('solicitudes')
        .select('id')
        .where('numero', '=', sembradas[1]!)
        .executeTakeFirstOrThrow();
      const hasta = new Date(Date.parse(`${diaArgentino(new Date())}T00:00:00Z`) + 10 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      await ctx.db
        .updateTable('solicitud_documentos')
        .set({ vigente_hasta: hasta })
        .where('solicitud_id', '=', id)
        .where('nombre', 'like', 'PolizaMalaPraxis.%')
        .execute();
      try {
        const filas = await auditoriaDe(ctx.db, async () => {
          const [encabezados, ...porVencer] = leerCsv((await exportar('?vence=30')).payload);
          expect(porVencer.map((f) => f[0])).toEqual([sembradas[1]]);
          // Its Vigencia, in its document's column; the other documents have none recorded.
          const columna = encabezados!.indexOf('Vigencia hasta: Póliza de mala praxis');
          expect(porVencer[0]![columna]).toBe(hasta.split('-').reverse().join('/'));
          expect(porVencer[0]!.slice(-3).filter((c) => c !== '')).toHaveLength(1);
        });
        expect(filas).toEqual([
          expect.objectContaining({ detalle: { busqueda: false, estado: null, vence: '30', responsable: null, filas: 1 } }),
        ]);
      } finally {
        await ctx.db.updateTable('solicitud_documentos').set({ vigente_hasta: null }).where('solicitud_id', '=', id).execute();
      }
    });

    it('audita el filtro y la cantidad de filas, nunca el término buscado', async () => {
      const filas = await auditoriaDe(ctx.db, async () => {
        await exportar('?q=28999888&estado=recibida');
        await exportar();
      });
      expect(filas).toEqual([
        expect.objectContaining({
          usuario: 'admin.csv',
          accion: 'exportar',
          objeto: null,
          detalle: { busqueda: true, estado: 'recibida', vence: null, responsable: null, filas: 1 },
        }),
        expect.objectContaining({ accion: 'exportar', detalle: { busqueda: false, estado: null, vence: null, responsable: null, filas: 6 } }),
      ]);
      expect(JSON.stringify(filas)).not.toContain('28999888');
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    });

    it('un revisor no puede exportar (403) y no se audita nada', async () => {
      const revisor = await ingresarComo(ctx, 'revisor.csv', 'revisor');
      const filas = await auditoriaDe(ctx.db, async () => {
        const r = await revisor.get('/api/gestion/exportacion.csv');
        expect(r.statusCode).toBe(403);
        expect(r.json()).toEqual({ error: 'SIN_PERMISO', message: TEXTOS_GESTION.sinPermiso });
      });
      expect(filas).toEqual([]);
    });

    it('lee por lotes con cursor: empates de fecha incluidos, cada fila una vez y en orden', async () => {
      const mismoInstante = '2025-06-01T10:00:00.000Z';
      const empatadas = await sembrar(
        ctx,
        Array.from({ length: 7 }, (_, i) => ({
          apellidoynombre: `Lote Empate ${i}`,
          creadaEn: mismoInstante,
        })),
      );
      const filtro = { q: 'lote empate', estado: '' as const };
      const inicio = (await primeraDelFiltro(ctx.db, filtro))!;
      const lotes: string[][] = [];
      for await (const lote of lotesDelFiltro(ctx.db, filtro, inicio, 2))
        lotes.push(lote.map((f) => f.numero));
      expect(lotes.map((l) => l.length)).toEqual([2, 2, 2, 1]);
      expect(lotes.flat()).toEqual([...empatadas].sort().reverse());
      // The whole file with batches of 3 is the file with batches of 1000.
      const todo = { q: '', estado: '' as const };
      const preparada = await prepararExportacion(ctx.db, todo);
      const leer = async (tamanio: number) => {
        const partes: Buffer[] = [];
        for await (const parte of csvDeLaExportacion(
          ctx.db,
          todo,
          preparada,
          (e) => {
            throw e;
          },
          tamanio,
        ))
          partes.push(Buffer.from(parte as Buffer));
        return Buffer.concat(partes).toString('utf8');
      };
      const enTres = await leer(3);
      expect(enTres).toBe(await leer(1000));
      expect(leerCsv(enTres)).toHaveLength(1 + preparada.filas);
      expect(preparada.filas).toBe(13);
    });

    it('una solicitud enviada durante la exportación no cambia el archivo ni su cuenta', async () => {
      const todo = { q: '', estado: '' as const };
      const preparada = await prepararExportacion(ctx.db, todo);
      const [nueva] = await sembrar(ctx, [{ apellidoynombre: 'Llegó Después' }]);
      await ponerEstado(ctx, nueva!, 'recibida');
      const partes: Buffer[] = [];
      for await (const parte of csvDeLaExportacion(ctx.db, todo, preparada, (e) => {
        throw e;
      }))
        partes.push(Buffer.from(parte as Buffer));
      const filas = leerCsv(Buffer.concat(partes).toString('utf8')).slice(1);
      expect(filas).toHaveLength(preparada.filas);
      expect(filas.map((f) => f[0])).not.toContain(nueva);
    });

    it('si quien descarga se va, deja de leer lotes', async () => {
      let consultas = 0;
      const contada = ctx.db.withPlugin({
        transformQuery: (a) => {
          consultas++;
          return a.node;
        },
        transformResult: async (a) => a.result,
      });
      // More rows than the stream's buffers hold (16 records, 16 KiB), so the reader leaves early.
      await sembrarEnMasa(ctx, 1000, { nombre: 'Abandonada', estado: () => 'rechazada' });
      const todo = { q: 'abandonada', estado: 'rechazada' as const };
      const preparada = await prepararExportacion(ctx.db, todo);
      expect(preparada.filas).toBe(1000);
      let fallo: Error | null = null;
      // One row a batch: without the stop, every row would be one more query.
      const csv = csvDeLaExportacion(contada, todo, preparada, (e) => (fallo = e), 1);
      for await (const _ of csv) break; // the first piece, then the reader leaves (destroys the stream)
      await new Promise((listo) => setTimeout(listo, 100));
      const alIrse = consultas;
      await new Promise((listo) => setTimeout(listo, 200));
      expect(consultas).toBe(alIrse);
      expect(consultas).toBeLessThan(preparada.filas);
      expect(fallo).toBeNull();
    });

    it('fechas en hora argentina, dd/mm/aaaa hh:mm', () => {
      expect(fechaArgentina('2026-01-01T02:59:00.000Z')).toBe('31/12/2025 23:59');
      expect(fechaArgentina('2026-07-09T15:00:00.000Z')).toBe('09/07/2026 12:00');
      expect(fechaArgentina('2026-12-31T03:00:00.000Z')).toBe('31/12/2026 00:00');
    });
  },
  ENTORNO_GESTION,
);
