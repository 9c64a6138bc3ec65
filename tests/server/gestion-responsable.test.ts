// Who has an application (producto §15, "Responsable"), through the real routes on both engines:
// Tomar, Asignar a… and Liberar with their history and audit rows; the refusals (a revisor
// assigning, an account that is disabled or unknown, a holder changed since the page loaded, a
// closed application), each with its Spanish message and nothing written; two people taking it at
// once — one wins, the other is told who has it; the inbox's column and filter; and the model's
// every path (tests/modelo/asignacion.ts) replayed against the API, checking at each state that
// what the chart refuses the server refuses too.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TEXTOS_RESPONSABLE,
  type CuentaNombrada,
  type DetalleSolicitud,
  type PaginaBandeja,
  type PedidoResponsable,
} from '../../domain/index.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import {
  CUENTAS_DEL_MODELO,
  ROL_DE,
  asignacionesRechazadas,
  caminosDeAsignacion,
  claveDeAsignacion,
  type CuentaDelModelo,
  type EventoAsignacionModelo,
} from '../modelo/asignacion.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { filasEscritas, ponerEstado, sembrar } from './ayuda/gestion-solicitudes.js';
import { asegurarCuenta, auditoriaDe, ingresarComo } from './ayuda/personal.js';

conCadaBase('gestión: Responsable', (ctx) => {
  const navs = {} as Record<CuentaDelModelo, Navegador>;
  const ids = {} as Record<CuentaDelModelo, string>;

  const pedir = (quien: CuentaDelModelo, numero: string, pedido: PedidoResponsable) =>
    navs[quien].post(`/api/gestion/solicitudes/${numero}/responsable`, pedido);
  const detalle = async (numero: string) =>
    (await navs.revisora.get(`/api/gestion/solicitudes/${numero}`)).json<DetalleSolicitud>();
  const escritas = (accion: () => Promise<unknown>) => filasEscritas(ctx, accion);

  beforeAll(async () => {
    for (const c of CUENTAS_DEL_MODELO) {
      navs[c] = await ingresarComo(ctx, c, ROL_DE[c]);
      ids[c] = (
        await ctx.db.selectFrom('personal').select('id').where('usuario', '=', c).executeTakeFirstOrThrow()
      ).id;
    }
  });

  it('Tomar, Asignar a… y Liberar: 200, el detalle al día, historial y auditoría', async () => {
    const [numero] = await sembrar(ctx, [{}]);
    let r = await pedir('revisora', numero!, { accion: 'TOMAR', visto: null });
    expect(r.statusCode, r.body).toBe(200);
    let d = r.json<DetalleSolicitud>();
    expect(d.responsable).toEqual({ usuario: 'revisora', nombre: 'Cuenta revisora' });
    expect(d.asignaciones).toEqual(['LIBERAR']);
    expect(d.historial.at(-1)).toMatchObject({
      desde: 'recibida',
      hacia: 'recibida',
      usuario: 'revisora',
      cambio: { campo: 'responsable', anterior: null, nuevo: 'Cuenta revisora' },
    });

    const auditadas = await auditoriaDe(ctx.db, async () => {
      r = await pedir('administradora', numero!, { accion: 'ASIGNAR', visto: 'revisora', a: 'revisor2' });
      expect(r.statusCode, r.body).toBe(200);
    });
    expect(auditadas).toEqual([
      expect.objectContaining({
        usuario: 'administradora',
        accion: 'cambiar_responsable',
        objeto: numero,
        detalle: { accion: 'ASIGNAR', de: 'revisora', a: 'revisor2' },
      }),
    ]);
    d = r.json<DetalleSolicitud>();
    expect(d.responsable?.usuario).toBe('revisor2');
    expect(d.asignaciones).toEqual(['ASIGNAR', 'LIBERAR']);
    // The revisora sees it is someone else's: nothing to take or let go.
    expect((await detalle(numero!)).asignaciones).toEqual([]);

    r = await pedir('revisor2', numero!, { accion: 'LIBERAR', visto: 'revisor2' });
    expect(r.statusCode, r.body).toBe(200);
    d = r.json<DetalleSolicitud>();
    expect(d.responsable).toBeNull();
    expect(d.historial.filter((h) => h.cambio?.campo === 'responsable').map((h) => h.cambio)).toEqual([
      { campo: 'responsable', anterior: null, nuevo: 'Cuenta revisora' },
      { campo: 'responsable', anterior: 'Cuenta revisora', nuevo: 'Cuenta revisor2' },
      { campo: 'responsable', anterior: 'Cuenta revisor2', nuevo: null },
    ]);
    // Status unchanged throughout.
    expect(d.estado).toBe('recibida');
    expect((await verificarAuditoria(ctx.db)).intacta).toBe(true);
  });

  it('lo que no se puede: cada uno con su mensaje y sin escribir nada', async () => {
    const [numero, cerrada] = await sembrar(ctx, [{}, {}]);
    await ponerEstado(ctx, cerrada!, 'aprobada');
    await asegurarCuenta(ctx.db, 'de.baja', 'revisor');
    await ctx.db.updateTable('personal').set({ activo: 0 }).where('usuario', '=', 'de.baja').execute();
    const casos: [CuentaDelModelo, string, PedidoResponsable, number, unknown][] = [
      ['revisora', numero!, { accion: 'ASIGNAR', visto: null, a: 'revisor2' }, 403, { error: 'SIN_PERMISO' }],
      [
        'administradora',
        numero!,
        { accion: 'ASIGNAR', visto: null, a: 'de.baja' },
        400,
        { fields: { a: TEXTOS_RESPONSABLE.cuentaInexistente } },
      ],
      [
        'administradora',
        numero!,
        { accion: 'ASIGNAR', visto: null, a: 'nadie.asi' },
        400,
        { fields: { a: TEXTOS_RESPONSABLE.cuentaInexistente } },
      ],
      [
        'administradora',
        numero!,
        { accion: 'ASIGNAR', visto: null },
        400,
        { fields: { a: TEXTOS_RESPONSABLE.elegirCuenta } },
      ],
      [
        'revisora',
        numero!,
        { accion: 'LIBERAR', visto: null },
        409,
        { message: TEXTOS_RESPONSABLE.cambioMientras },
      ],
      ['revisora', cerrada!, { accion: 'TOMAR', visto: null }, 409, { message: TEXTOS_RESPONSABLE.cerrada }],
    ];
    for (const [quien, n, pedido, codigo, cuerpo] of casos) {
      const [historial, auditoria] = await escritas(async () => {
        const r = await pedir(quien, n, pedido);
        expect(r.statusCode, `${quien} ${JSON.stringify(pedido)}: ${r.body}`).toBe(codigo);
        expect(r.json()).toMatchObject(cuerpo as object);
      });
      expect([historial, auditoria], JSON.stringify(pedido)).toEqual([0, 0]);
    }
    // A body the schema refuses: an unknown action.
    const r = await navs.revisora.post(`/api/gestion/solicitudes/${numero}/responsable`, {
      accion: 'ROBAR',
      visto: null,
    });
    expect(r.statusCode).toBe(400);
    expect((await detalle(numero!)).responsable).toBeNull();
  });

  it('la página mostraba a otro: 409 que dice quién la tiene ahora', async () => {
    const [numero] = await sembrar(ctx, [{}]);
    expect((await pedir('revisora', numero!, { accion: 'TOMAR', visto: null })).statusCode).toBe(200);
    for (const [quien, pedido] of [
      ['revisor2', { accion: 'TOMAR', visto: null }],
      ['administradora', { accion: 'ASIGNAR', visto: null, a: 'revisor2' }],
      ['administradora', { accion: 'LIBERAR', visto: null }],
    ] as const) {
      const r = await pedir(quien, numero!, pedido);
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json<{ message: string }>().message).toBe(TEXTOS_RESPONSABLE.yaLaTiene('Cuenta revisora'));
    }
    expect((await detalle(numero!)).responsable?.usuario).toBe('revisora');
  });

  it('dos toman la misma a la vez: una gana, la otra sabe quién la tiene', async () => {
    const [numero] = await sembrar(ctx, [{}]);
    const [a, b] = await Promise.all([
      pedir('revisora', numero!, { accion: 'TOMAR', visto: null }),
      pedir('revisor2', numero!, { accion: 'TOMAR', visto: null }),
    ]);
    const codigos = [a!.statusCode, b!.statusCode].sort();
    expect(codigos).toEqual([200, 409]);
    const ganadora = a!.statusCode === 200 ? 'revisora' : 'revisor2';
    const perdedora = a!.statusCode === 200 ? b! : a!;
    expect(perdedora.json<{ message: string }>().message).toBe(
      TEXTOS_RESPONSABLE.yaLaTiene(`Cuenta ${ganadora}`),
    );
    const d = await detalle(numero!);
    expect(d.responsable?.usuario).toBe(ganadora);
    expect(d.historial.filter((h) => h.cambio?.campo === 'responsable')).toHaveLength(1);
  });

  it('la bandeja: columna Responsable y el filtro Mías, Sin asignar o una cuenta', async () => {
    const [mia, ajena, libre] = await sembrar(ctx, [
      { apellidoynombre: 'Filtro Responsable, Uno' },
      { apellidoynombre: 'Filtro Responsable, Dos' },
      { apellidoynombre: 'Filtro Responsable, Tres' },
    ]);
    await pedir('revisora', mia!, { accion: 'TOMAR', visto: null });
    await pedir('administradora', ajena!, { accion: 'ASIGNAR', visto: null, a: 'revisor2' });
    const bandeja = async (consulta: string) => {
      const r = await navs.revisora.get(`/api/gestion/solicitudes?q=filtro%20responsable${consulta}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<PaginaBandeja>();
    };
    const todas = await bandeja('');
    expect(Object.fromEntries(todas.filas.map((f) => [f.numero, f.responsable?.usuario ?? null]))).toEqual({
      [mia!]: 'revisora',
      [ajena!]: 'revisor2',
      [libre!]: null,
    });
    expect((await bandeja('&responsable=mias')).filas.map((f) => f.numero)).toEqual([mia]);
    expect((await bandeja('&responsable=ninguno')).filas.map((f) => f.numero)).toEqual([libre]);
    expect((await bandeja('&responsable=revisor2')).filas.map((f) => f.numero)).toEqual([ajena]);
    const r = await navs.revisora.get('/api/gestion/solicitudes?responsable=nadie.asi');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ fields: { responsable: TEXTOS_RESPONSABLE.cuentaInexistente } });
    // The accounts to choose from: the active ones, by name.
    const cuentas = (await navs.revisora.get('/api/gestion/responsables')).json<CuentaNombrada[]>();
    expect(cuentas.map((c) => c.usuario)).toEqual(expect.arrayContaining([...CUENTAS_DEL_MODELO]));
    expect(cuentas.map((c) => c.usuario)).not.toContain('de.baja');
  });

  describe('cada camino del modelo, contra la API', () => {
    it.each(caminosDeAsignacion().map((c) => [c.description, c] as const))('%s', async (_, camino) => {
      const [numero] = await sembrar(ctx, [{}]);
      const nombreDe = (id: string | null) =>
        id === null ? null : (CUENTAS_DEL_MODELO.find((c) => c === id) ?? null);
      await camino.test({
        states: {
          '*': async (s) => {
            const esperado = nombreDe(s.context.responsable);
            const d = await detalle(numero!);
            expect(d.responsable?.usuario ?? null).toBe(esperado);
            // What the chart refuses here, the server refuses, and writes nothing.
            for (const e of asignacionesRechazadas(s)) {
              const [h, a] = await escritas(async () => {
                const r = await pedir(e.quien, numero!, {
                  accion: e.type,
                  visto: esperado,
                  ...(e.a ? { a: e.a } : {}),
                });
                expect([400, 403, 409], `${claveDeAsignacion(e)}: ${r.body}`).toContain(r.statusCode);
              });
              expect([h, a], claveDeAsignacion(e)).toEqual([0, 0]);
            }
          },
        },
        events: Object.fromEntries(
          (['TOMAR', 'ASIGNAR', 'LIBERAR'] as const).map((tipo) => [
            tipo,
            async ({ event }: { event: EventoAsignacionModelo }) => {
              const visto = (await detalle(numero!)).responsable?.usuario ?? null;
              const r = await pedir(event.quien, numero!, {
                accion: event.type,
                visto,
                ...(event.a ? { a: event.a } : {}),
              });
              expect(r.statusCode, `${claveDeAsignacion(event)}: ${r.body}`).toBe(200);
            },
          ]),
        ),
      });
    });
  });
});
