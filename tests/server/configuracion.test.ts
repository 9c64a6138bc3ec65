// The environment is validated at start-up: a wrong value names the variable and, in the real
// server process, stops it with exit code 1.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iniciarServidor } from '../../medicion/servidor-hijo.js';
import { buildApp } from '../../server/app.js';
import { CON_CLAVE_DE_AUDITORIA } from './ayuda/bases.js';
import { ConfigError, loadConfig } from '../../server/config/index.js';

const RAIZ = path.resolve(import.meta.dirname, '../..');

describe('configuración', () => {
  it('usa los valores por defecto de producto §10', () => {
    const c = loadConfig(CON_CLAVE_DE_AUDITORIA, '/srv/alta');
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/alta/data',
      databaseUrl: null,
      // Unset means production: the secure choices need no variable (decision 075).
      nodeEnv: 'production',
      production: true,
      demo: false,
      apiDocs: false,
      trustProxy: [],
      headersTimeoutMs: 30_000,
      maxConnections: 1_000,
      draftMaxBytes: 200 * 1024 * 1024,
      uploadMaxBytesPerHour: 300 * 1024 * 1024,
      draftsMaxPerHour: 30,
      diskFreeMinBytes: 1024 * 1024 * 1024,
      sweepIntervalMinutes: 60,
      publicUrl: 'http://localhost:8080',
      smtpUrl: null,
      staffMail: null,
      mailLeaseSeconds: 120,
      mailPollSeconds: 5,
    });
  });

  it('lee el correo y la dirección pública (producto §11)', () => {
    const c = loadConfig({
      ...CON_CLAVE_DE_AUDITORIA,
      PORT: '9000',
      SMTP_URL: 'smtps://usuario:clave@correo.amr.org.ar:465',
      MAIL_FROM: 'Asociación Médica de Rosario <altas@amr.org.ar>',
      CORREO_PERSONAL: 'prestadores@amr.org.ar',
      PUBLIC_URL: 'https://altas.amr.org.ar/',
    });
    expect(c).toMatchObject({
      smtpUrl: 'smtps://usuario:clave@correo.amr.org.ar:465',
      mailFrom: 'Asociación Médica de Rosario <altas@amr.org.ar>',
      staffMail: 'prestadores@amr.org.ar',
      publicUrl: 'https://altas.amr.org.ar',
    });
    expect(loadConfig({ ...CON_CLAVE_DE_AUDITORIA, PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
  });

  it('HEADERS_TIMEOUT_MS no puede superar REQUEST_TIMEOUT_MS', () => {
    expect(loadConfig({ ...CON_CLAVE_DE_AUDITORIA, REQUEST_TIMEOUT_MS: '10000' }).headersTimeoutMs).toBe(
      10_000,
    );
    expect(() =>
      loadConfig({ ...CON_CLAVE_DE_AUDITORIA, REQUEST_TIMEOUT_MS: '10000', HEADERS_TIMEOUT_MS: '20000' }),
    ).toThrow('HEADERS_TIMEOUT_MS');
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
    ['DEMO', 'si'],
    ['API_DOCS', 'yes'],
    ['MAX_CONNECTIONS', '0'],
    ['DRAFT_MAX_MB', '0'],
    ['UPLOAD_MAX_MB_PER_HOUR', 'mucho'],
    ['DRAFTS_MAX_PER_HOUR', '0'],
    ['DISK_FREE_MIN_MB', '-1'],
    ['SWEEP_INTERVAL_MINUTES', '5000'],
    ['SMTP_URL', 'http://correo.amr.org.ar'],
    ['SMTP_URL', 'no es url'],
    ['MAIL_FROM', 'altas en amr.org.ar'],
    ['CORREO_PERSONAL', 'a@b.ar, c@d.ar'],
    ['CORREO_PERSONAL', 'x@y.ar\r\nBcc: z@w.ar'],
    ['PUBLIC_URL', 'ftp://altas.amr.org.ar'],
    ['PUBLIC_URL', 'https://altas.amr.org.ar/?a=1'],
    ['MAIL_LEASE_SECONDS', '1'],
    ['MAIL_POLL_SECONDS', 'a menudo'],
    ['CORREO_AUDITORIA', 'auditoria en amr.org.ar'],
    ['AUDITORIA_CLAVE', 'corta'],
  ])('%s=%s se rechaza nombrando la variable', (variable, valor) => {
    expect(() => loadConfig({ ...CON_CLAVE_DE_AUDITORIA, [variable]: valor })).toThrow(ConfigError);
    expect(() => loadConfig({ ...CON_CLAVE_DE_AUDITORIA, [variable]: valor })).toThrow(variable);
  });

  it('acepta una lista de proxies y rangos', () => {
    expect(
      loadConfig({ ...CON_CLAVE_DE_AUDITORIA, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy,
    ).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
  });

  it.each([
    ['PORT', 'ochenta'],
    ['DATABASE_URL', 'mysql://root@localhost/alta'],
    ['AUDITORIA_CLAVE', ''],
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
      env: { NODE_ENV: '', DEMO: '', DNI_CHECK_MAX: '', WRITE_MAX_PER_HOUR: '', LOG_LEVEL: 'info' },
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

describe('límites del servidor HTTP', () => {
  it('fija headersTimeout y maxConnections, y cierra en el acto la conexión que pasa el tope', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'alta-conexiones-'));
    const app = await buildApp(
      loadConfig({
        ...CON_CLAVE_DE_AUDITORIA,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        MAX_CONNECTIONS: '2',
        HEADERS_TIMEOUT_MS: '1500',
      }),
    );
    const abiertas: Socket[] = [];
    try {
      expect(app.server.headersTimeout).toBe(1_500);
      expect(app.server.maxConnections).toBe(2);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const abrir = () =>
        new Promise<Socket>((resolve, reject) => {
          const s = connect(port, '127.0.0.1', () => resolve(s));
          s.on('error', reject);
          abiertas.push(s);
        });
      const cerrada = (s: Socket) => new Promise<void>((resolve) => s.once('close', () => resolve()));
      // Two idle connections take the cap; the third is closed by the server without an answer.
      const primera = await abrir();
      await abrir();
      await new Promise((r) => setTimeout(r, 100));
      const tercera = await abrir();
      const inicio = Date.now();
      await cerrada(tercera);
      expect(Date.now() - inicio).toBeLessThan(1_000);
      // Room again once one closes: a request is answered.
      primera.destroy();
      await new Promise((r) => setTimeout(r, 100));
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      for (const s of abiertas) s.destroy();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
