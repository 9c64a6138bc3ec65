// `npm start` (with --demo) and `npm run servidor`: builds the SPA when dist/client/index.html is
// missing, then runs the server (TypeScript through tsx), forwarding SIGTERM/SIGINT and its exit
// code. --demo is the newcomer's explicit demo mode: NODE_ENV=development and DEMO=1 unless set.
// Without it nothing is added, and an unset NODE_ENV means production (decision 075).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const viteBin = path.join(raiz, 'node_modules', 'vite', 'bin', 'vite.js');

function correr(args, opciones = {}) {
  const hijo = spawn(process.execPath, args, { cwd: raiz, stdio: 'inherit', ...opciones });
  const reenviar = (senal) => hijo.kill(senal);
  process.on('SIGTERM', reenviar);
  process.on('SIGINT', reenviar);
  return new Promise((resolve) => {
    hijo.on('exit', (codigo, senal) => {
      process.off('SIGTERM', reenviar);
      process.off('SIGINT', reenviar);
      resolve(codigo ?? (senal ? 128 + (senal === 'SIGINT' ? 2 : 15) : 1));
    });
  });
}

const env = { ...process.env };
if (process.argv.includes('--demo')) {
  if (env.NODE_ENV === 'production') {
    console.error(
      'npm start inicia la demostración (DEMO=1, con el padrón publicado en el README), que producción no ' +
        'admite. En producción iniciá con: npm run servidor',
    );
    process.exit(1);
  }
  env.NODE_ENV ||= 'development';
  env.DEMO ||= '1';
}

if (!existsSync(path.join(raiz, 'dist', 'client', 'index.html'))) {
  console.log('Construyendo la SPA (vite build)…');
  const codigo = await correr([viteBin, 'build']);
  if (codigo !== 0) {
    console.error('No se pudo construir la SPA.');
    process.exit(codigo);
  }
}

process.exitCode = await correr(['--import', 'tsx', path.join('server', 'server.ts')], { env });
