/** Renders each page of PAGINAS for the built SPA in `salida` into <ruta>/index.html. */
export function prerenderizarRutas(opciones: {
  raiz: string;
  salida: string;
  /** The public base path, ending in '/'. */
  base: string;
  /** Rollup's output bundle of the client build (chunk names and their imports). */
  bundle: Record<string, { type: string; fileName: string; facadeModuleId?: string | null; imports?: string[] }>;
}): Promise<void>;
