// The inbox among thousands (producto §9): with more matches than CONTEO_MAXIMO the count stops
// there and says it is not exact, a deep page still finds its rows, and "Vence en 30 días" finds
// only the few that end soon, counted exactly.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTEO_MAXIMO } from '../../domain/index.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { paginaBandeja } from '../../server/gestion/bandeja.js';
import { sumarDias } from '../../server/gestion/vigencias.js';
import { conCadaBase } from './ayuda/contexto.js';
import { sembrarEnMasa } from './ayuda/gestion-solicitudes.js';

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
