// Lint: typescript-eslint's recommended rules plus the one-way import boundaries of the design notes (decision 001):
// src → machines → domain, server → domain; nothing imports tests/; the product imports nothing of
// medicion/ (the bench, the torture runs and the launcher they share with the tests), and only the
// bench there may import src/; inside src/, steps and pages import no other step or page (shared
// pieces live in src/ui/).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const nadaDeTests = { group: ['**/tests/**'], message: 'Nothing imports tests/.' };
const nadaDeMedicion = { group: ['**/medicion/**'], message: 'The product does not import its measurements (medicion/).' };
const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns: [nadaDeTests, nadaDeMedicion, ...patterns] }] });
// '!@*/**': a scoped package such as @emotion/server is not our server/.
const delServidor = { group: ['**/server/**', '**/scripts/**', '!@*/**'], message: 'The SPA does not import the server.' };
// The app's shell in server/: what builds and serves the app, and its request logging.
const SERVIDOR_HTTP = ['server/app.ts', 'server/server.ts', 'server/rutas-api.ts', 'server/errores-de-marco.ts', 'server/registro.ts', 'server/tipos-fastify.d.ts'];
const PASOS = ['datos-personales', 'documentos', 'equipos', 'terminos'];
// Every folder of src/paginas/ and src/gestion/paginas/ is a zone, read from the disk so a new page
// is covered the day it is added.
const carpetas = (dir) => readdirSync(new URL(dir, import.meta.url), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const PAGINAS = carpetas('./src/paginas/');
const PAGINAS_GESTION = carpetas('./src/gestion/paginas/');
const deLaGestion = { regex: '^(\\.\\./)+gestion/', message: 'The applicant’s side does not import the back-office (src/app loads it lazily).' };
const pantallasDelSolicitante = { regex: '^(\\.\\./)+(pasos|stepper|paginas|app)/', message: 'The back-office imports no applicant screen: shared pieces live in src/ui/.' };

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
  {
    // The applicant's side: everything but the shell (src/app/ loads the back-office lazily).
    files: ['src/api/**', 'src/estado/**', 'src/stepper/**'],
    rules: boundary([delServidor, deLaGestion]),
  },
  // Zones inside src/: one step's folder does not import another step's, one page's not another
  // page's, and shared pieces (src/ui/) import no screen — shared pieces live in src/ui/.
  ...PASOS.map((paso) => ({
    files: [`src/pasos/${paso}/**`],
    rules: boundary([
      delServidor,
      deLaGestion,
      { regex: `^\\.\\./(${PASOS.filter((p) => p !== paso).join('|')})/`, message: 'A step does not import another step: shared pieces live in src/ui/.' },
      { regex: '^\\.\\./\\.\\./(stepper|paginas|app)/', message: 'A step does not import the stepper, the pages or the shell.' },
    ]),
  })),
  ...PAGINAS.map((pagina) => ({
    files: [`src/paginas/${pagina}/**`],
    rules: boundary([
      delServidor,
      deLaGestion,
      { regex: `^\\.\\./(${PAGINAS.filter((p) => p !== pagina).join('|')})/`, message: 'A page does not import another page: shared pieces live in src/ui/.' },
      { regex: '^\\.\\./\\.\\./(pasos|stepper)/', message: 'A page does not import the form’s steps.' },
    ]),
  })),
  {
    files: ['src/ui/**'],
    rules: boundary([
      delServidor,
      deLaGestion,
      { regex: '^(\\.\\./){1,2}(pasos|stepper|paginas|app)/', message: 'src/ui/ holds shared pieces: it imports no screen.' },
    ]),
  },
  // The back-office: it imports no applicant screen, and one of its pages (a file of
  // src/gestion/paginas/ with the folder of the same name) does not import another.
  {
    files: ['src/gestion/**'],
    rules: boundary([delServidor, pantallasDelSolicitante]),
  },
  ...PAGINAS_GESTION.map((pagina) => ({
    files: [`src/gestion/paginas/${pagina}/**`],
    rules: boundary([
      delServidor,
      pantallasDelSolicitante,
      { regex: `^\\.\\./(${PAGINAS_GESTION.filter((p) => p !== pagina).join('|')})/`, message: 'A back-office page does not import another page: shared pieces live in src/gestion/componentes/.' },
      { regex: '^\\.\\./[A-Z]', caseSensitive: true, message: 'A back-office page does not import another page: shared pieces live in src/gestion/componentes/.' },
    ]),
  })),
  {
    files: ['src/gestion/paginas/*.tsx'],
    rules: boundary([
      delServidor,
      pantallasDelSolicitante,
      { regex: '^\\./[A-Z]', caseSensitive: true, message: 'A back-office page does not import another page: shared pieces live in src/gestion/componentes/.' },
    ]),
  },
  {
    files: ['src/gestion/componentes/**'],
    rules: boundary([
      delServidor,
      pantallasDelSolicitante,
      { regex: '^\\.\\./paginas/', message: 'src/gestion/componentes/ holds shared pieces: it imports no page.' },
    ]),
  },
  {
    files: ['server/**', 'scripts/**'],
    rules: boundary([
      { group: ['**/src/**', '**/machines/**'], message: 'The server may import only domain/.' },
    ]),
  },
  // Inside server/: a feature's routes (its `rutas/` folder), the plugins and the app's shell speak
  // HTTP; everything else is a service, which returns results or throws ErrorDeDominio and never
  // sees Fastify, a route or a plugin.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/rutas/**', 'server/plugins/**', ...SERVIDOR_HTTP],
    rules: boundary([
      { group: ['**/src/**', '**/machines/**'], message: 'The server may import only domain/.' },
      { group: ['fastify', '@fastify/*', 'fastify-plugin'], message: 'A service does not see Fastify: its route does.' },
      {
        regex: '(^|/)(rutas|plugins)/|^(\\.{1,2}/)+(rutas-api|app|errores-de-marco|registro)\\.js$',
        message: 'A service does not import a route, a plugin or the app: the route calls the service.',
      },
    ]),
  },
  {
    // The measurements drive the product from outside and are never shipped. The bench times the
    // SPA's own code (e.g. the autocomplete's filter), so like the tests it may import src/; the
    // torture runs only the server. Their own tests (medicion/tests/) are tests: no boundary.
    files: ['medicion/**'],
    ignores: ['medicion/tests/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nadaDeTests,
            { group: ['**/machines/**'], message: 'The measurements drive src/ and the server, not the statechart.' },
          ],
        },
      ],
    },
  },
  {
    files: ['medicion/**'],
    ignores: ['medicion/tests/**', 'medicion/bench/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nadaDeTests,
            { group: ['**/src/**', '**/machines/**'], message: 'Only the bench may import src/: the torture runs drive the server.' },
          ],
        },
      ],
    },
  },
);
