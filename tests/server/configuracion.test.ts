// The environment is validated at start-up: a wrong value names the variable and, in the real
// server process, stops it with exit code 1.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';

const RAIZ = path.resolve(import.meta.dirname, '../..');

describe('configuración', () => {
  it('usa los valores por defecto de producto §10', () => {
    const c = loadConfig({}, '/srv/alta');
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/alta/data',
      databaseUrl: null,
      nodeEnv: 'development',
      trustProxy: [],
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x@y/z'],
    ['DATABASE_URL', 'no es url'],
    ['NODE_ENV', 'produccion'],
    ['TRUST_PROXY', 'todos'],
    ['DNI_CHECK_MAX', '0'],
    ['REQUEST_TIMEOUT_MS', '-5'],
    ['DRAFT_MAX_AGE_HOURS', '1.5'],
    ['LOG_LEVEL', 'verbose'],
  ])('%s=%s se rechaza nombrando la variable', (variable, valor) => {
    expect(() => loadConfig({ [variable]: valor })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: valor })).toThrow(variable);
  });

  it('acepta una lista de proxies y rangos', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
  });

  it.each([
    ['PORT', 'ochenta'],
    ['DATABASE_URL', 'mysql://root@localhost/alta'],
  ])('el servidor real no arranca con %s inválido y lo nombra (código 1)', (variable, valor) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: RAIZ,
      env: { PATH: process.env.PATH, [variable]: valor, DATA_DIR: path.join(RAIZ, 'data-no-usar') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(variable);
    expect(r.stderr).toContain('Configuración inválida');
  });
});

describe('proceso del servidor', () => {
  it('escucha, responde /healthz y termina limpio con SIGTERM (código 0)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'alta-proceso-'));
    const puerto = 20_000 + Math.floor(Math.random() * 20_000);
    const hijo = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: RAIZ,
      env: {
        PATH: process.env.PATH,
        PORT: String(puerto),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
    });
    try {
      let salida = '';
      await new Promise<void>((listo, fallo) => {
        const plazo = setTimeout(() => fallo(new Error(`no arrancó: ${salida}`)), 20_000);
        hijo.stdout.on('data', (d: Buffer) => {
          salida += d.toString();
          if (salida.includes('Server listening')) {
            clearTimeout(plazo);
            listo();
          }
        });
      });
      const r = await fetch(`http://127.0.0.1:${puerto}/healthz`);
      expect(r.status).toBe(200);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      const fin = new Promise<number | null>((listo) => hijo.on('exit', (codigo) => listo(codigo)));
      hijo.kill('SIGTERM');
      expect(await fin).toBe(0);
    } finally {
      if (hijo.exitCode === null) hijo.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
