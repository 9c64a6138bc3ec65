// GET /api/gestion/solicitudes (producto §9): newest first, 25 a page, the search by number, DNI,
// matrícula or any part of the name (accent- and case-insensitive, the same on both engines), the
// status filter, and the capped count.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTEO_MAXIMO, FILAS_POR_PAGINA, type PaginaBandeja } from '../../domain/index.js';
import { paginaBandeja } from '../../server/servicios/bandeja.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { ENTORNO_GESTION, enviarSolicitud, sembrar, sembrarEnMasa } from './ayuda/gestion-solicitudes.js';
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

    it('busca por DNI (entero o una parte), por matrícula y por número', async () => {
      expect(numeros(await bandeja('?q=28999888'))).toEqual([pena]);
      expect(numeros(await bandeja('?q=2899988'))).toEqual([pena]);
      expect(numeros(await bandeja('?q=mp10203'))).toEqual([pena]);
      expect(numeros(await bandeja('?q=MP10203'))).toEqual([pena]);
      expect(numeros(await bandeja('?q=4321'))).toEqual([gomez]);
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
      const enRevision = serie.filter((_, i) => i % 3 === 0).reverse();
      const p = await bandeja('?estado=en_revision');
      expect(numeros(p)).toEqual(enRevision);
      expect(p.total).toBe(10);
      expect(numeros(await bandeja('?estado=aprobada'))).toEqual([gomez]);
      expect(numeros(await bandeja('?estado=aprobada&q=pena'))).toEqual([]);
      expect(numeros(await bandeja('?estado=recibida&q=pena'))).toEqual([pena]);
      expect(numeros(await bandeja('?estado=en_revision&q=persona%2003'))).toEqual([serie[3]]);
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
  });
});
