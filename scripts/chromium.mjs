// Debian's Chromium for the browser suites and the browser measures: installed with apt-get when
// missing (as root, or through passwordless sudo). Shared by `npm test` and `npm run bench`.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** The browser of the measures (Lighthouse, the start-up traces): Debian's full Chromium. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The browser of the test suites: Debian's headless shell of the same Chromium, what Playwright
 * runs headless tests on by default; it spends about a quarter less CPU per page
 * (docs/decisions/115-the-browser-suites-on-chromiums-headless-shell.md).
 */
export const CHROMIUM_PRUEBAS = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

const PAQUETES = [
  { ruta: CHROMIUM, paquete: 'chromium' },
  { ruta: CHROMIUM_PRUEBAS, paquete: 'chromium-headless-shell' },
];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  return r.status ?? 1;
}

/** Installs both when one is missing; returns whether both are there now. */
export function asegurarChromium() {
  const faltan = PAQUETES.filter((p) => !existsSync(p.ruta));
  if (faltan.length === 0) return true;
  const paquetes = faltan.map((p) => p.paquete);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  console.log(
    `Falta ${faltan.map((p) => p.ruta).join(' y ')}: instalando ${paquetes.join(' y ')} de Debian…`,
  );
  const [cmd, ...prefijo] = root ? ['apt-get'] : ['sudo', '-n', 'apt-get'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run(cmd, [...prefijo, 'update', '-qq'], { env });
  const status = run(cmd, [...prefijo, 'install', '-y', '-qq', ...paquetes], { env });
  if (status !== 0 || faltan.some((p) => !existsSync(p.ruta))) {
    console.error(
      `No se pudo instalar Chromium (apt-get install -y ${paquetes.join(' ')}). Lo que usa el navegador va a fallar.`,
    );
    return false;
  }
  return true;
}
