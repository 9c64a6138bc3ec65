// Files at rest: everything under DATA_DIR is owner-only — the SQLite database
// and its WAL included, even in a directory created by someone else — and a DATA_DIR that other
// users can reach stops the server and the commands with the command that fixes it.
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config/index.js';
import * as archivos from './ayuda/archivos.js';
import { CON_CLAVE_DE_AUDITORIA } from './ayuda/bases.js';
import { Navegador } from './ayuda/cliente.js';
import { comando } from './ayuda/comando.js';

const RAIZ = path.resolve(import.meta.dirname, '../..');
const modo = async (ruta: string) => (await stat(ruta)).mode & 0o777;

let raiz: string;
afterEach(async () => {
  if (raiz) await rm(raiz, { recursive: true, force: true });
});

const configEn = (dataDir: string) =>
  loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', DEMO: '1', LOG_LEVEL: 'silent', DATABASE_URL: '' });

describe('DATA_DIR', () => {
  it('crea la base, su WAL y los documentos solo para el dueño', async () => {
    raiz = await mkdtemp(path.join(os.tmpdir(), 'alta-permisos-'));
    const dataDir = path.join(raiz, 'data');
    const app = await buildApp(configEn(dataDir));
    try {
      const nav = await new Navegador(() => app).abrir();
      expect((await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }])).statusCode).toBe(
        200,
      );
      expect(await modo(dataDir)).toBe(0o700);
      expect(await modo(path.join(dataDir, 'documentos'))).toBe(0o700);
      for (const archivo of ['alta.sqlite', 'alta.sqlite-wal', 'alta.sqlite-shm']) {
        expect(await modo(path.join(dataDir, archivo)), archivo).toBe(0o600);
      }
    } finally {
      await app.close();
    }
  });

  it('corrige una base 0644 que ya existía en un directorio privado', async () => {
    raiz = await mkdtemp(path.join(os.tmpdir(), 'alta-permisos-'));
    const primera = await buildApp(configEn(raiz));
    await primera.close();
    await chmod(path.join(raiz, 'alta.sqlite'), 0o644);
    const app = await buildApp(configEn(raiz));
    try {
      expect(await modo(path.join(raiz, 'alta.sqlite'))).toBe(0o600);
      expect(await modo(path.join(raiz, 'alta.sqlite-wal'))).toBe(0o600);
    } finally {
      await app.close();
    }
  });

  it('no arranca sobre un directorio que otros pueden leer, y dice cómo arreglarlo', async () => {
    raiz = await mkdtemp(path.join(os.tmpdir(), 'alta-permisos-'));
    const dataDir = path.join(raiz, 'compartido');
    await mkdir(dataDir);
    await chmod(dataDir, 0o755);
    await expect(buildApp(configEn(dataDir))).rejects.toThrow(`chmod 700 ${dataDir}`);

    // The real server process and a command say the same and exit 1, creating nothing.
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...CON_CLAVE_DE_AUDITORIA,
    };
    const servidor = spawnSync(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: RAIZ,
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(servidor.status).toBe(1);
    expect(servidor.stderr).toContain('permisos 0755');
    expect(servidor.stderr).toContain(`chmod 700 ${dataDir}`);
    const barrer = comando(
      'barrer',
      [],
      { DATA_DIR: dataDir, DATABASE_URL: '', ...CON_CLAVE_DE_AUDITORIA },
      { plazoMs: 60_000 },
    );
    expect(barrer.codigo).toBe(1);
    expect(barrer.errores).toContain(`chmod 700 ${dataDir}`);
    await expect(stat(path.join(dataDir, 'alta.sqlite'))).rejects.toThrow('ENOENT');

    await writeFile(path.join(raiz, 'archivo'), '');
    await expect(buildApp(configEn(path.join(raiz, 'archivo')))).rejects.toThrow();
  });
});
