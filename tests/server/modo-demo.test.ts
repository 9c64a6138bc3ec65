// Demo data never reaches production (producto §10): demo mode is an explicit
// setting (DEMO=1) that production refuses; a production server refuses to start while the demo
// pairs are in its padrón and says how to remove them; operator commands never seed, and the
// commands that only read never migrate. An unset NODE_ENV means production: the secure cookies
// need no variable.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENSAJE_PARES_DE_DEMO, buildApp } from '../../server/app.js';
import { ConfigError, loadConfig } from '../../server/config/index.js';
import { abrirBase } from '../../server/db/conexion.js';
import { CON_CLAVE_DE_AUDITORIA, crearEntorno, MOTORES, type Entorno } from './ayuda/bases.js';
import * as archivos from './ayuda/archivos.js';
import { Navegador } from './ayuda/cliente.js';
import { comando } from './ayuda/comando.js';

const RAIZ = path.resolve(import.meta.dirname, '../..');

/** `npm run -s <script> -- <args>` with exactly `env` (no NODE_ENV, no DEMO unless given). */
const correr = (script: string, env: Record<string, string>, args: string[] = []) => comando(script, args, env);

/** The environment of a deployment: where its data is and its audit key, nothing about modes. */
function deProduccion(entorno: Entorno): Record<string, string> {
  const { DATA_DIR, DATABASE_URL } = entorno.env;
  return {
    DATA_DIR: DATA_DIR!,
    ...(DATABASE_URL ? { DATABASE_URL } : {}),
    LOG_LEVEL: 'silent',
    ...CON_CLAVE_DE_AUDITORIA,
  };
}

/** Rows of a table, read without starting anything that could seed it. */
async function contar(entorno: Entorno, tabla: 'padron' | 'localidades'): Promise<number> {
  const { db } = abrirBase(entorno.config);
  try {
    const fila = await db
      .selectFrom(tabla)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(fila.n);
  } finally {
    await db.destroy();
  }
}

describe('la configuración del modo', () => {
  it('sin NODE_ENV es producción: sin demostración y sin /api/docs', () => {
    expect(loadConfig(CON_CLAVE_DE_AUDITORIA)).toMatchObject({
      nodeEnv: 'production',
      production: true,
      demo: false,
      apiDocs: false,
    });
  });

  it('DEMO=1 se rechaza en producción, nombrando la variable y cómo probar el producto', () => {
    for (const env of [{ DEMO: '1' }, { DEMO: '1', NODE_ENV: 'production' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/DEMO.*npm start/s);
    }
  });

  it('DEMO=1 con NODE_ENV=development es el modo demostración; sin DEMO no lo es', () => {
    expect(loadConfig({ NODE_ENV: 'development', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demo).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'development', DEMO: 'si' })).toThrow('DEMO');
  });

  it('npm start (--demo) no arranca con NODE_ENV=production y dice qué usar', () => {
    const r = spawnSync(process.execPath, ['scripts/start.mjs', '--demo'], {
      cwd: RAIZ,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: path.join(RAIZ, 'data-no-usar') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('npm run servidor');
  });
});

for (const { motor, disponible } of MOTORES) {
  describe.skipIf(!disponible)(`el padrón de demostración [${motor}]`, () => {
    it('sin NODE_ENV las cookies son Secure con __Host- y el padrón demo no se carga', async () => {
      const entorno = await crearEntorno(motor, { NODE_ENV: '' });
      const app = await buildApp(loadConfig(deProduccion(entorno)));
      try {
        const nav = await new Navegador(() => app).abrir();
        const r = await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);
        expect(r.statusCode).toBe(200);
        expect(r.cookies.find((c) => c.name === '__Host-borrador')).toMatchObject({
          secure: true,
          httpOnly: true,
        });
        const demo = await app.inject('/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1');
        expect(demo.json()).toBe(false);
      } finally {
        await app.close();
        await entorno.limpiar();
      }
    });

    it('producción no arranca con los pares demo en el padrón; npm run quitar-demo los quita', async () => {
      const entorno = await crearEntorno(motor, { NODE_ENV: 'development', DEMO: '1' });
      try {
        const demo = await buildApp(entorno.config);
        expect((await demo.inject('/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1')).json()).toBe(
          true,
        );
        await demo.close();

        await expect(buildApp(loadConfig(deProduccion(entorno)))).rejects.toThrow(MENSAJE_PARES_DE_DEMO);
        expect(MENSAJE_PARES_DE_DEMO).toContain('npm run quitar-demo');

        const quitar = correr('quitar-demo', deProduccion(entorno));
        expect(quitar.errores).toBe('');
        expect(quitar.codigo).toBe(0);
        expect(quitar.salida).toContain('quitados del padrón: 5');

        const produccion = await buildApp(loadConfig(deProduccion(entorno)));
        expect(
          (await produccion.inject('/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1')).json(),
        ).toBe(false);
        await produccion.close();
      } finally {
        await entorno.limpiar();
      }
    });

    it('los comandos nunca siembran: ni el padrón demo ni los catálogos, con DEMO=1 o sin NODE_ENV', async () => {
      const entorno = await crearEntorno(motor, { NODE_ENV: '' });
      try {
        // A database that exists but holds nothing: a write command migrates it and seeds nothing.
        const barrer = correr('barrer', deProduccion(entorno));
        expect(barrer.codigo).toBe(0);
        expect(await contar(entorno, 'localidades')).toBe(0);
        for (const env of [
          deProduccion(entorno),
          { ...deProduccion(entorno), NODE_ENV: 'development', DEMO: '1' },
        ]) {
          const r = correr('solicitudes', env);
          expect(r.codigo).toBe(0);
          expect(r.salida).toBe('');
        }
        expect(await contar(entorno, 'padron')).toBe(0);
      } finally {
        await entorno.limpiar();
      }
    });

    it('un comando que solo lee no crea ni migra la base: lo dice y termina con 1', async () => {
      const entorno = await crearEntorno(motor, { NODE_ENV: '' });
      try {
        const r = correr('solicitudes', deProduccion(entorno));
        expect(r.codigo).toBe(1);
        if (motor === 'sqlite') {
          expect(r.errores).toContain('No hay base de datos');
          expect(existsSync(path.join(entorno.config.dataDir, 'alta.sqlite'))).toBe(false);
        } else {
          expect(r.errores).toContain('no está al día');
          const pg = await import('pg');
          const cliente = new pg.default.Client({ connectionString: entorno.env.DATABASE_URL });
          await cliente.connect();
          const tablas = await cliente.query(
            `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
          );
          await cliente.end();
          expect(tablas.rows[0].n).toBe(0);
        }
      } finally {
        await entorno.limpiar();
      }
    });
  });
}
