#!/usr/bin/env node
// `npm test`: makes sure Debian's Chromium is there for the browser suites (installing it when
// missing and we are root), then runs every Vitest project. Extra arguments go to Vitest.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  return r.status ?? 1;
}

if (!existsSync(CHROMIUM)) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  console.log(`Chromium no está en ${CHROMIUM}: instalando el paquete de Debian…`);
  const apt = root ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const pre = apt.length ? apt[0] : 'apt-get';
  const preArgs = apt.length ? [...apt.slice(1), 'apt-get'] : [];
  run(pre, [...preArgs, 'update', '-qq'], { env });
  const status = run(pre, [...preArgs, 'install', '-y', '-qq', 'chromium'], { env });
  if (status !== 0 || !existsSync(CHROMIUM)) {
    console.error('No se pudo instalar Chromium (apt-get install -y chromium). Las pruebas de navegador van a fallar.');
  }
}

process.exit(run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)]));
