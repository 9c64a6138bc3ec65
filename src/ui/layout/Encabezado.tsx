// The header bar of every page (producto §2), with a skip link to the page's main content.
import { Box, Link, chakra } from '@chakra-ui/react';

export function Encabezado() {
  return (
    <chakra.header bg="#0b4f8a" color="white" px={{ base: '4', md: '8' }} py="3">
      <Link
        href="#contenido"
        position="absolute"
        left="-9999px"
        _focus={{ left: '2', top: '2', bg: 'white', color: 'black', px: '3', py: '2', zIndex: 'skipNav' }}
      >
        Saltar al contenido
      </Link>
      <Box maxW="4xl" mx="auto" fontSize={{ base: 'lg', md: 'xl' }} fontWeight="bold">
        Prestadores/Inscripción
      </Box>
    </chakra.header>
  );
}
