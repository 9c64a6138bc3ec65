// GET /api/gestion/solicitudes (producto §9): newest first, 25 a page, the search by number, DNI,
// matrícula or any part of the name (accent- and case-insensitive, the same on both engines), the
// status filter, and the refused queries. Its marks ("Plazo vencido", "Vence en 30 días") are in
// tests/server/gestion-bandeja-vencimientos.test.ts; the capped count in
// tests/server/gestion-bandeja-conteo.test.ts.
import { beforeAll, expect, it } from 'vitest';
import { FILAS_POR_PAGINA, type PaginaBandeja } from '../../domain/index.js';
import { leerBandeja, minuto, numeros } from './ayuda/bandeja.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { ENTORNO_GESTION, enviarSolicitud, sembrar } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';

conCadaBase(
  'gestión: bandeja de solicitudes',
  (ctx) => {
    let nav: Navegador;
    let real: string;
    let pena: string;
    let gomez: string;
    let serie: string[];

    const bandeja = (consulta: string): Promise<PaginaBandeja> => leerBandeja(nav, consulta);

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
  },
  ENTORNO_GESTION,
);
