// The providers every page needs: Chakra with the trimmed system, light colour mode only.
// In the built app every HTML page already carries Chakra's global CSS (preflight, global
// styles, the tokens' variables — scripts/build-prerender.mjs), so the provider gets a system
// whose global styles are empty: building and serialising them again cost ~100 ms of blocking
// time on a phone. The prerender (Node) and the dev server and tests keep the whole system.
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { obtenerSistema } from './sistema.js';

const globalEnLaPagina = import.meta.env.PROD && typeof document !== 'undefined';
let valor: SystemContext | undefined;

function valorDelSistema(): SystemContext {
  const sistema = obtenerSistema();
  valor ??= globalEnLaPagina ? (Object.create(sistema, { _global: { value: [] } }) as SystemContext) : sistema;
  return valor;
}

export function Proveedores({ children }: { children: ReactNode }) {
  return <ChakraProvider value={valorDelSistema()}>{children}</ChakraProvider>;
}
