// The providers every page needs: Chakra with the trimmed system (light colour mode only).
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { sistema } from './sistema.js';

export function Proveedores({ children }: { children: ReactNode }) {
  return <ChakraProvider value={sistema}>{children}</ChakraProvider>;
}
