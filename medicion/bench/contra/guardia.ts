// The guard of a comparison, started detached by medicion/bench/contra/limpieza.ts: it waits for
// the comparison's process to end and, if that left anything listed in its file (it was killed
// before undoing it), kills the servers, drops the databases and removes the worktree and the
// directories. A normal end deletes the file, and the guard exits with nothing to do.
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { conAdmin } from '../comun/postgres.js';
import { esperar } from '../comun/estadistica.js';
import { quitarWorktree } from './arbol.js';
import type { Recurso } from './limpieza.js';

const [archivo, pidTexto] = process.argv.slice(2);
const pid = Number(pidTexto);

function vivo(p: number): boolean {
  try {
    process.kill(p, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function deshacer(r: Recurso): Promise<void> {
  if ('proceso' in r) {
    if (vivo(r.proceso)) process.kill(r.proceso, 'SIGKILL');
  } else if ('base' in r) {
    await conAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${r.base} WITH (FORCE)`));
  } else if ('worktree' in r) {
    await quitarWorktree(r.worktree);
  } else {
    await rm(r.directorio, { recursive: true, force: true });
  }
}

if (archivo && Number.isInteger(pid)) {
  while (existsSync(archivo) && vivo(pid)) await esperar(500);
  if (existsSync(archivo)) {
    const recursos = JSON.parse(readFileSync(archivo, 'utf8')) as Recurso[];
    // The last taken first: servers before their databases, the worktree last.
    for (const r of recursos.reverse()) await deshacer(r).catch(() => {});
    unlinkSync(archivo);
  }
}
process.exit(0);
