// Debian's Chromium for the browser suites and the browser measures: installed with apt-get when
// missing (as root, or through passwordless sudo). Shared by `npm test` and `npm run bench`.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  return r.status ?? 1;
}

/** Installs Chromium when it is missing; returns whether it is there now. */
export function asegurarChromium() {
  if (existsSync(CHROMIUM)) return true;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  console.log(`Chromium no está en ${CHROMIUM}: instalando el paquete de Debian…`);
  const [cmd, ...prefijo] = root ? ['apt-get'] : ['sudo', '-n', 'apt-get'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run(cmd, [...prefijo, 'update', '-qq'], { env });
  const status = run(cmd, [...prefijo, 'install', '-y', '-qq', 'chromium'], { env });
  if (status !== 0 || !existsSync(CHROMIUM)) {
    console.error('No se pudo instalar Chromium (apt-get install -y chromium). Lo que usa el navegador va a fallar.');
    return false;
  }
  return true;
}
