// Every page's frame: header bar, the page as <main>, footer with the logos, and the snackbar.
import { Box, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Snackbar } from '../snackbar/Snackbar.js';
import { Encabezado } from './Encabezado.js';
import { PiePagina } from './PiePagina.js';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <Encabezado />
      <chakra.main id="contenido" tabIndex={-1} flex="1" w="full" maxW="4xl" mx="auto" px={{ base: '3', md: '8' }} py="6" outline="none">
        {children}
      </chakra.main>
      <PiePagina />
      <Snackbar />
    </Box>
  );
}
