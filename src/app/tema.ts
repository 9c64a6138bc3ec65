// Chakra's theme trimmed to what this app renders: createSystem's start-up work (the main
// blocking time on a phone) and the bundle grow with every recipe and every token. Add a recipe
// here when a new Chakra component is used, or it renders unstyled; add a palette to PALETAS
// before using a new colorPalette or colour token.
import { defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { soloClaro, soloPaletas } from './tokens.js';

// The palettes the screens use (colorPalette and colour tokens); the other six cost about
// 40 % of createSystem.
const PALETAS = ['gray', 'red', 'blue', 'yellow'] as const;

// A solid button's hover darkens its colour instead of fading it to 90 %: white on a faded
// blue.600 was 4.31:1, under WCAG AA's 4.5:1; darkened by 15 % it is about 6.6:1.
const OSCURECIDO = 'color-mix(in srgb, {colors.colorPalette.solid} 85%, black)';
// On a phone (below md, producto §12) every control is at least 44 × 44 CSS px to tap. Set inside
// each size (the sizes set min-width themselves and come after the base), so it wins there.
const TACTIL = { mdDown: { minH: '44px', minW: '44px' } } as const;
const ALTO_TACTIL = { mdDown: { minH: '44px' } } as const;
// A focused field's outline (producto §12): the brand blue, 2 px, at least 3:1 against white
// (about 8.6:1); Chakra's grey one (gray.400) was 2.5:1 and 1 px.
const FOCO = '#0b4f8a';
const FOCO_CAMPO = { focusRingWidth: '2px', '--focus-color': FOCO } as const;

const conTactil = <T extends Record<string, unknown>>(tamanios: T | undefined): T =>
  Object.fromEntries(
    Object.entries(tamanios ?? {}).map(([k, v]) => [k, { ...(v as object), ...TACTIL }]),
  ) as T;

const boton = {
  ...buttonRecipe,
  variants: {
    ...buttonRecipe.variants,
    size: conTactil(buttonRecipe.variants?.size),
    variant: {
      ...buttonRecipe.variants?.variant,
      solid: {
        ...buttonRecipe.variants?.variant?.solid,
        _hover: { bg: OSCURECIDO },
        _expanded: { bg: OSCURECIDO },
      },
    },
  },
};

// A link is 44 px tall to tap on a phone, with negative margins that give the line back its own
// height: a link inside a sentence does not spread the text apart.
const enlace = {
  ...linkRecipe,
  base: { ...linkRecipe.base, mdDown: { minH: '44px', marginBlock: 'calc((1lh - 44px) / 2)' } },
};

const campo = { ...inputRecipe, base: { ...inputRecipe.base, ...FOCO_CAMPO, ...ALTO_TACTIL } };
const areaDeTexto = {
  ...textareaRecipe,
  base: { ...textareaRecipe.base, ...FOCO_CAMPO },
  variants: {
    ...textareaRecipe.variants,
    variant: {
      ...textareaRecipe.variants?.variant,
      outline: { ...textareaRecipe.variants?.variant?.outline, focusRingColor: FOCO },
    },
  },
};
const selectorNativo = {
  ...nativeSelectSlotRecipe,
  base: {
    ...nativeSelectSlotRecipe.base,
    field: {
      ...nativeSelectSlotRecipe.base?.field,
      focusRingWidth: '2px',
      focusRingColor: FOCO,
      ...ALTO_TACTIL,
    },
  },
};
// A radio's or a checkbox's label is what a finger taps: the whole row is the target.
const casilla = {
  ...checkboxSlotRecipe,
  base: { ...checkboxSlotRecipe.base, root: { ...checkboxSlotRecipe.base?.root, ...ALTO_TACTIL } },
};
const grupoDeOpciones = {
  ...radioGroupSlotRecipe,
  base: { ...radioGroupSlotRecipe.base, item: { ...radioGroupSlotRecipe.base?.item, ...ALTO_TACTIL } },
};

// Chakra's global CSS declares some 25 custom properties on every element (`*`): the defaults of
// its ring and filter utilities' "auto" values, which no screen here uses, and three aliases of
// theme tokens. Custom properties declared on `*` give each element its own set to compute at
// every style recalculation; the aliases are declared once on `html` and inherited instead (light
// mode only, so nothing below redefines the tokens they name). Put a utility's defaults back here
// before using `filter="auto"`, `backdropFilter="auto"` or a ring utility.
const { '*': todos = {}, html: raiz = {}, ...restoGlobal } = globalCss ?? {};
const ALIAS_GLOBALES = ['--global-font-mono', '--global-font-body', '--global-color-border'] as const;
const cssGlobal: typeof globalCss = {
  ...restoGlobal,
  '*': { fontFeatureSettings: todos.fontFeatureSettings },
  html: { ...raiz, ...Object.fromEntries(ALIAS_GLOBALES.map((clave) => [clave, todos[clave]])) },
};

/** Chakra's grey focus ring (gray.400, 2.5:1 on white) becomes the brand blue everywhere it is used. */
function conFocoVisible<T extends Record<string, unknown>>(colores: T): T {
  const gris = colores.gray as Record<string, unknown> | undefined;
  return gris ? { ...colores, gray: { ...gris, focusRing: { value: FOCO } } } : colores;
}

export const tema = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...cssGlobal,
    // Visible focus everywhere (WCAG 2.4.7), not only where a recipe sets it.
    ':focus-visible': { outline: '3px solid #0b4f8a', outlineOffset: '2px' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: soloPaletas(tokens.colors ?? {}, PALETAS) },
    // Light mode only (no colour-mode switch): the dark values would only be built and shipped.
    semanticTokens: soloClaro({
      ...semanticTokens,
      colors: conFocoVisible(soloPaletas(semanticTokens.colors ?? {}, PALETAS)),
    }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      button: boton,
      heading: headingRecipe,
      input: campo,
      link: enlace,
      spinner: spinnerRecipe,
      textarea: areaDeTexto,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      checkbox: casilla,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: selectorNativo,
      progress: progressSlotRecipe,
      radioGroup: grupoDeOpciones,
    },
  },
});
