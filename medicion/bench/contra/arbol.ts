// The other side of a comparison: the commit checked out into a temporary git worktree (this
// checkout and its uncommitted work untouched), with its own dependencies, removed afterwards.
import { execFile, spawn } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { RAIZ } from '../../servidor-hijo.js';
import { decidirDependencias } from './argumentos.js';
import { alInterrumpir } from './limpieza.js';

const execFileP = promisify(execFile);

async function git(args: string[], cwd = RAIZ): Promise<string> {
  const { stdout } = await execFileP('git', args, { cwd, maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

export interface Arbol {
  raiz: string;
  commit: string;
  corto: string;
  asunto: string;
  dependencias: 'linked' | 'installed';
  /** Removes the worktree (never following the node_modules link into this checkout). */
  limpiar(): Promise<void>;
}

const leerSiHay = (archivo: string) =>
  existsSync(archivo) ? readFile(archivo, 'utf8') : Promise.resolve(null);

function npmCi(cwd: string, plazoMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const hijo = spawn('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const plazo = setTimeout(() => hijo.kill('SIGKILL'), plazoMs);
    hijo.on('error', (e) => {
      clearTimeout(plazo);
      reject(e);
    });
    hijo.on('exit', (codigo, senal) => {
      clearTimeout(plazo);
      if (codigo === 0) resolve();
      else
        reject(
          new Error(
            `npm ci in the other tree failed (${codigo ?? senal}${senal === 'SIGKILL' ? `, after ${plazoMs / 60_000} min` : ''})`,
          ),
        );
    });
  });
}

export async function quitarWorktree(dir: string): Promise<void> {
  const modulos = path.join(dir, 'node_modules');
  // Unlinked first: whatever removes the directory must not reach this checkout's node_modules.
  if (existsSync(modulos) && lstatSync(modulos).isSymbolicLink()) await unlink(modulos);
  try {
    await git(['worktree', 'remove', '--force', dir]);
  } catch {
    await rm(dir, { recursive: true, force: true });
    await git(['worktree', 'prune']).catch(() => {});
  }
}

const PREFIJO = 'alta-contra-';
/** In each worktree: the pid of the run using it, so a later run knows whether it was abandoned. */
const ARCHIVO_PID = '.alta-contra.pid';

function vivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Worktrees of earlier comparisons whose run is gone — SIGKILLed, or the machine restarted — are
 * removed before a new one is added; those of a comparison still running are left alone.
 */
async function barrerAbandonados(): Promise<void> {
  const lista = await git(['worktree', 'list', '--porcelain']);
  const dirs = [...lista.matchAll(/^worktree (.+)$/gm)].map((m) => m[1]!);
  for (const dir of dirs.filter(
    (d) => path.dirname(d) === os.tmpdir() && path.basename(d).startsWith(PREFIJO),
  )) {
    const archivo = path.join(dir, ARCHIVO_PID);
    const pid = existsSync(archivo) ? Number(readFileSync(archivo, 'utf8')) : Number.NaN;
    // Without the file, a run may be between `worktree add` and writing it: give it a minute.
    const abandonado = Number.isInteger(pid)
      ? !vivo(pid)
      : !existsSync(dir) || Date.now() - statSync(dir).mtimeMs > 60_000;
    if (!abandonado) continue;
    console.log(`  removing ${dir}, left by an interrupted comparison`);
    await quitarWorktree(dir).catch((e: unknown) => console.error(`  could not remove ${dir}: ${String(e)}`));
  }
}

/** The worktree of `ref`, ready to build and run; throws (having removed it) when it cannot be. */
export async function prepararArbol(ref: string): Promise<Arbol> {
  let commit: string;
  try {
    commit = await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--contra: "${ref}" is not a commit of this repository`);
  }
  const corto = await git(['rev-parse', '--short', commit]);
  const asunto = (await git(['log', '-1', '--format=%s', commit])).slice(0, 120);
  await barrerAbandonados();
  const dir = await mkdtemp(path.join(os.tmpdir(), `${PREFIJO}${corto}-`));
  console.log(`  git worktree add --detach ${dir} ${corto}`);
  await git(['worktree', 'add', '--detach', dir, commit]);
  const limpiar = alInterrumpir(`worktree ${dir}`, () => quitarWorktree(dir), { worktree: dir });
  try {
    await writeFile(path.join(dir, ARCHIVO_PID), String(process.pid));
    const decision = decidirDependencias(
      await leerSiHay(path.join(RAIZ, 'package-lock.json')),
      await leerSiHay(path.join(dir, 'package-lock.json')),
    );
    if (decision === 'enlazar') {
      console.log('  same package-lock.json as this checkout: its node_modules is linked');
      await symlink(path.join(RAIZ, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    } else {
      console.log(
        `  ${corto}'s package-lock.json differs from this checkout's: npm ci --no-audit --no-fund there (minutes: better-sqlite3 compiles)…`,
      );
      await npmCi(dir, 20 * 60_000);
    }
    return {
      raiz: dir,
      commit,
      corto,
      asunto,
      dependencias: decision === 'enlazar' ? 'linked' : 'installed',
      limpiar,
    };
  } catch (error) {
    await limpiar();
    throw error;
  }
}

/** What "main" is: HEAD, and how many tracked files the working tree changes. */
export async function describirMain(): Promise<string> {
  const head = await git(['rev-parse', '--short', 'HEAD']);
  const cambios = (await git(['status', '--porcelain', '--untracked-files=no']))
    .split('\n')
    .filter(Boolean).length;
  return cambios
    ? `the working tree (HEAD ${head} with ${cambios} changed tracked files)`
    : `the working tree (HEAD ${head}, clean)`;
}
