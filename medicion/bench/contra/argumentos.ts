// The pure decisions of `npm run bench -- --contra <commit>`: what the command line asks for, and
// whether the other commit can borrow this checkout's node_modules. Kept apart from the runs so
// the unit tests (medicion/tests/unit/bench-contra.test.ts) check them without a server.

/** The measures a comparison can run, in the order they run. */
export const PARTES = ['aplicaciones', 'perfil', 'subida', 'lighthouse'] as const;
export type Parte = (typeof PARTES)[number];

export interface OpcionesContra {
  /** The commit to compare with, as given (a hash, a tag, `HEAD~3`…). */
  commit: string;
  partes: Parte[];
  corto: boolean;
  sinEscribir: boolean;
}

/**
 * `--contra <commit>` or `--contra=<commit>`, with `--solo=a,b` among PARTES, `--short` and
 * `--no-write`; null without `--contra` (the ordinary bench). A wrong line throws, saying why.
 */
export function leerContra(argv: readonly string[]): OpcionesContra | null {
  let commit: string | undefined;
  let presente = false;
  argv.forEach((a, i) => {
    if (a === '--contra') {
      presente = true;
      commit = argv[i + 1];
    } else if (a.startsWith('--contra=')) {
      presente = true;
      commit = a.slice('--contra='.length);
    }
  });
  if (!presente) return null;
  // A following option is not a commit: `--contra --short` forgot the commit.
  if (!commit || commit.startsWith('-'))
    throw new Error('--contra needs a commit: npm run bench -- --contra <commit>');
  if (!/^[\w./~^@{}-]+$/.test(commit)) throw new Error(`--contra: "${commit}" is not a commit name`);
  const pedidas = argv
    .filter((a) => a.startsWith('--solo='))
    .flatMap((a) => a.slice('--solo='.length).split(','));
  const desconocidas = pedidas.filter((p) => p && !(PARTES as readonly string[]).includes(p));
  if (desconocidas.length) {
    throw new Error(
      `--contra compares only ${PARTES.join(', ')}; unknown in --solo: ${desconocidas.join(', ')}`,
    );
  }
  const partes = pedidas.length ? PARTES.filter((p) => pedidas.includes(p)) : [...PARTES];
  return { commit, partes, corto: argv.includes('--short'), sinEscribir: argv.includes('--no-write') };
}

export type Dependencias = 'enlazar' | 'instalar';

/**
 * How the other tree gets its node_modules. The same package-lock.json means the same installed
 * tree, so this checkout's node_modules is linked (seconds); any difference, even one version,
 * means `npm ci` there (minutes: better-sqlite3 compiles), or the other commit would run on
 * this one's dependencies. Without a lock of its own `npm ci` cannot reproduce it: that throws.
 */
export function decidirDependencias(lockPropio: string | null, lockOtro: string | null): Dependencias {
  if (lockOtro === null)
    throw new Error('the other commit has no package-lock.json, so npm ci cannot install its dependencies');
  return lockPropio !== null && lockPropio === lockOtro ? 'enlazar' : 'instalar';
}
