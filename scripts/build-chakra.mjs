// Build-only transforms of Chakra's createSystem (pinned 3.37), for a phone's start-up:
// - `_global` — the preflight, the global CSS and every token's CSS variable, turned into style
//   objects — is built on demand instead of eagerly. The built pages already carry that CSS
//   (scripts/build-prerender.mjs) and the app's provider never asks for it (~100 ms less
//   blocking time on a phone).
// - createSystem can also run in phases: `createSystem.porFases(...configs)` is a generator that
//   stops between its steps (merging the configs, each stage of the token dictionary, the
//   utilities, the rest), so the app's entry builds the system over several short tasks instead
//   of one long one (src/app/sistema.ts). `createSystem(...)` itself runs every phase at once,
//   unchanged.
// If Chakra's code changes shape, the build fails here rather than silently losing the saving.
const SISTEMA = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const DICCIONARIO = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/;

/** Runs a generator of phases to its end: the synchronous form. */
const EJECUTAR =
  'const ejecutarFases = (fases) => { let paso; do paso = fases.next(); while (!paso.done); return paso.value; };';

/** Each [before, after] must be found exactly once. */
function reemplazar(codigo, cambios, error) {
  let resultado = codigo;
  for (const [antes, despues] of cambios) {
    const veces = resultado.split(antes).length - 1;
    if (veces !== 1)
      error(
        `Chakra's code changed shape (${JSON.stringify(antes.slice(0, 60))}): update scripts/build-chakra.mjs`,
      );
    resultado = resultado.replace(antes, () => despues);
  }
  return resultado;
}

function sistemaPorFases(codigo, error) {
  return reemplazar(
    codigo,
    [
      [
        'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
        'let _globalHecho;\n  const _globalPerezoso = () => (_globalHecho ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);',
      ],
      ['\n    _global,\n', '\n    get _global() {\n      return _globalPerezoso();\n    },\n'],
      [
        "import { createTokenDictionary } from './token-dictionary.js';",
        "import { createTokenDictionaryPorFases } from './token-dictionary.js';",
      ],
      ['function createSystem(...configs) {', 'function* createSystemPorFases(...configs) {'],
      ['const config = mergeConfigs(...configs);', 'const config = mergeConfigs(...configs);\n  yield;'],
      ['const tokens = createTokenDictionary({', 'const tokens = yield* createTokenDictionaryPorFases({'],
      [
        'const utility = createUtility({\n    config: utilities,\n    tokens\n  });',
        'const utility = createUtility({\n    config: utilities,\n    tokens\n  });\n  yield;',
      ],
      [
        'export { createSystem, isValidSystem };',
        `${EJECUTAR}\nfunction createSystem(...configs) {\n  return ejecutarFases(createSystemPorFases(...configs));\n}\ncreateSystem.porFases = createSystemPorFases;\nexport { createSystem, isValidSystem };`,
      ],
    ],
    error,
  );
}

function diccionarioPorFases(codigo, error) {
  return reemplazar(
    codigo,
    [
      ['function createTokenDictionary(options) {', 'function* createTokenDictionaryPorFases(options) {'],
      [
        '  function build() {\n    applyMiddlewares("pre");\n    applyTransforms("pre");\n    addConditionalTokens();\n    addReferences();\n    expandTokenReferences$1();\n    applyMiddlewares("post");\n    applyTransforms("post");\n    setupViews();\n  }',
        '  function* build() {\n    applyMiddlewares("pre");\n    applyTransforms("pre");\n    yield;\n    addConditionalTokens();\n    addReferences();\n    expandTokenReferences$1();\n    yield;\n    applyMiddlewares("post");\n    applyTransforms("post");\n    yield;\n    setupViews();\n  }',
      ],
      [
        '  registerTokens();\n  registerTransform(...tokenTransforms);',
        '  registerTokens();\n  yield;\n  registerTransform(...tokenTransforms);',
      ],
      ['  build();\n  return dictionary;', '  yield* build();\n  yield;\n  return dictionary;'],
      [
        'export { createTokenDictionary, tokenCategories };',
        `${EJECUTAR}\nfunction createTokenDictionary(options) {\n  return ejecutarFases(createTokenDictionaryPorFases(options));\n}\nexport { createTokenDictionary, createTokenDictionaryPorFases, tokenCategories };`,
      ],
    ],
    error,
  );
}

export function chakraPorFases() {
  return {
    name: 'alta:chakra-por-fases',
    apply: 'build',
    transform(codigo, id) {
      const archivo = id.split('?')[0];
      const error = (mensaje) => this.error(mensaje);
      if (SISTEMA.test(archivo)) return sistemaPorFases(codigo, error);
      if (DICCIONARIO.test(archivo)) return diccionarioPorFases(codigo, error);
      return null;
    },
  };
}
