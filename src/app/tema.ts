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
const boton = {
  ...buttonRecipe,
  variants: {
    ...buttonRecipe.variants,
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

export const tema = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
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
      colors: soloPaletas(semanticTokens.colors ?? {}, PALETAS),
    }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      button: boton,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
    },
  },
});
