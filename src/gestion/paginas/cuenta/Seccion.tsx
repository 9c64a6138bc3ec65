// One part of Mi cuenta (producto §16): a region named by its heading, so a screen reader's list of
// landmarks and headings leads straight to "Cambiar contraseña", "Segundo factor", etc.
import { chakra } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

export function Seccion({ titulo, children }: { titulo: string; children: ReactNode }) {
  const id = useId();
  return (
    <chakra.section aria-labelledby={id} maxW="xl" mt="8">
      <chakra.h2 id={id} fontSize="lg" fontWeight="semibold" mb="2">
        {titulo}
      </chakra.h2>
      {children}
    </chakra.section>
  );
}
