// What a comparison leaves behind — servers, PostgreSQL databases, the build directories, the
// other commit's git worktree — undone at the end, on a failure, and on Ctrl-C or SIGTERM: a
// `finally` alone does not run when a signal ends the process, and a worktree left behind keeps
// its commit checked out in `git worktree list` until pruned by hand.
// Under `npm run bench`, tsx relays Ctrl-C to this process and SIGKILLs it when it does not
// acknowledge within about 60 ms, which a busy load generator often misses; so what is held is
// also listed in a file that a detached guard process (medicion/bench/contra/guardia.ts) reads to
// undo it once this process is gone, however it ended.
import { spawn } from 'node:child_process';
import { existsSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CARGADOR_TSX } from '../../servidor-hijo.js';

type Tarea = () => Promise<unknown>;

/** What the guard undoes without this process: kill, drop, remove. */
export type Recurso = { proceso: number } | { base: string } | { worktree: string } | { directorio: string };

const pendientes: { nombre: string; tarea: Tarea; recursos: Recurso[] }[] = [];
let instalada = false;
const ARCHIVO = path.join(os.tmpdir(), `alta-contra-recursos-${process.pid}.json`);

function anotar() {
  writeFileSync(ARCHIVO, JSON.stringify(pendientes.flatMap((p) => p.recursos)));
}

function instalar() {
  if (instalada) return;
  instalada = true;
  anotar();
  const guardia = spawn(
    process.execPath,
    [
      '--import',
      CARGADOR_TSX,
      path.join(path.dirname(fileURLToPath(import.meta.url)), 'guardia.ts'),
      ARCHIVO,
      String(process.pid),
    ],
    { detached: true, stdio: 'ignore' },
  );
  guardia.unref();
  // A normal end has undone everything: the file goes, and the guard with it.
  process.on('exit', () => {
    if (pendientes.every((p) => p.recursos.length === 0) && existsSync(ARCHIVO)) unlinkSync(ARCHIVO);
  });
  let limpiando = false;
  for (const senal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    // on(), not once(): tsx relays the terminal's Ctrl-C a second time, and a process with no
    // listener left dies at once.
    process.on(senal, () => {
      if (limpiando) return;
      limpiando = true;
      console.error(`\n${senal}: cleaning up before exiting…`);
      void limpiarTodo().finally(() => process.exit(senal === 'SIGINT' ? 130 : 143));
    });
  }
}

/**
 * Registers `tarea` to run if the process is interrupted (and `recursos` for the guard); the
 * returned function runs it now, once.
 */
export function alInterrumpir(nombre: string, tarea: Tarea, ...recursos: Recurso[]): () => Promise<void> {
  instalar();
  const entrada = { nombre, tarea, recursos };
  pendientes.push(entrada);
  anotar();
  return async () => {
    const i = pendientes.indexOf(entrada);
    if (i < 0) return;
    await tarea().catch((error: unknown) =>
      console.error(`  cleaning up ${nombre} failed: ${String(error)}`),
    );
    // Off the list only once undone: a kill meanwhile leaves it to the guard.
    pendientes.splice(pendientes.indexOf(entrada), 1);
    anotar();
  };
}

/** Runs what is pending, the last registered first (servers before their databases and worktree). */
export async function limpiarTodo(plazoMs = 30_000): Promise<void> {
  const todo = (async () => {
    while (pendientes.length) {
      const entrada = pendientes.at(-1)!;
      await entrada
        .tarea()
        .catch((error: unknown) => console.error(`  cleaning up ${entrada.nombre} failed: ${String(error)}`));
      pendientes.splice(pendientes.indexOf(entrada), 1);
      anotar();
    }
  })();
  await Promise.race([todo, new Promise((r) => setTimeout(r, plazoMs).unref())]);
}
