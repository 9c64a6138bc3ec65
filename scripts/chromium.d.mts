// Types for chromium.mjs (plain JavaScript: `npm test` runs it before any TypeScript loader).
export declare const CHROMIUM: string;
export declare const CHROMIUM_PRUEBAS: string;
export declare function asegurarChromium(): boolean;
