import type { Plugin } from 'vite';
/** Makes Chakra's system build its global CSS objects only when asked for (build only). */
export function chakraGlobalPerezoso(): Plugin;
