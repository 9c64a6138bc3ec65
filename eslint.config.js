// Lint: typescript-eslint's recommended rules plus the one-way import boundaries of the design notes (decision 001):
// src → machines → domain, server → domain; nothing imports tests/; the bench may import src/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nadaDeTests = { group: ['**/tests/**'], message: 'Nothing imports tests/.' };
const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns: [nadaDeTests, ...patterns] }] });

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
    // '!@*/**': a scoped package such as @emotion/server is not our server/.
    rules: boundary([{ group: ['**/server/**', '**/scripts/**', '!@*/**'], message: 'The SPA does not import the server.' }]),
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
