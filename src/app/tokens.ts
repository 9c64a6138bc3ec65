// Pure trimming of Chakra's default tokens (see sistema.ts): fewer tokens, less start-up work.

const PALETAS_DE_CHAKRA = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'];

/** Whether a token (its strings, at any depth) names `{colors.<palette>…}` of a palette not kept. */
function usaOtraPaleta(valor: unknown, fuera: RegExp): boolean {
  if (typeof valor === 'string') return fuera.test(valor);
  if (typeof valor !== 'object' || valor === null) return false;
  return Object.values(valor).some((v) => usaOtraPaleta(v, fuera));
}

const esToken = (v: unknown) => typeof v === 'object' && v !== null && 'value' in v;
const esGrupo = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !('value' in v);

/**
 * The colour tokens without the palettes not listed: a palette's own group goes, and so does
 * any other token (bg.success, fg.warning…) that refers to one, so no reference dangles.
 */
export function soloPaletas<T extends Record<string, unknown>>(colores: T, paletas: readonly string[]): T {
  const fuera = PALETAS_DE_CHAKRA.filter((p) => !paletas.includes(p));
  const referencia = new RegExp(`\\{colors\\.(?:${fuera.join('|')})\\.`);
  const recortar = (arbol: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(arbol)
        .filter(([clave, valor]) => !fuera.includes(clave) && !(esToken(valor) && usaOtraPaleta(valor, referencia)))
        .map(([clave, valor]) => [clave, esGrupo(valor) ? recortar(valor) : valor]),
    );
  return recortar(colores) as T;
}

/** Semantic tokens with their light value only: `{ _light: a, _dark: b }` becomes `a`. */
export function soloClaro<T>(arbol: T): T {
  if (typeof arbol !== 'object' || arbol === null) return arbol;
  const o = arbol as Record<string, unknown>;
  if ('value' in o) {
    const v = o.value as Record<string, unknown> | null;
    return (typeof v === 'object' && v !== null && '_light' in v ? { ...o, value: v._light } : o) as T;
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, soloClaro(v)])) as T;
}
