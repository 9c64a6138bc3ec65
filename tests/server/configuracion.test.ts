// The environment is validated at start-up: a wrong value names the variable and, in the real
// server process, stops it with exit code 1.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iniciarServidor } from '../../scripts/servidor-hijo.js';
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
    // With every tunable variable at its default (an empty value is the server's default).
    const servidor = await iniciarServidor({
      env: { NODE_ENV: '', DNI_CHECK_MAX: '', WRITE_MAX_PER_HOUR: '', LOG_LEVEL: 'info' },
    });
    try {
      const r = await fetch(`${servidor.url}/healthz`);
      expect(r.status).toBe(200);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      await servidor.detener();
      expect(servidor.proceso.exitCode).toBe(0);
    } finally {
      await servidor.limpiar();
    }
  });
});
