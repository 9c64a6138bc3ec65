// Build-only transform of Chakra's createSystem (pinned 3.37): its `_global` — the preflight,
// the global CSS and every token's CSS variable, turned into style objects — is built on demand
// instead of eagerly. The built pages already carry that CSS (scripts/build-prerender.mjs) and
// the app's provider never asks for it, which saves ~100 ms of blocking time on a phone at start.
// If Chakra's code changes shape, the build fails here rather than silently losing the saving.
const ARCHIVO = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const ANSIOSO = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const DEVUELTO = /\n(\s*)_global,\n/;

export function chakraGlobalPerezoso() {
  return {
    name: 'alta:chakra-global-perezoso',
    apply: 'build',
    transform(codigo, id) {
      if (!ARCHIVO.test(id.split('?')[0])) return null;
      if (!codigo.includes(ANSIOSO) || !DEVUELTO.test(codigo)) {
        this.error('Chakra createSystem changed shape: update scripts/build-chakra.mjs');
      }
      return codigo
        .replace(ANSIOSO, 'let _globalHecho;\n  const _globalPerezoso = () => (_globalHecho ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);')
        .replace(DEVUELTO, '\n$1get _global() {\n$1  return _globalPerezoso();\n$1},\n');
    },
  };
}
