// Reading back what the server stored, the staff's way: `npm run solicitudes -- --rutas` against
// the same DATA_DIR / DATABASE_URL: each application with its attachments' sizes, SHA-256s and paths.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { CARGADOR_TSX, RAIZ } from '../../servidor-hijo.js';

export interface Almacenada {
  numeroSolicitud: string;
  creadaEn: string;
  datosSocio: Record<string, unknown>;
  adjuntos: { nombre: string; bytes: number; sha256: string; ruta: string }[];
  equipos: unknown[];
}

export function correrScript(script: string, args: string[], env: Record<string, string>, plazoMs = 300_000) {
  return new Promise<{ codigo: number; salida: string; error: string }>((resolve, reject) => {
    const hijo = spawn(process.execPath, ['--import', CARGADOR_TSX, path.join(RAIZ, 'scripts', script), ...args], {
      cwd: RAIZ,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const salida: Buffer[] = [];
    const error: Buffer[] = [];
    hijo.stdout.on('data', (b: Buffer) => salida.push(b));
    hijo.stderr.on('data', (b: Buffer) => error.push(b));
    const plazo = setTimeout(() => hijo.kill('SIGKILL'), plazoMs);
    hijo.on('error', reject);
    hijo.on('exit', (codigo) => {
      clearTimeout(plazo);
      resolve({ codigo: codigo ?? 1, salida: Buffer.concat(salida).toString(), error: Buffer.concat(error).toString() });
    });
  });
}

export async function leerAlmacenadas(env: Record<string, string>): Promise<Almacenada[]> {
  const r = await correrScript('solicitudes.ts', ['--rutas'], env);
  if (r.codigo !== 0) throw new Error(`npm run solicitudes failed (${r.codigo}): ${r.error.slice(0, 500)}`);
  return r.salida
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Almacenada);
}
