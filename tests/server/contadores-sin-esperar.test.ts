// The counters commit without waiting for the disk (server/db/contadores.ts): only their own
// statement, never another write. On SQLite the one connection is back to synchronous=FULL
// afterwards, also when the write fails (server/db/conexion.ts sinFsyncSqlite); on PostgreSQL the
// setting is local to the counter's own statement, never left on a pooled connection. Several
// keys are counted, and read, in one statement each.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBase, sinFsyncSqlite, type Conexion } from '../../server/db/conexion.js';
import { CLAVES, leer, leerVarias, sumar, sumarVarias } from '../../server/db/contadores.js';
import type { Db } from '../../server/db/esquema.js';
import { migrar } from '../../server/db/migraciones.js';
import { crearEntorno, MOTORES, type Entorno } from './ayuda/bases.js';

const FULL = 2;
const NORMAL = 1;

for (const { motor, disponible } of MOTORES) {
  (disponible ? describe : describe.skip)(`contadores sin esperar al disco [${motor}]`, () => {
    let entorno: Entorno;
    let conexion: Conexion;

    /** What a statement on `db` commits with (by default, the next ordinary one). */
    async function sincronia(db: Db = conexion.db): Promise<string | number> {
      if (motor === 'sqlite') {
        const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
        return rows[0]!.synchronous;
      }
      const { rows } = await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(
        db,
      );
      return rows[0]!.s;
    }
    const normal = motor === 'sqlite' ? FULL : 'on';

    beforeAll(async () => {
      entorno = await crearEntorno(motor);
      conexion = abrirBase(entorno.config);
      await migrar(conexion.db);
    });
    afterAll(async () => {
      await conexion?.db.destroy();
      await entorno?.limpiar();
    });

    it('sumar cuenta y lee en una sola escritura, y lo demás sigue esperando al disco', async () => {
      expect(await sincronia()).toBe(normal);
      const clave = CLAVES.subidas('198.51.100.7');
      expect((await sumar(conexion, clave, 1, 60_000)).valor).toBe(1);
      expect((await sumar(conexion, clave, 2, 60_000)).valor).toBe(3);
      expect((await leer(conexion.db, clave)).valor).toBe(3);
      expect(await sincronia()).toBe(normal);
    });

    it('sumarVarias cuenta varias claves en una sentencia, cada una con su ventana; leerVarias las lee juntas', async () => {
      const [a, b, c] = ['198.51.100.20', '198.51.100.21', '198.51.100.22'].map(CLAVES.borradores);
      const t = Date.now();
      await sumar(conexion, a!, 5, 1_000, t - 2_000); // a window already ended: it starts over
      const sumadas = await sumarVarias(
        conexion,
        [
          { clave: a!, cantidad: 1 },
          { clave: b!, cantidad: 7 },
        ],
        60_000,
        t,
      );
      expect(sumadas).toEqual(
        new Map([
          [a, { valor: 1, restanteMs: 60_000 }],
          [b, { valor: 7, restanteMs: 60_000 }],
        ]),
      );
      expect((await sumarVarias(conexion, [{ clave: b!, cantidad: 3 }], 60_000, t + 10)).get(b!)).toEqual({
        valor: 10,
        restanteMs: 59_990,
      });
      const leidas = await leerVarias(conexion.db, [a!, b!, c!], t + 10);
      expect([...leidas.values()].map((l) => l.valor)).toEqual([1, 10, 0]);
      expect(await sincronia()).toBe(normal);
    });

    if (motor === 'sqlite')
      it('dentro, la escritura no espera; después, vuelve a esperar, también si falló', async () => {
        expect(await sinFsyncSqlite(conexion.db, (db) => sincronia(db))).toBe(NORMAL);
        await expect(
          sinFsyncSqlite(conexion.db, async (db) => {
            await sql`insert into tabla_que_no_existe values (1)`.execute(db);
          }),
        ).rejects.toThrow();
        expect(await sincronia()).toBe(FULL);
      });

    if (motor === 'postgres')
      it('el ajuste vale solo para la sentencia del contador: ninguna conexión del grupo queda sin esperar', async () => {
        // More at once than the pool has connections, so every connection has counted.
        await Promise.all(
          Array.from({ length: 25 }, (_, i) => sumar(conexion, CLAVES.bytes(`198.51.100.${i}`), 10, 60_000)),
        );
        const vistas = await Promise.all(Array.from({ length: 25 }, () => sincronia()));
        expect(new Set(vistas)).toEqual(new Set(['on']));
        expect((await leer(conexion.db, CLAVES.bytes('198.51.100.3'))).valor).toBe(10);
      });

    it('una transacción que empieza mientras se cuenta sigue esperando al disco', async () => {
      // Both at once: the counter holds SQLite's one connection, so the transaction waits for it
      // (and finds FULL again); on PostgreSQL it runs on another connection of the pool.
      const [, enLaTransaccion] = await Promise.all([
        sumar(conexion, CLAVES.envios('198.51.100.8'), 1, 60_000),
        conexion.db.transaction().execute((trx) => sincronia(trx)),
      ]);
      expect(enLaTransaccion).toBe(normal);
    });
  });
}
