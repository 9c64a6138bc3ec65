// The inbox's selection (producto §15, "Selection and bulk"), through the real routes on both
// engines: "Asignar a…" for numbers and for the whole search — all of them in one transaction,
// each with its history and audit rows; every refusal (a holder changed since the page loaded, a
// closed application, a search that changed after it was selected, a disabled or unknown account,
// a revisor) with its Spanish message and nothing written; and "Exportar CSV" of a selection of
// numbers, named `seleccion` and audited with the numbers.
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { TEXTOS_RESPONSABLE, type DetalleSolicitud } from '../../domain/index.js';
import {
  SELECCION_MAXIMA,
  TEXTOS_SELECCION,
  type AsignacionMasiva,
  type PedidoAsignacionMasiva,
  type SeleccionDeBusqueda,
} from '../../domain/seleccion.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { nombreDelCsv } from '../../server/gestion/exportacion.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import {
  ENTORNO_GESTION,
  filasEscritas,
  ponerEstado,
  sembrar,
  sembrarEnMasa,
} from './ayuda/gestion-solicitudes.js';
import { asegurarCuenta, auditoriaDe, ingresarComo } from './ayuda/personal.js';

const URL_ASIGNAR = '/api/gestion/seleccion/responsable';

conCadaBase(
  'gestión: selección y acciones en lote',
  (ctx) => {
    let admin: Navegador;
    let revisora: Navegador;

    const asignar = (pedido: PedidoAsignacionMasiva, nav = admin) => nav.post(URL_ASIGNAR, pedido);
    const responsableDe = async (numero: string) =>
      (await admin.get(`/api/gestion/solicitudes/${numero}`)).json<DetalleSolicitud>().responsable?.usuario ??
      null;
    const escritas = (accion: () => Promise<unknown>) => filasEscritas(ctx, accion);
    const fijar = async (consulta: string) => {
      const r = await admin.get(`/api/gestion/seleccion?${consulta}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<SeleccionDeBusqueda>();
    };

    beforeAll(async () => {
      admin = await ingresarComo(ctx, 'admin.lote', 'administrador');
      revisora = await ingresarComo(ctx, 'revisora.lote', 'revisor');
      await asegurarCuenta(ctx.db, 'destino.lote', 'revisor');
    });

    it('asigna los números elegidos a una cuenta: historial y auditoría de cada una, en una transacción', async () => {
      const [libre1, libre2, tomada, yaSuya] = await sembrar(ctx, [
        { apellidoynombre: 'Lote Uno' },
        { apellidoynombre: 'Lote Dos' },
        { apellidoynombre: 'Lote Tres' },
        { apellidoynombre: 'Lote Cuatro' },
      ]);
      expect(
        (
          await revisora.post(`/api/gestion/solicitudes/${tomada}/responsable`, {
            accion: 'TOMAR',
            visto: null,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await admin.post(`/api/gestion/solicitudes/${yaSuya}/responsable`, {
            accion: 'ASIGNAR',
            visto: null,
            a: 'destino.lote',
          })
        ).statusCode,
      ).toBe(200);

      let r!: Awaited<ReturnType<typeof asignar>>;
      const auditadas = await auditoriaDe(ctx.db, async () => {
        r = await asignar({
          a: 'destino.lote',
          numeros: [
            { numero: libre1!, visto: null },
            { numero: libre2!, visto: null },
            { numero: tomada!, visto: 'revisora.lote' },
            { numero: yaSuya!, visto: 'destino.lote' },
            // The same number twice is one application.
            { numero: libre1!, visto: null },
          ],
        });
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json<AsignacionMasiva>()).toEqual({ asignadas: 3, yaLaTenian: 1 });
      expect(auditadas.map((f) => [f.accion, f.objeto, f.detalle])).toEqual([
        ['cambiar_responsable', libre1, { accion: 'ASIGNAR', de: null, a: 'destino.lote' }],
        ['cambiar_responsable', libre2, { accion: 'ASIGNAR', de: null, a: 'destino.lote' }],
        ['cambiar_responsable', tomada, { accion: 'ASIGNAR', de: 'revisora.lote', a: 'destino.lote' }],
      ]);
      for (const n of [libre1!, libre2!, tomada!, yaSuya!])
        expect(await responsableDe(n)).toBe('destino.lote');
      const historial = (await admin.get(`/api/gestion/solicitudes/${tomada}`)).json<DetalleSolicitud>()
        .historial;
      expect(historial.at(-1)).toMatchObject({
        usuario: 'admin.lote',
        cambio: { campo: 'responsable', anterior: 'Cuenta revisora.lote', nuevo: 'Cuenta destino.lote' },
      });
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    });

    it('409 si alguien cambió el Responsable de una después de cargar la página, y no escribe nada', async () => {
      const [a, b, c] = await sembrar(ctx, [{}, {}, {}]);
      // The page showed all three free; the revisora takes the last meanwhile.
      await revisora.post(`/api/gestion/solicitudes/${c}/responsable`, { accion: 'TOMAR', visto: null });
      let r!: Awaited<ReturnType<typeof asignar>>;
      expect(
        await escritas(async () => {
          r = await asignar({
            a: 'destino.lote',
            numeros: [a, b, c].map((numero) => ({ numero: numero!, visto: null })),
          });
        }),
      ).toEqual([0, 0]);
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({
        error: 'CONFLICTO',
        message: TEXTOS_SELECCION.enLaSolicitud(c!, TEXTOS_RESPONSABLE.yaLaTiene('Cuenta revisora.lote')),
      });
      expect([await responsableDe(a!), await responsableDe(b!), await responsableDe(c!)]).toEqual([
        null,
        null,
        'revisora.lote',
      ]);
    });

    it('409 si la selección tiene una solicitud cerrada (el ciclo de vida no la asigna), y no escribe nada', async () => {
      const [abierta, cerrada] = await sembrar(ctx, [{}, { estado: 'aprobada' }]);
      let r!: Awaited<ReturnType<typeof asignar>>;
      expect(
        await escritas(async () => {
          r = await asignar({
            a: 'destino.lote',
            numeros: [
              { numero: abierta!, visto: null },
              { numero: cerrada!, visto: null },
            ],
          });
        }),
      ).toEqual([0, 0]);
      expect(r.statusCode).toBe(409);
      expect(r.json<{ message: string }>().message).toBe(
        TEXTOS_SELECCION.enLaSolicitud(cerrada!, TEXTOS_RESPONSABLE.cerrada),
      );
      expect(await responsableDe(abierta!)).toBeNull();
    });

    it('a una cuenta dada de baja o inexistente: 400 en el campo, y no escribe nada', async () => {
      await asegurarCuenta(ctx.db, 'baja.lote', 'revisor');
      await ctx.db.updateTable('personal').set({ activo: 0 }).where('usuario', '=', 'baja.lote').execute();
      const [numero] = await sembrar(ctx, [{}]);
      for (const a of ['baja.lote', 'nadie.lote']) {
        let r!: Awaited<ReturnType<typeof asignar>>;
        expect(
          await escritas(async () => {
            r = await asignar({ a, numeros: [{ numero: numero!, visto: null }] });
          }),
        ).toEqual([0, 0]);
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({
          error: 'VALIDACION',
          fields: { a: TEXTOS_RESPONSABLE.cuentaInexistente },
        });
      }
      expect(await responsableDe(numero!)).toBeNull();
    });

    it('un número que no existe: 404 nombrándolo, y no escribe nada', async () => {
      const [numero] = await sembrar(ctx, [{}]);
      let r!: Awaited<ReturnType<typeof asignar>>;
      expect(
        await escritas(async () => {
          r = await asignar({
            a: 'destino.lote',
            numeros: [
              { numero: numero!, visto: null },
              { numero: 'AMR-ZZZZZZ', visto: null },
            ],
          });
        }),
      ).toEqual([0, 0]);
      expect(r.statusCode).toBe(404);
      expect(r.json<{ message: string }>().message).toBe(
        TEXTOS_SELECCION.enLaSolicitud('AMR-ZZZZZZ', TEXTOS_SELECCION.solicitudInexistente('AMR-ZZZZZZ')),
      );
    });

    it('un revisor no asigna a otros (403), ni números ni búsquedas, y no se escribe nada', async () => {
      const [numero] = await sembrar(ctx, [{}]);
      for (const pedido of [
        { a: 'destino.lote', numeros: [{ numero: numero!, visto: null }] },
        { a: 'destino.lote', busqueda: { filtro: { q: '', estado: '' as const }, huella: 'x' } },
      ]) {
        let r!: Awaited<ReturnType<typeof asignar>>;
        expect(
          await escritas(async () => {
            r = await asignar(pedido, revisora);
          }),
        ).toEqual([0, 0]);
        expect(r.statusCode).toBe(403);
        expect(r.json()).toEqual({ error: 'SIN_PERMISO', message: TEXTOS_RESPONSABLE.noPuede });
      }
    });

    it('"Seleccionar las N de esta búsqueda" y asignarlas: toda la búsqueda de una vez', async () => {
      const numeros = await sembrar(ctx, [
        { apellidoynombre: 'Busqueda Entera, Uno' },
        { apellidoynombre: 'Busqueda Entera, Dos' },
        { apellidoynombre: 'Busqueda Entera, Tres', estado: 'en_revision' },
      ]);
      const seleccion = await fijar('q=busqueda%20entera');
      expect(seleccion).toMatchObject({ total: 3, totalExacto: true, noAsignables: 0 });
      expect(seleccion.huella).toEqual(expect.any(String));
      // Fixing it again, with nothing changed, gives the same huella.
      expect((await fijar('q=busqueda%20entera')).huella).toBe(seleccion.huella);

      const auditadas = await auditoriaDe(ctx.db, async () => {
        const r = await asignar({
          a: 'destino.lote',
          busqueda: { filtro: { q: 'busqueda entera', estado: '' }, huella: seleccion.huella! },
        });
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json<AsignacionMasiva>()).toEqual({ asignadas: 3, yaLaTenian: 0 });
      });
      expect(auditadas.map((f) => f.objeto).sort()).toEqual([...numeros].sort());
      for (const n of numeros) expect(await responsableDe(n)).toBe('destino.lote');
    });

    it('asigna SELECCION_MAXIMA solicitudes de una vez (una transacción, una fila de historial y de auditoría cada una)', async () => {
      await sembrarEnMasa(ctx, SELECCION_MAXIMA, { nombre: 'Quinientas' });
      const { total, huella } = await fijar('q=quinientas');
      expect(total).toBe(SELECCION_MAXIMA);
      let r!: Awaited<ReturnType<typeof asignar>>;
      expect(
        await escritas(async () => {
          r = await asignar({
            a: 'destino.lote',
            busqueda: { filtro: { q: 'quinientas', estado: '' }, huella: huella! },
          });
        }),
      ).toEqual([SELECCION_MAXIMA, SELECCION_MAXIMA]);
      expect(r.statusCode, r.body).toBe(200);
      expect((await fijar('q=quinientas&responsable=destino.lote')).total).toBe(SELECCION_MAXIMA);
    }, 60_000);

    it('409 si la búsqueda cambió después de seleccionarla (una movida, una tomada, una nueva), y no escribe nada', async () => {
      const [uno, dos] = await sembrar(ctx, [
        { apellidoynombre: 'Cambiante, Uno' },
        { apellidoynombre: 'Cambiante, Dos' },
      ]);
      const cambios: (() => Promise<unknown>)[] = [
        () => revisora.post(`/api/gestion/solicitudes/${uno}/responsable`, { accion: 'TOMAR', visto: null }),
        () => ponerEstado(ctx, dos!, 'observada'),
        () => sembrar(ctx, [{ apellidoynombre: 'Cambiante, Tres' }]),
      ];
      for (const cambio of cambios) {
        const { huella } = await fijar('q=cambiante');
        await cambio();
        let r!: Awaited<ReturnType<typeof asignar>>;
        expect(
          await escritas(async () => {
            r = await asignar({
              a: 'destino.lote',
              busqueda: { filtro: { q: 'cambiante', estado: '' }, huella: huella! },
            });
          }),
        ).toEqual([0, 0]);
        expect(r.statusCode).toBe(409);
        expect(r.json()).toEqual({ error: 'CONFLICTO', message: TEXTOS_SELECCION.busquedaCambiada });
      }
      expect(await responsableDe(dos!)).toBeNull();
    });

    it('una búsqueda con cerradas las cuenta; una de más de SELECCION_MAXIMA no tiene huella (se exporta, no se asigna)', async () => {
      await sembrar(ctx, [
        { apellidoynombre: 'Con Cerradas, Uno' },
        { apellidoynombre: 'Con Cerradas, Dos', estado: 'rechazada' },
      ]);
      expect(await fijar('q=con%20cerradas')).toMatchObject({ total: 2, noAsignables: 1 });
      // A revisor may assign none.
      const deRevisora = (
        await revisora.get('/api/gestion/seleccion?q=con%20cerradas')
      ).json<SeleccionDeBusqueda>();
      expect(deRevisora).toMatchObject({ total: 2, noAsignables: 2 });

      await sembrarEnMasa(ctx, SELECCION_MAXIMA + 1, { nombre: 'Demasiadas' });
      expect(await fijar('q=demasiadas')).toEqual({
        total: SELECCION_MAXIMA + 1,
        totalExacto: true,
        huella: null,
        noAsignables: null,
      });
      const r = await asignar({
        a: 'destino.lote',
        busqueda: { filtro: { q: 'demasiadas', estado: '' }, huella: 'x' },
      });
      expect(r.statusCode).toBe(409);
    });

    it('"Exportar CSV" de la selección: solo esos números, las más nuevas primero, nombre seleccion, auditado con los números', async () => {
      const [vieja, nueva] = await sembrar(ctx, [
        { apellidoynombre: 'Exportada, Vieja', creadaEn: '2025-05-01T12:00:00.000Z' },
        { apellidoynombre: 'Exportada, Nueva', creadaEn: '2025-06-01T12:00:00.000Z' },
      ]);
      await admin.post(`/api/gestion/solicitudes/${vieja}/responsable`, {
        accion: 'ASIGNAR',
        visto: null,
        a: 'destino.lote',
      });
      let r!: Awaited<ReturnType<Navegador['get']>>;
      const auditadas = await auditoriaDe(ctx.db, async () => {
        r = await admin.get(`/api/gestion/exportacion.csv?numeros=${vieja},${nueva},${vieja}`);
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-disposition']).toBe(`attachment; filename="${nombreDelCsv('seleccion')}"`);
      const [encabezados, ...filas] = parse(r.payload, { bom: true, delimiter: ';' }) as string[][];
      expect(filas.map((f) => f[0])).toEqual([nueva, vieja]);
      const col = (nombre: string) => encabezados!.indexOf(nombre);
      expect(filas[1]![col('Apellido y nombres')]).toBe('Exportada, Vieja');
      expect(filas[1]![col('Responsable')]).toBe('Cuenta destino.lote');
      expect(filas[0]![col('Responsable')]).toBe('');
      expect(filas[1]![col('Último cambio')]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
      expect(filas[1]![col('Forma de pago')]).toBe('Tarjeta de crédito');
      expect(auditadas).toEqual([
        expect.objectContaining({
          usuario: 'admin.lote',
          accion: 'exportar',
          objeto: null,
          detalle: { seleccion: [nueva, vieja], filas: 2 },
        }),
      ]);
    });

    it('la exportación de una selección rechaza un número que no existe (404), números con filtro (400) y al revisor (403)', async () => {
      const [numero] = await sembrar(ctx, [{}]);
      const pedir = (nav: Navegador, consulta: string) => nav.get(`/api/gestion/exportacion.csv?${consulta}`);
      const noExiste = await pedir(admin, `numeros=${numero},AMR-ZZZZZZ`);
      expect(noExiste.statusCode).toBe(404);
      expect(noExiste.json<{ message: string }>().message).toBe(
        TEXTOS_SELECCION.solicitudInexistente('AMR-ZZZZZZ'),
      );
      const conFiltro = await pedir(admin, `numeros=${numero}&estado=recibida`);
      expect(conFiltro.statusCode).toBe(400);
      expect(conFiltro.json<{ message: string }>().message).toBe(TEXTOS_SELECCION.numerosOFiltro);
      expect((await pedir(admin, 'numeros=no-es-un-numero')).statusCode).toBe(400);
      const muchos = Array.from({ length: SELECCION_MAXIMA + 1 }, () => numero).join(',');
      expect((await pedir(admin, `numeros=${muchos}`)).statusCode).toBe(400);
      expect((await pedir(revisora, `numeros=${numero}`)).statusCode).toBe(403);
    });
  },
  ENTORNO_GESTION,
);
