// Being built for issue 13 (producto §11).
import { Heading } from '@chakra-ui/react';
import { TEXTOS_SEGUIMIENTO } from '../../../domain/index.js';

export default function Estado() {
  return (
    <Heading as="h1" size="xl">
      {TEXTOS_SEGUIMIENTO.tituloEstado}
    </Heading>
  );
}
