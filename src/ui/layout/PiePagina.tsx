// The footer of every page: the association, its mutual and the management service (producto §2).
// Plain SVG files with their size set, so they are cached and shift nothing while loading.
import { Flex, Image, chakra } from '@chakra-ui/react';

const LOGOS = [
  { src: '/logos/amr.svg', alt: 'Asociación Médica de Rosario' },
  { src: '/logos/mutual.svg', alt: 'Mutual de la Asociación Médica de Rosario' },
  { src: '/logos/gestion.svg', alt: 'Servicio de Gestión de Prestaciones' },
] as const;

export function PiePagina() {
  return (
    <chakra.footer borderTopWidth="1px" borderColor="gray.300" bg="gray.50" px="4" py="4" mt="8">
      <Flex maxW="4xl" mx="auto" gap="4" justify="center" wrap="wrap">
        {LOGOS.map((l) => (
          <Image key={l.src} src={l.src} alt={l.alt} width="120px" height="36px" loading="lazy" />
        ))}
      </Flex>
    </chakra.footer>
  );
}
