import type { Plugin } from 'vite';
/**
 * Build-only transforms of Chakra's createSystem: global CSS objects built only when asked for,
 * and `createSystem.porFases`, a generator that stops between the system's building phases.
 */
export function chakraPorFases(): Plugin;
