// Lint: typescript-eslint's recommended rules plus the one-way import boundaries of the design notes (decision 001):
// src → machines → domain, server → domain; nothing imports tests/; the bench may import src/;
// inside src/, steps and pages import no other step or page (shared pieces live in src/ui/).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nadaDeTests = { group: ['**/tests/**'], message: 'Nothing imports tests/.' };
const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns: [nadaDeTests, ...patterns] }] });
// '!@*/**': a scoped package such as @emotion/server is not our server/.
const delServidor = { group: ['**/server/**', '**/scripts/**', '!@*/**'], message: 'The SPA does not import the server.' };
const PASOS = ['datos-personales', 'documentos', 'equipos', 'terminos'];
const PAGINAS = ['inicio', 'completado'];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['domain/**'],
    rules: boundary([
      { group: ['**/src/**', '**/machines/**', '**/server/**', '**/scripts/**'], message: 'domain/ imports nothing of ours.' },
      { group: ['react', 'react-*', 'axios', 'localforage', 'fastify', '@fastify/*', 'kysely'], message: 'domain/ stays framework-free.' },
    ]),
  },
  {
    files: ['machines/**'],
    rules: boundary([
      { group: ['**/src/**', '**/server/**', '**/scripts/**'], message: 'machines/ may import only domain/.' },
      { group: ['react', 'react-dom', 'axios', 'localforage', '@xstate/react'], message: 'machines/ does no I/O and renders nothing: provide it from the app.' },
    ]),
  },
  {
    files: ['src/**'],
    rules: boundary([delServidor]),
  },
  // Zones inside src/: one step's folder does not import another step's, one page's not another
  // page's, and shared pieces (src/ui/) import no screen — shared pieces live in src/ui/.
  ...PASOS.map((paso) => ({
    files: [`src/pasos/${paso}/**`],
    rules: boundary([
      delServidor,
      { regex: `^\\.\\./(${PASOS.filter((p) => p !== paso).join('|')})/`, message: 'A step does not import another step: shared pieces live in src/ui/.' },
      { regex: '^\\.\\./\\.\\./(stepper|paginas|app)/', message: 'A step does not import the stepper, the pages or the shell.' },
    ]),
  })),
  ...PAGINAS.map((pagina) => ({
    files: [`src/paginas/${pagina}/**`],
    rules: boundary([
      delServidor,
      { regex: `^\\.\\./(${PAGINAS.filter((p) => p !== pagina).join('|')})/`, message: 'A page does not import another page: shared pieces live in src/ui/.' },
      { regex: '^\\.\\./\\.\\./(pasos|stepper)/', message: 'A page does not import the form’s steps.' },
    ]),
  })),
  {
    files: ['src/ui/**'],
    rules: boundary([
      delServidor,
      { regex: '^(\\.\\./){1,2}(pasos|stepper|paginas|app)/', message: 'src/ui/ holds shared pieces: it imports no screen.' },
    ]),
  },
  {
    files: ['server/**', 'scripts/**'],
    rules: boundary([
      { group: ['**/src/**', '**/machines/**'], message: 'The server may import only domain/.' },
    ]),
  },
  {
    // The bench times the SPA's own code (e.g. the autocomplete's filter) and is never shipped,
    // so like the tests it may import src/.
    files: ['scripts/bench/**'],
    rules: boundary([{ group: ['**/machines/**'], message: 'The bench measures src/ and the server, not the statechart.' }]),
  },
);
