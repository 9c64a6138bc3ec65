export const RUTAS_PRERENDERIZADAS: string[];
/** Renders each prerendered route of the built SPA in `salida` into <ruta>/index.html. */
export function prerenderizarRutas(opciones: { raiz: string; salida: string }): Promise<void>;
