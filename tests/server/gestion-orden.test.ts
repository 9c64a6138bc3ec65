// The inbox's order and ageing (producto §15, "Ageing and order"), on both engines: every column
// sorts both ways through `?orden=&dir=` (names without accents or case, DNI and matrícula as
// numbers, statuses in their lifecycle's order, holders by name with "Sin asignar" last), ties by
// number so pages neither repeat nor skip a row, the default orders, "Último cambio" and "En este
// estado" in working days, "Demorada" past PLAZO_REVISION_DIAS (set here to 3) and the same rows
// as condicionDemorada finds, and refused values. On SQLite, every sorted page reads an index in
// its order: no sort of the rows (the plans are the planner's without statistics, so the same at
// 100,000 rows).
import { CompiledQuery } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { ORDENES_BANDEJA, type OrdenBandeja, type PaginaBandeja } from '../../domain/index.js';
import { CON_PROPUESTA } from '../../domain/propuestas.js';
import { diasHabilesEntre, esDiaHabil, inicioDelPlazo } from '../../server/correcciones/plazo.js';
import { paginaBandeja } from '../../server/gestion/bandeja.js';
import { claveDeBusqueda } from '../../server/gestion/busqueda.js';
import { condicionDemorada } from '../../server/gestion/demora.js';
import { altaPersonal } from '../../server/personal/cuentas.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { ENTORNO_GESTION, sembrar, sembrarEnMasa } from './ayuda/gestion-solicitudes.js';
import { CONTRASENA_DE_PRUEBA, ingresarComo } from './ayuda/personal.js';

const minuto = (n: number) => new Date(Date.UTC(2025, 5, 2, 13, n)).toISOString();
const PLAZO = 3;

/** Six applications whose every column orders them differently (see each test's expectation). */
const SEIS = {
  A: {
    apellidoynombre: 'Álvarez, Ana',
    dni: '30111222',
    matricula: '12345',
    estado: 'recibida',
    creada: 5,
    desde: 1,
    cambio: 6,
  },
  B: {
    apellidoynombre: 'alvarez, Beatriz',
    dni: '9876543',
    matricula: '4321',
    estado: 'en_revision',
    creada: 1,
    desde: 3,
    cambio: 1,
  },
  C: {
    apellidoynombre: 'Zúñiga, Carlos',
    dni: '25444555',
    matricula: 'MP10203',
    estado: 'observada',
    creada: 3,
    desde: 2,
    cambio: 5,
  },
  D: {
    apellidoynombre: 'Sosa, Juan',
    dni: '28999888',
    matricula: '987',
    estado: 'corregida',
    creada: 6,
    desde: 5,
    cambio: 2,
  },
  E: {
    apellidoynombre: 'Sosa, Juan Pablo',
    dni: '40111222',
    matricula: 'MP200',
    estado: 'aprobada',
    creada: 2,
    desde: 4,
    cambio: 3,
  },
  F: {
    apellidoynombre: 'Núñez, María',
    dni: '31222333',
    matricula: '55555',
    estado: 'recibida',
    creada: 4,
    desde: 6,
    cambio: 4,
  },
} as const;
type Letra = keyof typeof SEIS;

conCadaBase(
  'gestión: orden de la bandeja y antigüedad',
  (ctx) => {
    let nav: Navegador;
    const numero = {} as Record<Letra, string>;
    const letraDe = new Map<string, Letra>();

    const bandeja = async (consulta: string): Promise<PaginaBandeja> => {
      const r = await nav.get(`/api/gestion/solicitudes${consulta}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<PaginaBandeja>();
    };
    /** The six in the order the inbox gives them (the search finds only them: "seis"). */
    const letras = async (consulta: string) =>
      (await bandeja(`?q=seis&${consulta}`)).filas.map((f) => letraDe.get(f.numero));
    const actualizar = (
      numeros: string[],
      cambios: {
        estado?: string;
        estado_desde?: string;
        ultimo_cambio_en?: string;
        responsable_id?: string | null;
        busqueda?: string;
      },
    ) => ctx.db.updateTable('solicitudes').set(cambios).where('numero', 'in', numeros).execute();

    beforeAll(async () => {
      nav = await ingresarComo(ctx, 'revisora', 'revisor');
      const entradas = Object.entries(SEIS) as [Letra, (typeof SEIS)[Letra]][];
      const sembradas = await sembrar(
        ctx,
        entradas.map(([, s]) => ({
          apellidoynombre: s.apellidoynombre,
          dni: s.dni,
          matricula: s.matricula,
          creadaEn: minuto(s.creada),
          estado: s.estado,
        })),
      );
      // Holders: Ángela sorts before Bruno in Spanish (not as bytes: "Á" is after "B").
      for (const [usuario, nombre] of [
        ['zapata', 'Ángela Zapata'],
        ['acosta', 'Bruno Acosta'],
      ] as const)
        await altaPersonal(ctx.db, { usuario, nombre, rol: 'revisor', contrasena: CONTRASENA_DE_PRUEBA });
      const cuentas = new Map(
        (await ctx.db.selectFrom('personal').select(['id', 'usuario']).execute()).map((c) => [
          c.usuario,
          c.id,
        ]),
      );
      for (const [i, [letra, s]] of entradas.entries()) {
        numero[letra] = sembradas[i]!;
        letraDe.set(sembradas[i]!, letra);
        const fila = {
          numero: sembradas[i]!,
          dni: s.dni,
          matricula: s.matricula,
          apellidoynombre: s.apellidoynombre,
        };
        await actualizar([sembradas[i]!], {
          estado_desde: minuto(10 + s.desde),
          ultimo_cambio_en: minuto(20 + s.cambio),
          // "seis" in every key, after the name: found together, never changing the name's order.
          busqueda: `${claveDeBusqueda(fila)} seis`,
        });
      }
      for (const [letra, usuario] of [
        ['A', 'acosta'],
        ['C', 'zapata'],
        ['E', 'zapata'],
      ] as const)
        await actualizar([numero[letra]], { responsable_id: cuentas.get(usuario)! });
    });

    const CASOS: [OrdenBandeja, Letra[]][] = [
      // Without accents or case; a name before a longer one it begins.
      ['nombre', ['A', 'B', 'F', 'D', 'E', 'C']],
      // As numbers: the 7-digit DNI first.
      ['dni', ['B', 'C', 'D', 'A', 'F', 'E']],
      // Shorter first (digits sort as numbers), digits before letters.
      ['matricula', ['D', 'B', 'A', 'F', 'E', 'C']],
      ['fecha', ['B', 'E', 'C', 'F', 'A', 'D']],
      // Working days, fewest first: the newest instant first.
      ['en_estado', ['F', 'D', 'E', 'B', 'C', 'A']],
      ['ultimo_cambio', ['A', 'C', 'F', 'E', 'D', 'B']],
    ];

    it('each column sorts ascending and descending (descending is the reverse)', async () => {
      for (const [orden, esperado] of CASOS) {
        expect(await letras(`orden=${orden}&dir=asc`), orden).toEqual(esperado);
        expect(await letras(`orden=${orden}`), `${orden} sin dir`).toEqual(esperado);
        expect(await letras(`orden=${orden}&dir=desc`), `${orden} desc`).toEqual([...esperado].reverse());
      }
      const porNumero = (Object.keys(SEIS) as Letra[]).sort((a, b) => (numero[a] < numero[b] ? -1 : 1));
      expect(await letras('orden=numero&dir=asc')).toEqual(porNumero);
      expect(await letras('orden=numero&dir=desc')).toEqual([...porNumero].reverse());
    });

    it('Estado sorts in the lifecycle order and Responsable by name, "Sin asignar" last; each group newest first', async () => {
      expect(await letras('orden=estado&dir=asc')).toEqual(['A', 'F', 'B', 'C', 'D', 'E']);
      expect(await letras('orden=estado&dir=desc')).toEqual(['E', 'D', 'C', 'B', 'A', 'F']);
      expect(await letras('orden=responsable&dir=asc')).toEqual(['C', 'E', 'A', 'D', 'F', 'B']);
      expect(await letras('orden=responsable&dir=desc')).toEqual(['D', 'F', 'B', 'A', 'C', 'E']);
      // With the filters that keep one group, or part of each.
      expect(await letras('orden=estado&dir=desc&estado=recibida')).toEqual(['A', 'F']);
      expect(await letras('orden=responsable&responsable=zapata')).toEqual(['C', 'E']);
      expect(await letras('orden=responsable&dir=desc&responsable=ninguno')).toEqual(['D', 'F', 'B']);
      expect(await letras('orden=estado&responsable=zapata')).toEqual(['C', 'E']);
      expect(await letras('orden=responsable&estado=recibida')).toEqual(['A', 'F']);
    });

    it('the filters keep the order: Estado, Responsable, and both', async () => {
      expect(await letras('orden=nombre&estado=recibida')).toEqual(['A', 'F']);
      expect(await letras('orden=nombre&dir=desc&responsable=ninguno')).toEqual(['D', 'F', 'B']);
      expect(await letras('orden=dni&responsable=zapata')).toEqual(['C', 'E']);
      expect(await letras('orden=en_estado&dir=desc&estado=recibida&responsable=ninguno')).toEqual(['F']);
      expect(await letras('orden=ultimo_cambio&responsable=ninguno')).toEqual(['F', 'D', 'B']);
      expect(await letras('orden=fecha&dir=desc&responsable=zapata')).toEqual(['C', 'E']);
    });

    it('"Con propuesta" keeps every order, its few rows sorted (server/gestion/orden-bandeja.ts)', async () => {
      const conPropuesta: Letra[] = ['A', 'C', 'D', 'F'];
      await ctx.db
        .updateTable('solicitudes')
        .set({ propuesta_id: 'p-orden', propuesta: 'aprobar' })
        .where(
          'numero',
          'in',
          conPropuesta.map((l) => numero[l]),
        )
        .execute();
      try {
        const solo = (letrasEnOrden: Letra[]) => letrasEnOrden.filter((l) => conPropuesta.includes(l));
        for (const [orden, esperado] of CASOS) {
          expect(await letras(`orden=${orden}&dir=asc&propuesta=1`), orden).toEqual(solo(esperado));
          expect(await letras(`orden=${orden}&dir=desc&propuesta=1`), `${orden} desc`).toEqual(
            solo([...esperado].reverse()),
          );
        }
        expect(await letras('orden=estado&dir=asc&propuesta=1')).toEqual(['A', 'F', 'C', 'D']);
        expect(await letras('orden=responsable&dir=asc&propuesta=1')).toEqual(['C', 'A', 'D', 'F']);
        expect(await letras('orden=nombre&estado=recibida&propuesta=1')).toEqual(['A', 'F']);
        expect(await letras('orden=dni&responsable=zapata&propuesta=1')).toEqual(['C']);
      } finally {
        await ctx.db
          .updateTable('solicitudes')
          .set({ propuesta_id: null, propuesta: null })
          .where('propuesta_id', '=', 'p-orden')
          .execute();
      }
    });

    it('"Para hoy" with only work waiting on staff ("Demoradas"): the longest waiting first, as with the Estado filter', async () => {
      const porDemora = await letras('hoy=demoradas&orden=en_estado&dir=desc');
      expect(porDemora.length).toBeGreaterThan(1);
      expect(await letras('hoy=demoradas')).toEqual(porDemora);
      // Not the newest first, which it would be for any other filter.
      expect(await letras('hoy=demoradas&orden=fecha&dir=desc')).not.toEqual(porDemora);
    });

        it('with no order: the longest in its status first for Recibida, En revisión and Corregida; else the newest', async () => {
      expect(await letras('estado=recibida')).toEqual(['A', 'F']);
      await actualizar([numero.B, numero.D], { estado: 'recibida' });
      expect(await letras('estado=recibida')).toEqual(['A', 'B', 'D', 'F']);
      await actualizar([numero.B], { estado: 'en_revision' });
      await actualizar([numero.D], { estado: 'corregida' });
      for (const estado of ['en_revision', 'corregida']) {
        expect(await letras(`estado=${estado}`), estado).toEqual([estado === 'en_revision' ? 'B' : 'D']);
      }
      await actualizar([numero.C, numero.E], { estado: 'observada' });
      expect(await letras('estado=observada')).toEqual(['C', 'E']);
      await actualizar([numero.E], { estado: 'aprobada' });
      expect(await letras('')).toEqual(['D', 'A', 'F', 'C', 'E', 'B']);
      // A chosen order wins over the default.
      expect(await letras('estado=recibida&orden=fecha&dir=desc')).toEqual(['A', 'F']);
      expect(await letras('estado=recibida&orden=en_estado&dir=asc')).toEqual(['F', 'A']);
    });

    it('refuses an order it does not know with 400 and a Spanish message', async () => {
      for (const consulta of [
        'orden=apellido',
        'orden=FECHA',
        'orden=',
        'dir=up',
        'dir=DESC',
        'orden=fecha&dir=',
      ]) {
        const r = await nav.get(`/api/gestion/solicitudes?${consulta}`);
        expect(r.statusCode, consulta).toBe(400);
        const cuerpo = r.json<{ error: string; message: string; fields: Record<string, string> }>();
        expect(cuerpo.error).toBe('VALIDACION');
        expect(cuerpo.message).toBe('Hay datos inválidos en la solicitud. Revisá los campos marcados.');
        expect(Object.values(cuerpo.fields)).toEqual(['Valor inválido.']);
      }
    });

    it('"Último cambio" and "En este estado" in working days; "Demorada" past PLAZO_REVISION_DIAS', async () => {
      const ahora = new Date();
      const atras = (dias: number, ms = 0) =>
        new Date(Date.parse(inicioDelPlazo(ahora, dias)) + ms).toISOString();
      // More than 3 working days in Recibida: Demorada; exactly 3 or in Observada: not.
      await actualizar([numero.A], { estado: 'recibida', estado_desde: atras(PLAZO, -1) });
      await actualizar([numero.F], { estado: 'recibida', estado_desde: atras(PLAZO) });
      await actualizar([numero.B], { estado: 'en_revision', estado_desde: atras(PLAZO + 5) });
      await actualizar([numero.C], { estado: 'observada', estado_desde: atras(PLAZO + 5) });
      await actualizar([numero.D], { estado: 'corregida', estado_desde: atras(PLAZO, -1) });
      await actualizar([numero.E], { estado: 'aprobada', estado_desde: atras(PLAZO + 5) });
      const pagina = await bandeja('?q=seis');
      const marcadas = pagina.filas.filter((f) => f.demorada).map((f) => letraDe.get(f.numero));
      expect(marcadas.sort()).toEqual(['A', 'B', 'D']);
      for (const f of pagina.filas) {
        const dias = diasHabilesEntre(new Date(f.estadoDesde), new Date());
        expect(f.diasEnEstado, f.numero).toBe(dias);
        expect(f.diasUltimoCambio).toBe(diasHabilesEntre(new Date(f.ultimoCambioEn), new Date()));
        expect(f.demorada).toBe(dias > PLAZO && ['recibida', 'en_revision', 'corregida'].includes(f.estado));
      }
      // The filter the Tablero and "Para hoy" use finds exactly the marked rows.
      const porCondicion = await ctx.db
        .selectFrom('solicitudes')
        .select('numero')
        .where((eb) => condicionDemorada(eb, new Date(), PLAZO))
        .where('busqueda', 'like', '%seis%')
        .execute();
      expect(porCondicion.map((f) => letraDe.get(f.numero)).sort()).toEqual(['A', 'B', 'D']);
    });

    it('counts working days from a fixed clock: "Hoy", a weekend, a week', async () => {
      // Wednesday 11 March 2026, 12:00 in Argentina; no holiday from the 2nd to the 11th.
      const ahora = new Date('2026-03-11T15:00:00.000Z');
      for (const d of ['02', '03', '04', '05', '06', '09', '10', '11'])
        expect(esDiaHabil(`2026-03-${d}`)).toBe(true);
      const desde = {
        A: '2026-03-11T12:30:00.000Z', // today, 09:30 in Argentina: 0
        B: '2026-03-10T20:00:00.000Z', // yesterday: 1
        D: '2026-03-06T14:00:00.000Z', // Friday: Monday, Tuesday, Wednesday: 3
        F: '2026-03-04T14:00:00.000Z', // a week ago: 5
        C: '2026-03-03T14:00:00.000Z', // 6, but in Observada
        E: '2026-03-02T14:00:00.000Z', // 7, but Aprobada
      } as const;
      const esperado = { A: 0, B: 1, D: 3, F: 5, C: 6, E: 7 } as const;
      for (const [letra, instante] of Object.entries(desde) as [Letra, string][])
        await actualizar([numero[letra]], { estado_desde: instante, ultimo_cambio_en: instante });
      await actualizar([numero.A, numero.F], { estado: 'recibida' });
      const pagina = await paginaBandeja(ctx.db, {
        q: 'seis',
        estado: '',
        pagina: 1,
        ahora,
        plazoRevisionDias: 4,
      });
      for (const f of pagina.filas) {
        const letra = letraDe.get(f.numero)!;
        expect(f, letra).toMatchObject({
          estadoDesde: desde[letra],
          diasEnEstado: esperado[letra],
          ultimoCambioEn: desde[letra],
          diasUltimoCambio: esperado[letra],
          // Past 4 working days and waiting on staff: only F (5, Recibida).
          demorada: letra === 'F',
        });
      }
    });
  },
  { ...ENTORNO_GESTION, PLAZO_REVISION_DIAS: String(PLAZO) },
);

// Thirty applications alike in every column: pages of any order neither repeat nor skip one, and
// a page that starts inside a group (Estado, Responsable) reads from the right place of it.
conCadaBase('gestión: orden de la bandeja con empates', (ctx) => {
  let numeros: string[];
  let titular: string;

  type Filtro = Partial<Parameters<typeof paginaBandeja>[1]>;
  const pagina = (orden: OrdenBandeja, dir: 'asc' | 'desc', n: number, extra: Filtro = {}) =>
    paginaBandeja(ctx.db, { q: 'empate', estado: '', pagina: n, orden, dir, ...extra });
  const ambas = async (orden: OrdenBandeja, dir: 'asc' | 'desc', extra: Filtro = {}) => {
    const [p1, p2, p3] = await Promise.all([1, 2, 3].map((n) => pagina(orden, dir, n, extra)));
    expect(p1!.filas).toHaveLength(25);
    expect(p3!.filas).toEqual([]);
    expect(p1!.total).toBe(30);
    return [...p1!.filas, ...p2!.filas].map((f) => f.numero);
  };

  beforeAll(async () => {
    await sembrarEnMasa(ctx, 30, { nombre: 'Empate' });
    await altaPersonal(ctx.db, {
      usuario: 'titular',
      nombre: 'Titular',
      rol: 'revisor',
      contrasena: CONTRASENA_DE_PRUEBA,
    });
    titular = (await ctx.db.selectFrom('personal').select('id').executeTakeFirstOrThrow()).id;
    const filas = await ctx.db.selectFrom('solicitudes').select(['id', 'numero']).orderBy('numero').execute();
    numeros = filas.map((f) => f.numero);
    const igual = { apellidoynombre: 'Empate, Igual', dni: '20000000', matricula: '100' };
    for (const [i, f] of filas.entries()) {
      await ctx.db
        .updateTable('solicitudes')
        .set({
          ...igual,
          busqueda: claveDeBusqueda({ numero: f.numero, ...igual }),
          creada_en: '2025-01-01T12:00:00.000Z',
          estado_desde: '2025-01-02T12:00:00.000Z',
          ultimo_cambio_en: '2025-01-03T12:00:00.000Z',
          // Two groups of each grouped order, the second starting inside page 1.
          estado: i % 3 === 0 ? 'en_revision' : 'recibida',
          responsable_id: i % 3 === 0 ? titular : null,
        })
        .where('id', '=', f.id)
        .execute();
    }
  });

  it('every order breaks ties by number: two pages hold the thirty once each', async () => {
    const ascendente = [...numeros];
    const descendente = [...numeros].reverse();
    for (const orden of ORDENES_BANDEJA) {
      if (orden === 'estado' || orden === 'responsable') continue;
      // The instants shown as days since walk backwards when ascending.
      const invertida = orden === 'en_estado' || orden === 'ultimo_cambio';
      expect(await ambas(orden, 'asc'), orden).toEqual(invertida ? descendente : ascendente);
      expect(await ambas(orden, 'desc'), orden).toEqual(invertida ? ascendente : descendente);
    }
  });

  it('Estado and Responsable: group after group, a later page from inside a group', async () => {
    const enRevision = numeros.filter((_, i) => i % 3 === 0).reverse();
    const recibidas = numeros.filter((_, i) => i % 3 !== 0).reverse();
    expect(await ambas('estado', 'asc')).toEqual([...recibidas, ...enRevision]);
    expect(await ambas('estado', 'desc')).toEqual([...enRevision, ...recibidas]);
    expect(await ambas('responsable', 'asc')).toEqual([...enRevision, ...recibidas]);
    expect(await ambas('responsable', 'desc')).toEqual([...recibidas, ...enRevision]);
    // Page 2 of a group alone, and past the end.
    const p = await pagina('estado', 'asc', 1, { estado: 'recibida' });
    expect(p.filas.map((f) => f.numero)).toEqual(recibidas);
    expect((await pagina('responsable', 'asc', 2, { responsableId: null })).filas).toEqual([]);
  });
});

// On SQLite every sorted page is a walk of an index in the page's order, never a sort of the
// rows: the plans of the queries each order makes, with each filter.
conCadaBase('gestión: orden de la bandeja, planes de SQLite', (ctx) => {
  it('no order, filter or search makes SQLite sort the rows', async () => {
    if (ctx.motor !== 'sqlite') return;
    await sembrarEnMasa(ctx, 30, { nombre: 'Plan' });
    // An account that holds none of them ("Mías" of someone with nothing).
    await altaPersonal(ctx.db, {
      usuario: 'nadie',
      nombre: 'Nadie',
      rol: 'revisor',
      contrasena: CONTRASENA_DE_PRUEBA,
    });
    const nadie = (await ctx.db.selectFrom('personal').select('id').executeTakeFirstOrThrow()).id;
    const consultas: CompiledQuery[] = [];
    const espia = ctx.db.withPlugin({
      transformQuery: ({ node, queryId }) => {
        consultas.push(ctx.db.getExecutor().compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const filtros: Partial<Parameters<typeof paginaBandeja>[1]>[] = [
      {},
      { estado: 'recibida' },
      { responsableId: null },
      { responsableId: nadie },
      { estado: 'aprobada', responsableId: null },
      { q: 'plan' },
      { propuesta: CON_PROPUESTA },
      { estado: 'recibida', propuesta: CON_PROPUESTA },
      { responsableId: null, propuesta: CON_PROPUESTA },
    ];
    for (const orden of ORDENES_BANDEJA) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const filtro of filtros) {
          for (const n of [1, 2]) {
            consultas.length = 0;
            await paginaBandeja(espia, { q: '', estado: '', pagina: n, orden, dir, ...filtro });
            // The page's numbers: the query that orders (the rows are read by number after it).
            // The page's numbers (a column's walk, or a group's): the queries that order.
            const ordenadas = consultas.filter(
              (c) => /^select "numero" from "solicitudes"/.test(c.sql) && /order by/.test(c.sql),
            );
            // (A later page of a grouped order whose groups' counts end before it reads none.)
            if (n === 1)
              expect(ordenadas.length, `${orden} ${dir} ${JSON.stringify(filtro)}`).toBeGreaterThan(0);
            for (const c of ordenadas) {
              const plan = await ctx.db.executeQuery<{ detail: string }>(
                CompiledQuery.raw(`explain query plan ${c.sql}`, [...c.parameters]),
              );
              const detalle = plan.rows.map((r) => r.detail).join(' | ');
              const donde = `${orden} ${dir} ${JSON.stringify(filtro)} p${n}: ${detalle}`;
              if (filtro.propuesta) {
                // Few rows, read from their own partial index and sorted (server/gestion/orden-bandeja.ts).
                expect(detalle, donde).toMatch(/INDEX solicitudes_con_propuesta/);
                expect(detalle, donde).not.toMatch(/INDEX (?!solicitudes_con_propuesta)/);
              } else {
                expect(detalle, donde).not.toMatch(/TEMP B-TREE/);
                expect(detalle, donde).toMatch(/COVERING INDEX/);
              }
            }
          }
        }
      }
    }
  });
});
