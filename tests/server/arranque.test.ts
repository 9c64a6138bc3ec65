// First start: several processes migrating and seeding one new database at the same time (a
// deployment with several API processes) all come up, and the seed happens once.
import { describe, expect, it } from 'vitest';
import { prepararBase } from '../../server/app.js';
import { comoNumero } from '../../server/db/conexion.js';
import { crearEntorno, MOTORES } from './ayuda/bases.js';

for (const { motor, disponible } of MOTORES) {
  (disponible ? describe : describe.skip)(`primer arranque [${motor}]`, () => {
    it('cuatro arranques simultáneos migran y siembran una sola vez', async () => {
      const entorno = await crearEntorno(motor);
      try {
        const conexiones = await Promise.all([1, 2, 3, 4].map(() => prepararBase(entorno.config)));
        const { db } = conexiones[0]!;
        const localidades = await db
          .selectFrom('localidades')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst();
        expect(comoNumero(localidades?.n)).toBe(24);
        const padron = await db
          .selectFrom('padron')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst();
        expect(comoNumero(padron?.n)).toBe(5);
        for (const c of conexiones) await c.db.destroy();
      } finally {
        await entorno.limpiar();
      }
    });
  });
}
