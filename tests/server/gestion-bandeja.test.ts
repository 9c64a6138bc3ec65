// GET /api/gestion/solicitudes (producto §9): newest first, 25 a page, the search by number, DNI,
// matrícula or any part of the name (accent- and case-insensitive, the same on both engines), the
// status filter, and the capped count; "Plazo vencido" and "Vence en 30 días" (producto §11).
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTEO_MAXIMO, FILAS_POR_PAGINA, type PaginaBandeja } from '../../domain/index.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { contarHasta, paginaBandeja, vencimientoDe } from '../../server/gestion/bandeja.js';
import { sumarDias } from '../../server/gestion/vigencias.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import {
  ENTORNO_GESTION,
  enviarSolicitud,
  ponerEstado,
  sembrar,
  sembrarEnMasa,
  idDeSolicitud,
} from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';

const minuto = (n: number) => new Date(Date.UTC(2026, 0, 1, 12, n)).toISOString();

conCadaBase(
  'gestión: bandeja de solicitudes',
  (ctx) => {
    let nav: Navegador;
    let real: string;
    let pena: string;
    let gomez: string;
    let serie: string[];

    const bandeja = async (consulta: string): Promise<PaginaBandeja> => {
      const r = await nav.get(`/api/gestion/solicitudes${consulta}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<PaginaBandeja>();
    };
    const numeros = (p: PaginaBandeja) => p.filas.map((f) => f.numero);

    beforeAll(async () => {
      nav = await ingresarComo(ctx, 'revisora', 'revisor');
      // One application sent through the real routes (Pérez, Juan Carlos; 30111222 / 12345) …
      real = (await enviarSolicitud(ctx)).numero;
      await ctx.db
        .updateTable('solicitudes')
        .set({ creada_en: minuto(50) })
        .where('numero', '=', real)
        .execute();
      // … and the rest stored through insertar(), with dates that fix the order.
      const semillas = await sembrar(ctx, [
        {
          apellidoynombre: 'Peña Núñez, María José',
          dni: '28999888',
          matricula: 'MP10203',
          creadaEn: minuto(45),
        },
        {
          apellidoynombre: 'Gómez, Ana Inés',
          dni: '25444555',
          matricula: '4321',
          creadaEn: minuto(44),
          estado: 'aprobada',
        },
      ]);
      [pena, gomez] = semillas as [string, string];
      serie = await sembrar(
        ctx,
        Array.from({ length: 30 }, (_, i) => ({
          apellidoynombre: `Serie Paginada, Persona ${String(i).padStart(2, '0')}`,
          dni: String(40_000_000 + i),
          matricula: String(70_000 + i),
          creadaEn: minuto(i),
          estado: i % 3 === 0 ? ('en_revision' as const) : ('recibida' as const),
        })),
      );
    });

    it('sin filtro: las más nuevas primero, 25 por página, y el total exacto', async () => {
      const p1 = await bandeja('');
      expect(p1).toMatchObject({ pagina: 1, porPagina: FILAS_POR_PAGINA, total: 33, totalExacto: true });
      expect(p1.filas).toHaveLength(25);
      const esperados = [real, pena, gomez, ...[...serie].reverse()];
      expect(numeros(p1)).toEqual(esperados.slice(0, 25));
      expect(p1.filas[0]).toEqual({
        numero: real,
        creadaEn: minuto(50),
        apellidoynombre: 'Pérez, Juan Carlos',
        dni: '30111222',
        matricula: '12345',
        estado: 'recibida',
        plazoVencido: false,
        responsable: null,
        dniRepetido: false,
        // Sent today (producto §15: tests/server/gestion-orden.test.ts checks these).
        ultimoCambioEn: expect.any(String),
        diasUltimoCambio: 0,
        estadoDesde: expect.any(String),
        diasEnEstado: 0,
        demorada: false,
      });
      const p2 = await bandeja('?pagina=2');
      expect(numeros(p2)).toEqual(esperados.slice(25));
      expect(p2).toMatchObject({ pagina: 2, total: 33, totalExacto: true });
      // Past the end: no rows, and still the total.
      const p9 = await bandeja('?pagina=9');
      expect(p9.filas).toEqual([]);
      expect(p9.total).toBe(33);
    });

    it('el mismo instante se ordena por número, de mayor a menor', async () => {
      const empatadas = await sembrar(ctx, [
        { apellidoynombre: 'Empate Uno', creadaEn: minuto(55) },
        { apellidoynombre: 'Empate Dos', creadaEn: minuto(55) },
        { apellidoynombre: 'Empate Tres', creadaEn: minuto(55) },
      ]);
      const p = await bandeja('?q=empate');
      expect(numeros(p)).toEqual([...empatadas].sort().reverse());
      await ctx.db
        .deleteFrom('historial')
        .where(
          'solicitud_id',
          'in',
          ctx.db.selectFrom('solicitudes').select('id').where('numero', 'in', empatadas),
        )
        .execute();
      await ctx.db
        .deleteFrom('equipos')
        .where(
          'solicitud_id',
          'in',
          ctx.db.selectFrom('solicitudes').select('id').where('numero', 'in', empatadas),
        )
        .execute();
      await ctx.db
        .deleteFrom('solicitud_documentos')
        .where(
          'solicitud_id',
          'in',
          ctx.db.selectFrom('solicitudes').select('id').where('numero', 'in', empatadas),
        )
        .execute();
      await ctx.db.deleteFrom('solicitudes').where('numero', 'in', empatadas).execute();
    });

    it('busca por parte del nombre sin distinguir acentos ni mayúsculas', async () => {
      for (const q of ['peña', 'PENA', 'Pena', 'núñez', 'NUNEZ', 'maría josé', 'MARIA JOSE', 'ña nú']) {
        expect(numeros(await bandeja(`?q=${encodeURIComponent(q)}`)), q).toEqual([pena]);
      }
      expect(numeros(await bandeja('?q=' + encodeURIComponent('pérez')))).toEqual([real]);
      expect(numeros(await bandeja('?q=ines'))).toEqual([gomez]);
      // Spaces around the term do not count; spaces alone are no search.
      expect(numeros(await bandeja('?q=' + encodeURIComponent('  gomez  ')))).toEqual([gomez]);
      expect((await bandeja('?q=' + encodeURIComponent('   '))).total).toBe(33);
      const nada = await bandeja('?q=zzzqqq');
      expect(nada).toMatchObject({ filas: [], total: 0, totalExacto: true });
    });

    it('busca las palabras en cualquier orden: todas deben estar', async () => {
      for (const q of [
        'juan perez',
        'Juan Pérez',
        'perez juan',
        'carlos, pérez',
        'juan;perez',
        'PEREZ JUAN CARLOS',
      ]) {
        expect(numeros(await bandeja(`?q=${encodeURIComponent(q)}`)), q).toEqual([real]);
      }
      expect(numeros(await bandeja(`?q=${encodeURIComponent('josé peña maría')}`))).toEqual([pena]);
      // Every word must be there: one that no row holds leaves nothing.
      expect((await bandeja(`?q=${encodeURIComponent('juan perez zzzqqq')}`)).total).toBe(0);
      // A word and a DNI or a matrícula together narrow the same way.
      expect(numeros(await bandeja(`?q=${encodeURIComponent('mp10203 peña')}`))).toEqual([pena]);
      expect((await bandeja(`?q=${encodeURIComponent('mp10203 perez')}`)).total).toBe(0);
    });

    it('busca por DNI (entero o una parte), por matrícula y por número', async () => {
      expect(numeros(await bandeja('?q=28999888'))).toEqual([pena]);
      expect(numeros(await bandeja('?q=2899988'))).toEqual([pena]);
      expect(numeros(await bandeja('?q=mp10203'))).toEqual([pena]);
      expect(numeros(await bandeja('?q=MP10203'))).toEqual([pena]);
      // A generated number may hold "4321" too (AMR-43218C once): such a match is by number.
      const porMatricula = numeros(await bandeja('?q=4321'));
      expect(porMatricula).toContain(gomez);
      for (const n of porMatricula) if (n !== gomez) expect(n).toContain('4321');
      expect(numeros(await bandeja(`?q=${real}`))).toEqual([real]);
      expect(numeros(await bandeja(`?q=${real.toLowerCase()}`))).toEqual([real]);
      expect(numeros(await bandeja(`?q=${real.slice(4)}`))).toContain(real);
      expect(numeros(await bandeja('?q=40000017'))).toEqual([serie[17]]);
    });

    it('los comodines de LIKE se buscan como texto', async () => {
      for (const q of ['%', '_', '\\', '%a%', 'p_rez']) {
        expect((await bandeja(`?q=${encodeURIComponent(q)}`)).total, q).toBe(0);
      }
      const [conComodines] = await sembrar(ctx, [
        { apellidoynombre: 'Cien%_Por\\Ciento', creadaEn: minuto(1) },
      ]);
      expect(numeros(await bandeja(`?q=${encodeURIComponent('%_por\\')}`))).toEqual([conComodines]);
      expect((await bandeja(`?q=${encodeURIComponent('%')}`)).total).toBe(1);
      await ctx.db
        .updateTable('solicitudes')
        .set({ estado: 'rechazada' })
        .where('numero', '=', conComodines!)
        .execute();
    });

    it('filtra por estado, solo o con la búsqueda', async () => {
      // En revisión waits on staff: the longest in its status first (producto §15), here the oldest.
      const enRevision = serie.filter((_, i) => i % 3 === 0);
      const p = await bandeja('?estado=en_revision');
      expect(numeros(p)).toEqual(enRevision);
      expect(p.total).toBe(10);
      expect(numeros(await bandeja('?estado=aprobada'))).toEqual([gomez]);
      expect(numeros(await bandeja('?estado=aprobada&q=pena'))).toEqual([]);
      expect(numeros(await bandeja('?estado=recibida&q=pena'))).toEqual([pena]);
      // "persona 03": both words, in any order; a generated number may hold "03" too.
      const persona03 = numeros(await bandeja('?estado=en_revision&q=persona%2003'));
      expect(persona03).toContain(serie[3]);
      for (const n of persona03) if (n !== serie[3]) expect(n).toContain('03');
      expect((await bandeja('?estado=')).total).toBe(34);
    });

    it('pagina una búsqueda: 25, el resto, y después nada, con el mismo total', async () => {
      const esperados = [...serie].reverse();
      const p1 = await bandeja('?q=serie');
      expect(numeros(p1)).toEqual(esperados.slice(0, 25));
      expect(p1).toMatchObject({ total: 30, totalExacto: true });
      const p2 = await bandeja('?q=serie&pagina=2');
      expect(numeros(p2)).toEqual(esperados.slice(25));
      expect(p2.total).toBe(30);
      const p3 = await bandeja('?q=serie&pagina=3');
      expect(p3).toMatchObject({ filas: [], total: 30 });
      const exacta = await bandeja('?q=persona&estado=recibida&pagina=1');
      expect(exacta.total).toBe(20);
    });

    it('rechaza con 400 una consulta fuera de lo admitido', async () => {
      for (const consulta of [
        '?pagina=0',
        '?pagina=-1',
        '?pagina=10001',
        '?pagina=uno',
        '?estado=borrador',
        `?q=${'a'.repeat(101)}`,
      ]) {
        const r = await nav.get(`/api/gestion/solicitudes${consulta}`);
        expect(r.statusCode, consulta).toBe(400);
        expect(r.json().error).toBe('VALIDACION');
      }
      expect((await nav.get(`/api/gestion/solicitudes?q=${'a'.repeat(100)}`)).statusCode).toBe(200);
      expect((await nav.get('/api/gestion/solicitudes?pagina=10000')).statusCode).toBe(200);
    });

    it('la bandeja no escribe auditoría', async () => {
      const antes = await ctx.db
        .selectFrom('auditoria')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      await bandeja('?q=pena');
      const despues = await ctx.db
        .selectFrom('auditoria')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(despues.n)).toBe(Number(antes.n));
    });

    // From here on the tests add applications of their own (after the counts above).

    const idDe = (numero: string) => idDeSolicitud(ctx, numero);
    const fila = async (numero: string) =>
      (await bandeja(`?q=${numero}`)).filas.find((f) => f.numero === numero)!;

    it('marca "Plazo vencido" cuando el enlace de corrección más nuevo venció sin usarse', async () => {
      const [vencida, usada, vigente, rechazada] = await sembrar(
        ctx,
        ['Uno', 'Dos', 'Tres', 'Cuatro'].map((n) => ({
          apellidoynombre: `Plazos, ${n}`,
          creadaEn: minuto(2),
          estado: 'en_revision' as const,
        })),
      );
      // Observed through the real route: each move opens a correction link (producto §11).
      const observar = async (numero: string) => {
        const r = await nav.post(`/api/gestion/solicitudes/${numero}/estado`, {
          desde: 'en_revision',
          hacia: 'observada',
          motivo: 'La póliza no se lee.',
          documentos: ['PolizaMalaPraxis'],
        });
        expect(r.statusCode, r.body).toBe(200);
      };
      for (const n of [vencida!, usada!, vigente!, rechazada!]) await observar(n);
      const pasado = Date.now() - 60_000;
      const vencer = async (numero: string) =>
        ctx.db
          .updateTable('correcciones')
          .set({ vence_ms: pasado })
          .where('solicitud_id', '=', await idDe(numero))
          .execute();

      for (const n of [vencida!, usada!, vigente!, rechazada!])
        expect((await fila(n)).plazoVencido, n).toBe(false);
      await vencer(vencida!);
      await vencer(usada!);
      await ctx.db
        .updateTable('correcciones')
        .set({ usada_en: new Date().toISOString() })
        .where('solicitud_id', '=', await idDe(usada!))
        .execute();
      await vencer(rechazada!);
      await ponerEstado(ctx, rechazada!, 'rechazada');
      expect(await fila(vencida!)).toMatchObject({ estado: 'observada', plazoVencido: true });
      expect((await fila(usada!)).plazoVencido).toBe(false);
      expect((await fila(vigente!)).plazoVencido).toBe(false);
      expect(await fila(rechazada!)).toMatchObject({ estado: 'rechazada', plazoVencido: false });
      // The inbox's own page shows the mark too, with the status filter.
      const observadas = await bandeja('?estado=observada&q=plazos');
      expect(observadas.filas.filter((f) => f.plazoVencido).map((f) => f.numero)).toEqual([vencida]);

      // Observed again: the newest link decides, not the expired older one.
      await ponerEstado(ctx, vencida!, 'en_revision');
      await new Promise((listo) => setTimeout(listo, 5));
      await observar(vencida!);
      expect((await fila(vencida!)).plazoVencido).toBe(false);
      const enlaces = await ctx.db
        .selectFrom('correcciones')
        .select(['id', 'creada_en'])
        .where('solicitud_id', '=', await idDe(vencida!))
        .orderBy('creada_en', 'desc')
        .execute();
      expect(enlaces).toHaveLength(2);
      await ctx.db
        .updateTable('correcciones')
        .set({ vence_ms: pasado })
        .where('id', '=', enlaces[0]!.id)
        .execute();
      expect((await fila(vencida!)).plazoVencido).toBe(true);
    });

    it('"Vence en 30 días": las que tienen un documento que vence entre hoy y dentro de 30 días', async () => {
      const hoy = diaArgentino(new Date());
      const casos = [
        ['Hoy', hoy, true],
        ['Diez', sumarDias(hoy, 10), true],
        ['Treinta', sumarDias(hoy, 30), true],
        ['Treintayuno', sumarDias(hoy, 31), false],
        ['Ayer', sumarDias(hoy, -1), false],
        ['Sin fecha', null, false],
      ] as const;
      const numerosVence = await sembrar(
        ctx,
        casos.map(([n], i) => ({
          apellidoynombre: `Vencimientos, ${n}`,
          creadaEn: new Date(Date.UTC(2026, 0, 1, 12, 3, i)).toISOString(),
        })),
      );
      for (const [i, [, hasta]] of casos.entries()) {
        if (hasta === null) continue;
        const id = await idDe(numerosVence[i]!);
        // Two documents with an end date: one of them in the window is enough.
        const docs = await ctx.db
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
          .select(['sd.documento_id', 'd.clave'])
          .where('sd.solicitud_id', '=', id)
          .where('d.clave', 'in', ['PolizaMalaPraxis', 'ReciboOCarnetArteDeCurar'])
          .execute();
        for (const d of docs) {
          await ctx.db
            .updateTable('solicitud_documentos')
            .set({ vigente_hasta: d.clave === 'PolizaMalaPraxis' ? hasta : sumarDias(hoy, 400) })
            .where('solicitud_id', '=', id)
            .where('documento_id', '=', d.documento_id)
            .execute();
        }
      }
      const dentro = numerosVence.filter((_, i) => casos[i]![2]).reverse();
      expect(numeros(await bandeja('?vence=30&q=vencimientos'))).toEqual(dentro);
      // Alone, with the status filter, and off.
      const solo = await bandeja('?vence=30');
      expect(numeros(solo)).toEqual(dentro);
      expect(solo).toMatchObject({ total: 3, totalExacto: true });
      // Recibida waits on staff: the longest in its status first (producto §15).
      expect(numeros(await bandeja('?vence=30&estado=recibida'))).toEqual([...dentro].reverse());
      expect(numeros(await bandeja('?vence=30&estado=aprobada'))).toEqual([]);
      expect((await bandeja('?q=vencimientos')).total).toBe(casos.length);
      expect((await bandeja('?vence=&q=vencimientos')).total).toBe(casos.length);
      for (const malo of ['7', '31', 'si', '1']) {
        const r = await nav.get(`/api/gestion/solicitudes?vence=${malo}`);
        expect(r.statusCode, malo).toBe(400);
      }
      // Through the service too (the page's count when it is not the last page).
      expect((await paginaBandeja(ctx.db, { q: '', estado: '', pagina: 2, vence: '30' })).total).toBe(3);
      // Both ways of reading the window (few matches: by the set; many: walking) agree.
      const v = (await vencimientoDe(ctx.db, { q: '', estado: '', vence: '30' }))!;
      expect(v).toEqual({
        desde: hoy,
        hasta: sumarDias(hoy, 30),
        porConjunto: true,
        comoArreglo: ctx.motor === 'postgres',
      });
      for (const porConjunto of [true, false]) {
        for (const [q, n] of [
          ['', 3],
          ['vencimientos', 3],
          ['treintayuno', 0],
        ] as const) {
          expect(
            await contarHasta(ctx.db, { q, estado: '', vence: '30' }, 100, { ...v, porConjunto }),
            q,
          ).toBe(n);
        }
      }
    });
  },
  ENTORNO_GESTION,
);

// More matches than CONTEO_MAXIMO: the count stops there and says it is not exact.
conCadaBase('gestión: bandeja con más de CONTEO_MAXIMO coincidencias', (ctx) => {
  describe('conteo', () => {
    beforeAll(async () => {
      await sembrarEnMasa(ctx, CONTEO_MAXIMO + 5, { estado: (n) => (n % 2 === 0 ? 'recibida' : 'aprobada') });
    }, 120_000);

    it('cuenta hasta CONTEO_MAXIMO y dice que hay más', async () => {
      const sinFiltro = await paginaBandeja(ctx.db, { q: '', estado: '', pagina: 1 });
      expect(sinFiltro).toMatchObject({ total: CONTEO_MAXIMO, totalExacto: false });
      const busqueda = await paginaBandeja(ctx.db, { q: 'masiva', estado: '', pagina: 3 });
      expect(busqueda).toMatchObject({ total: CONTEO_MAXIMO, totalExacto: false });
      expect(busqueda.filas[0]!.apellidoynombre).toBe(`Masiva, Persona ${CONTEO_MAXIMO + 4 - 50}`);
      const mitad = await paginaBandeja(ctx.db, { q: 'masiva', estado: 'recibida', pagina: 1 });
      expect(mitad).toMatchObject({ total: Math.ceil((CONTEO_MAXIMO + 5) / 2), totalExacto: true });
      // A deep page: the 25 numbers come from the index, then their rows.
      const profunda = await paginaBandeja(ctx.db, { q: '', estado: '', pagina: 401 });
      expect(profunda.filas.map((f) => f.apellidoynombre)).toEqual(
        Array.from({ length: 5 }, (_, i) => `Masiva, Persona ${4 - i}`),
      );
    });

    it('"Vence en 30 días" entre miles: solo las que vencen, y sin contar de más', async () => {
      // Bare applications have no documents: link one real upload's policy to three of them.
      const doc = await ctx.db
        .selectFrom('documentos')
        .select('id')
        .where('clave', '=', 'PolizaMalaPraxis')
        .executeTakeFirst();
      const hoy = diaArgentino(new Date());
      const filas = await ctx.db
        .selectFrom('solicitudes')
        .select(['id', 'apellidoynombre'])
        .where('apellidoynombre', 'in', ['Masiva, Persona 7', 'Masiva, Persona 5000', 'Masiva, Persona 9000'])
        .execute();
      const documentoId =
        doc?.id ??
        (
          await ctx.db
            .insertInto('documentos')
            .values({
              id: 'poliza-de-prueba',
              borrador_id: filas[0]!.id,
              clave: 'PolizaMalaPraxis',
              extension: 'pdf',
              mime: 'application/pdf',
              bytes: 1,
              sha256: '0'.repeat(64),
              archivo: 'poliza-de-prueba',
              creado_en: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      await ctx.db
        .insertInto('solicitud_documentos')
        .values(
          filas.map((f) => ({
            solicitud_id: f.id,
            documento_id: documentoId,
            nombre: 'PolizaMalaPraxis.pdf',
            vigente_hasta: sumarDias(hoy, 3),
          })),
        )
        .execute();
      const p = await paginaBandeja(ctx.db, { q: '', estado: '', pagina: 1, vence: '30' });
      expect(p.filas.map((f) => f.apellidoynombre)).toEqual([
        'Masiva, Persona 9000',
        'Masiva, Persona 5000',
        'Masiva, Persona 7',
      ]);
      expect(p).toMatchObject({ total: 3, totalExacto: true });
      const conEstado = await paginaBandeja(ctx.db, {
        q: 'masiva',
        estado: 'aprobada',
        pagina: 1,
        vence: '30',
      });
      expect(conEstado.filas.map((f) => f.apellidoynombre)).toEqual(['Masiva, Persona 7']);
    });
  });
});
